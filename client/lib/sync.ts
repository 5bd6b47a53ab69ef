import { useSyncExternalStore } from 'react'
import type { TFunction } from 'i18next'
import { formatTime, type FormatLanguage } from '../../shared/format'
import { currentLanguage } from './i18n'
import { checkLostDevice, reportDevice } from './device'
import { hasOfflineDb, offlineDb } from './offline-db'
import { SyncEngine, networkUp, type SyncStatus } from './sync-engine'

let engine: { userId: string; engine: SyncEngine } | null = null

/** The signed-in user's sync engine (one per page). */
export function syncEngine(userId: string): SyncEngine {
  if (engine?.userId !== userId) {
    engine?.engine.stop()
    const db = offlineDb(userId)
    engine = {
      userId,
      engine: new SyncEngine(db, `saljkraft-sync-${userId}`, {
        language: currentLanguage,
        // The installation reports itself after a sync, and asks whether it was marked lost when its session ends.
        onSynced: () => void reportDevice(db, currentLanguage()).catch(() => undefined),
        onSessionEnded: () => void checkLostDevice(currentLanguage()).catch(() => undefined),
      }),
    }
  }
  return engine.engine
}

const OFFLINE_STATUS: SyncStatus = { online: true, syncing: false, counted: true, pending: 0, rejected: 0, lastSyncedAt: null, failure: null }
const noop = () => () => {}

export function useSyncStatus(e: SyncEngine | null): SyncStatus {
  return useSyncExternalStore(e?.subscribe ?? noop, e?.getStatus ?? (() => OFFLINE_STATUS))
}

/** The sync state in words: offline, syncing, synced at hh:mm, or not synced yet. */
export function syncStateText(status: SyncStatus, t: TFunction, lang: FormatLanguage): string {
  if (!status.online) return t('syncStatus.offline')
  if (status.syncing) return t('syncStatus.syncing')
  return status.lastSyncedAt ? t('syncStatus.syncedAt', { time: formatTime(status.lastSyncedAt, lang) }) : t('syncStatus.never')
}

/** How long signing out waits for the changes to go (a network that hangs must not keep the person in). */
const SEND_BEFORE_SIGN_OUT_MS = 15_000

export type Unsent = { pending: number; rejected: number; offline: boolean }

/**
 * What signing out now would leave unsent on this device: waiting changes are sent first when the network allows
 * (waited for up to 15 s), then counted with the refused ones still waiting for the person. Null when nothing is
 * left. Both stay in the person's store on this device, sent when they sign in here again (issue 78).
 */
export async function unsentBeforeSignOut(userId: string, onSending?: () => void): Promise<Unsent | null> {
  if (!(await hasOfflineDb(userId))) return null
  const e = syncEngine(userId)
  await e.refreshCounts()
  if (e.getStatus().pending > 0 && networkUp()) {
    onSending?.()
    let timer: ReturnType<typeof setTimeout> | undefined
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, SEND_BEFORE_SIGN_OUT_MS)))
    await Promise.race([e.syncNow(), waited]).finally(() => clearTimeout(timer))
    await e.refreshCounts()
  }
  const { pending, rejected, online } = e.getStatus()
  if (pending === 0 && rejected === 0) return null
  return { pending, rejected, offline: !online || !networkUp() }
}
