import { formatDate, formatTime, type FormatLanguage } from '../../shared/format'
import type { DeviceReport, DeviceReportAnswer, LostWork } from '../../shared/schemas/devices'
import { confirm } from './confirm-store'
import { ensureSalesMessages, i18n } from './i18n'
import { INSTALLATION_KEY as KEY } from './installation'
import { closeOfflineDb, outboxCounts, syncMeta, type OfflineDb } from './offline-db'
import { setOrganisationPositions } from './position'

/**
 * This installation of the app as the server knows it (docs/decisions/072): an id and a secret made once, a report
 * after a sync (what the browser can tell, the storage, what waits), and the wipe of a device marked lost — asked at
 * each report, and without a session when the session has ended (a lost device's is ended at once).
 */

/** A report at most this often, unless what waits on the device changed. */
const REPORT_EVERY_MS = 10 * 60_000

type Installation = { deviceId: string; key: string }

function installation(create: boolean): Installation | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Installation | null
    if (stored?.deviceId && stored.key) return stored
    if (!create) return null
    const bytes = crypto.getRandomValues(new Uint8Array(32))
    const made = {
      deviceId: crypto.randomUUID(),
      key: btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, ''),
    }
    localStorage.setItem(KEY, JSON.stringify(made))
    return made
  } catch {
    return null
  }
}

type UaData = { getHighEntropyValues?: (hints: string[]) => Promise<{ model?: string; platform?: string; platformVersion?: string; mobile?: boolean }> }

async function hints(): Promise<DeviceReport['hints']> {
  const ua = (navigator as Navigator & { userAgentData?: UaData }).userAgentData
  try {
    const v = await ua?.getHighEntropyValues?.(['model', 'platformVersion'])
    if (!v) return undefined
    return {
      model: v.model?.slice(0, 80) || null,
      platform: v.platform?.slice(0, 40) || null,
      platformVersion: v.platformVersion?.slice(0, 40) || null,
      mobile: v.mobile ?? null,
    }
  } catch {
    return undefined
  }
}

async function storage(): Promise<DeviceReport['storage']> {
  try {
    const [estimate, persisted] = await Promise.all([navigator.storage?.estimate?.(), navigator.storage?.persisted?.()])
    return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted: persisted ?? null }
  } catch {
    return undefined
  }
}

async function post(path: string, body: unknown, language: string): Promise<DeviceReportAnswer | null> {
  try {
    const res = await fetch(`/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': language },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    })
    return res.ok ? ((await res.json()) as DeviceReportAnswer) : null
  } catch {
    return null
  }
}

let lastReport = { at: 0, pending: -1 }

/** After a sync: what this installation is and holds. A device marked lost is answered with its wipe. */
export async function reportDevice(db: OfflineDb, language: string): Promise<void> {
  const [meta, counts] = await Promise.all([syncMeta(db), outboxCounts(db)])
  if (Date.now() - lastReport.at < REPORT_EVERY_MS && counts.pending === lastReport.pending) return
  const me = installation(true)
  if (!me) return
  const report: DeviceReport = {
    ...me,
    appVersion: import.meta.env.VITE_APP_VERSION,
    hints: await hints(),
    storage: await storage(),
    lastSyncAt: meta.lastSyncedAt,
    storeId: meta.clientId,
    pending: counts.pending,
  }
  const answer = await post('/devices/report', report, language)
  if (!answer) return
  lastReport = { at: Date.now(), pending: counts.pending }
  if (answer.wipe) return wipeDevice()
  if (answer.positions !== undefined) setOrganisationPositions(answer.positions)
  if (answer.lostWork) await tellLostWork(answer.lostWork, language)
}

/**
 * The browser emptied this device's store while changes waited on it (docs/decisions/090): said, instead of the app
 * starting empty as if nothing had been there. The server tells it once.
 */
async function tellLostWork(lost: LostWork, language: string): Promise<void> {
  await ensureSalesMessages()
  const lang = language as FormatLanguage
  const time = `${formatDate(lost.lastContactAt, lang)} ${formatTime(lost.lastContactAt, lang)}`
  await confirm({
    title: i18n.t('storeLost.title'),
    text: i18n.t('storeLost.text', { count: lost.pending, time }),
    confirmLabel: i18n.t('storeLost.ok'),
  })
}

/** Without a session (it ended, or the app starts signed out): was this installation marked lost? */
export async function checkLostDevice(language: string): Promise<void> {
  const me = installation(false)
  if (!me) return
  const answer = await post('/devices/check', me, language)
  if (answer?.wipe) await wipeDevice()
}

/**
 * Deletes what the app keeps on this device: every person's device store (sales, time, files waiting), the
 * browser storage (the signed-in user, preferences, this installation's id) and the caches; then the sign-in screen
 * says why. The app itself (its code) stays installed.
 */
export async function wipeDevice(): Promise<void> {
  closeOfflineDb()
  const names = new Set<string>()
  try {
    for (const d of (await indexedDB.databases?.()) ?? []) if (d.name?.startsWith('saljkraft')) names.add(d.name)
  } catch {
    // indexedDB.databases() is missing in older browsers: the signed-in user's store below
  }
  try {
    const userData = JSON.parse(localStorage.getItem('userData') ?? 'null') as { id?: string } | null
    if (userData?.id) names.add(`saljkraft-${userData.id}`)
  } catch {
    // unreadable user data: nothing more to name
  }
  await Promise.all(
    [...names].map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(name)
          request.onsuccess = request.onerror = request.onblocked = () => resolve()
        }),
    ),
  )
  try {
    // The app's own code (the precache) stays: the app remains installed, without anyone's data.
    for (const key of (await caches?.keys?.()) ?? []) if (!key.includes('precache')) await caches.delete(key)
  } catch {
    // no Cache Storage here
  }
  localStorage.clear()
  sessionStorage.clear()
  window.location.replace('/login?wiped=1')
}
