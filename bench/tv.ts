import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright'
import { REALTIME_EVENTS, wire } from '../shared/realtime'
import { DISPLAY_SCENES } from '../shared/rules/displays'
import type { DisplayPairing, DisplayView } from '../shared/schemas/displays'
import { SYNC_SCHEMA_VERSION } from '../shared/schemas/sync'
import { personalNumberOf } from '../shared/rules/identity'
import { saleArgs } from '../server/test/fixtures'
import { rawSocket } from '../server/test/realtime-socket'
import { chromiumLaunchOptions } from '../scripts/chromium'
import { percentile, reportTargets, sized, SMOKE } from './lib'

/**
 * `npm run bench:tv` — the office screens (issue 76, docs/decisions/101) on a server of their own (the built app, on a
 * copy of the SQLite data set in DATA_DIR — the large one after `npm run seed -- --scale large` — or the demo's):
 *   1. SCREENS screens paired to the demo's offices, all asking how they stand at once and then reading their scenes
 *      at once (a restart of the server: every screen back in the same second): p50/p95 and the server's CPU per
 *      request;
 *   2. the newsflash: FLASHES sales approved one after another by back office while a screen of the seller's office
 *      listens on its channel (a bare Pusher client, signed by the display auth endpoint): the time from the
 *      approval's answer to the flash on the socket, p50/p95;
 *   3. revocation: the time until the screen's channel says so, and until its status answers `revoked`;
 *   4. the soak: a kiosk (Chromium) showing every scene at 5 s each, its clock run forward SOAK_HOURS (24) hours in
 *      one-minute steps, a newsflash every simulated 20 minutes; the page's JS heap, DOM nodes and listeners after a
 *      garbage collection at the first and the last hour.
 * Targets: 200 screens at their own pace (status every 10 s, scenes every minute) under 5 % of one core; all at once
 * (a restart: everything cold, one thread answering them in turn) status p95 under 250 ms and scenes p95 under 2 s;
 * newsflash p95 under 2 s, revocation under 5 s,
 * the soak's heap growth under 10 % with nodes and listeners flat (within 5 %). Needs `npm run build` first.
 */
if (!fs.existsSync('dist-server/index.mjs')) throw new Error('Build first: npm run build')
const SCREENS = sized(200, 5)
const FLASHES = sized(30, 3)
const SOAK_HOURS = sized(24, 1)
const PORT = 5_790
const origin = `http://127.0.0.1:${PORT}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-bench-tv-'))
// eslint-disable-next-line no-restricted-properties -- a benchmark: the data set to measure on
const source = process.env.DATA_DIR
// On a copy of the data set given (the large one: `npm run seed -- --scale large`), else on the demo's.
if (source) for (const f of fs.readdirSync(source)) if (f.startsWith('saljkraft.sqlite')) fs.copyFileSync(path.join(source, f), path.join(dataDir, f))

const server: ChildProcess = spawn('node', ['dist-server/index.mjs'], {
  env: {
    // eslint-disable-next-line no-restricted-properties -- pass the environment on to the server
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_MODE: source ? 'false' : 'true',
    SCRYPT_LOG_N: '10',
    TRUST_PROXY: 'true',
  },
  stdio: 'ignore',
  detached: true,
})
/** The server's CPU time so far (user + system), ms. */
const cpuMs = () => {
  const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}
const now = () => performance.timeOrigin + performance.now()
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b)
const ms = (x: number) => `${x.toFixed(0)} ms`
const notMet: string[] = []

async function api(pathName: string, init: { method?: string; cookie?: string; auth?: string; body?: unknown; from?: string } = {}) {
  const headers: Record<string, string> = { origin, 'content-type': 'application/json', 'x-forwarded-for': init.from ?? '10.255.0.1' }
  if (init.cookie) headers.cookie = init.cookie
  if (init.auth) headers.authorization = init.auth
  const res = await fetch(`${origin}${pathName}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${pathName}: ${res.status} ${text.slice(0, 200)}`)
  return { res, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}
async function signIn(email: string) {
  const { res } = await api('/api/auth/login', { method: 'POST', body: { email, password: 'saljkraft-demo' } })
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!
}
const scenes = DISPLAY_SCENES.map((scene) => ({ scene, seconds: 5 }))
let nextAddress = 0
/** Each kiosk from an address of its own (the server trusts the proxy's header here), as screens in many offices are. */
const kioskAddress = () => `10.${(++nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`

/** A kiosk asks for a code and the admin pairs it: its credential. */
async function pairedScreen(cookie: string, officeId: string, name: string) {
  const k = (await api('/api/public/displays', { method: 'POST', from: kioskAddress() })).json as unknown as DisplayPairing
  const paired = (await api('/api/displays/pair', { method: 'POST', cookie, body: { code: k.code, name, officeId, teamIds: [], scenes } }))
    .json as unknown as DisplayView
  return { id: k.id, secret: k.secret, auth: `Display ${k.id}.${k.secret}`, version: paired.version }
}

/** Every screen asks at once; the time each waited, and the server's CPU per request. */
async function allAtOnce(auths: string[], pathName: string) {
  const before = cpuMs()
  const times = await Promise.all(
    auths.map(async (auth) => {
      const start = now()
      await api(pathName, { auth })
      return now() - start
    }),
  )
  return { times: sorted(times), cpuPerRequest: (cpuMs() - before) / auths.length }
}

try {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  const admin = await signIn('admin@demo.test')
  const offices = ((await api('/api/lookups/offices', { cookie: admin })).json as { items: Array<{ id: string; label: string }> }).items
  const seller = await signIn('seller@demo.test')
  const me = (await api('/api/auth/me', { cookie: seller })).json as { userData: { officeId: string | null; teamIds: string[] } }
  const teams = ((await api(`/api/lookups/teams?ids=${me.userData.teamIds.join(',')}`, { cookie: admin })).json as { items: Array<{ hint: string }> }).items
  const sellerOffice = offices.find((o) => o.id === me.userData.officeId || o.label === teams[0]?.hint)!
  console.log(
    `bench:tv — ${source ? `a copy of ${source}` : 'the demo data'}: ${SCREENS} screens on ${offices.length} offices, ${FLASHES} newsflashes, a ${SOAK_HOURS} h soak; ${os.cpus().length} cores`,
  )

  // 1. Screens all at once.
  const screens: Array<Awaited<ReturnType<typeof pairedScreen>>> = []
  for (let i = 0; i < SCREENS; i++) {
    if (i > 0 && i % 25 === 0) await api('/api/displays', { cookie: admin }) // the list, as an admin watches it grow
    screens.push(await pairedScreen(admin, offices[i % offices.length]!.id, `Skärm ${i + 1}`))
  }
  const auths = screens.map((s) => s.auth)
  await allAtOnce(auths, '/api/display/status') // warm
  const status = await allAtOnce(auths, '/api/display/status')
  const scenesRead = await allAtOnce(auths, '/api/display/scenes')
  for (const [name, r] of [
    ['status', status],
    ['scenes', scenesRead],
  ] as const) {
    const p95 = percentile(r.times, 95)
    console.log(
      `  ${name.padEnd(7)} all ${SCREENS} at once: p50 ${ms(percentile(r.times, 50))}, p95 ${ms(p95)}; server CPU ${r.cpuPerRequest.toFixed(2)} ms/request`,
    )
    const target = name === 'status' ? 250 : 2_000
    if (p95 >= target) notMet.push(`${name} p95 ${ms(p95)} at ${SCREENS} screens at once (target < ${target} ms)`)
  }
  // At their own pace (status every 10 s, scenes every minute) the screens cost the server this share of one core.
  const share = (SCREENS / 10) * status.cpuPerRequest + (SCREENS / 60) * scenesRead.cpuPerRequest
  console.log(`  at their own pace (status every 10 s, scenes every minute): ${(share / 10).toFixed(2)} % of one core`)
  if (share / 10 >= 5) notMet.push(`${SCREENS} screens at their own pace take ${(share / 10).toFixed(2)} % of one core (target < 5 %)`)

  // 2. Newsflashes on a screen of the seller's office.
  const watched = await pairedScreen(admin, sellerOffice.id, 'Lyssnar')
  const config = (await api('/api/display/realtime', { auth: watched.auth })).json as { key: string }
  const socket = await rawSocket(PORT, config.key)
  const channel = wire.display(watched.id)
  const signed = await fetch(`${origin}/api/display/broadcasting/auth`, {
    method: 'POST',
    headers: { origin, authorization: watched.auth, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ socket_id: socket.socketId, channel_name: channel }).toString(),
  })
  socket.send({ event: 'pusher:subscribe', data: { channel, auth: ((await signed.json()) as { auth: string }).auth } })
  await socket.next('pusher_internal:subscription_succeeded')
  const backoffice = await signIn('backoffice@demo.test')
  const pulled = (await api('/api/sync/pull', { method: 'POST', cookie: seller, body: { clientId: randomUUID(), cookie: null } })).json as {
    patch: Array<{ table: string; value?: { id: string; providerId: string; active?: boolean } }>
  }
  const product = pulled.patch.find((p) => p.table === 'products' && p.value)!.value!
  const clientId = randomUUID()
  let seq = 0
  const customers = Array.from({ length: FLASHES + SOAK_HOURS * 3 + 1 }, (_, i) => personalNumberOf('19610204', String(100 + i).padStart(3, '0')))
  /** The seller's phone sends a sale and back office approves it. */
  async function approvedSale() {
    const args = saleArgs({ providerId: product.providerId, products: [{ productId: product.id, quantity: 1 }] }, { customerSsn: customers[seq]! })
    await api('/api/sync/push', {
      method: 'POST',
      cookie: seller,
      body: { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ name: 'createSale', args, seq: ++seq, createdAt: Date.now() }] },
    })
    const sale = (await api(`/api/sale-reports/${args.id}`, { cookie: backoffice })).json as { version: number }
    await api(`/api/sale-reports/${args.id}/status`, { method: 'POST', cookie: backoffice, body: { status: 'approved', version: sale.version } })
  }
  const flashTimes: number[] = []
  for (let i = 0; i < FLASHES; i++) {
    await approvedSale()
    const answered = now()
    await socket.next(REALTIME_EVENTS.displayNewsflash)
    flashTimes.push(now() - answered)
  }
  const flashes = sorted(flashTimes)
  console.log(`  newsflash after the approval's answer: p50 ${ms(percentile(flashes, 50))}, p95 ${ms(percentile(flashes, 95))} (${FLASHES} sales)`)
  if (percentile(flashes, 95) >= 2_000) notMet.push(`newsflash p95 ${ms(percentile(flashes, 95))} (target < 2 s)`)

  // 3. Revocation.
  const revokedAt = now()
  await api(`/api/displays/${watched.id}/revoke`, { method: 'POST', cookie: admin, body: { version: watched.version } })
  await socket.next(REALTIME_EVENTS.displayChanged)
  const told = now() - revokedAt
  let stateRevoked = 0
  for (;;) {
    const s = (await api('/api/display/status', { auth: watched.auth })).json as { state: string }
    if (s.state === 'revoked') break
    await new Promise((r) => setTimeout(r, 50))
  }
  stateRevoked = now() - revokedAt
  console.log(`  revocation: the channel says so after ${ms(told)}, the status after ${ms(stateRevoked)}`)
  if (Math.max(told, stateRevoked) >= 5_000) notMet.push(`revocation after ${ms(Math.max(told, stateRevoked))} (target < 5 s)`)
  socket.ws.close()

  // 4. The soak.
  const soak = await pairedScreen(admin, sellerOffice.id, 'Soak')
  const browser = await chromium.launch(chromiumLaunchOptions('shell'))
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'sv-SE', serviceWorkers: 'block', baseURL: origin })
  await context.addInitScript((kept) => localStorage.setItem('saljkraft.display', kept), JSON.stringify({ id: soak.id, secret: soak.secret }))
  const page = await context.newPage()
  await page.clock.install()
  await page.goto('/tv')
  await page.getByTestId('tv-scene').waitFor()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  // Measured on the same scene each time (each scene has its own number of nodes), the office's day, with no flash
  // over it.
  const settled = async () =>
    (await page.getByTestId('tv-scene').getAttribute('data-scene')) === 'office_day' && (await page.getByTestId('tv-newsflash').count()) === 0
  const measure = async () => {
    for (let s = 0; s < 120 && !(await settled()); s++) await page.clock.runFor(1_000)
    await cdp.send('HeapProfiler.collectGarbage')
    const { metrics } = await cdp.send('Performance.getMetrics')
    const m = new Map(metrics.map((x) => [x.name, x.value]))
    return { heapMb: m.get('JSHeapUsedSize')! / 1024 / 1024, nodes: m.get('Nodes')!, listeners: m.get('JSEventListeners')! }
  }
  let first: Awaited<ReturnType<typeof measure>> | null = null
  let soakFlashes = 0
  const soakStart = now()
  // The heap every simulated hour (without a collection): where it went if the page dies.
  const hourly: number[] = []
  let reached = 0
  page.on('crash', () => console.log(`  soak: the page crashed at minute ${reached}; heap by hour ${hourly.map((h) => h.toFixed(1)).join(' ')} MB`))
  for (let minute = 1; minute <= SOAK_HOURS * 60; minute++) {
    reached = minute
    if (minute % 60 === 0) {
      const { metrics } = await cdp.send('Performance.getMetrics')
      hourly.push(metrics.find((x) => x.name === 'JSHeapUsedSize')!.value / 1024 / 1024)
    }
    await page.clock.runFor(60_000)
    // Its reads and its socket are real: a moment for them each simulated minute.
    await page.waitForTimeout(SMOKE ? 5 : 15)
    if (minute % 20 === 0) {
      await approvedSale()
      soakFlashes++
    }
    if (minute === 60) first = await measure()
  }
  const last = await measure()
  const phase = await page.getByTestId('tv').getAttribute('data-phase')
  await browser.close()
  const growth = (last.heapMb - first!.heapMb) / first!.heapMb
  console.log(`  soak: heap by hour ${hourly.map((h) => h.toFixed(1)).join(' ')} MB`)
  console.log(
    `  soak: ${SOAK_HOURS} h simulated in ${((now() - soakStart) / 1000).toFixed(0)} s, ${soakFlashes} newsflashes; after 1 h ${first!.heapMb.toFixed(1)} MB heap, ${first!.nodes} nodes, ${first!.listeners} listeners; at the end ${last.heapMb.toFixed(1)} MB (${(growth * 100).toFixed(1)} %), ${last.nodes} nodes, ${last.listeners} listeners; still ${phase}`,
  )
  if (phase !== 'paired') notMet.push(`the soak's screen ended ${phase}`)
  if (SOAK_HOURS > 1) {
    if (growth >= 0.1) notMet.push(`soak heap grew ${(growth * 100).toFixed(1)} % (target < 10 %)`)
    for (const k of ['nodes', 'listeners'] as const) if (last[k] > first![k] * 1.05 + 5) notMet.push(`soak ${k} ${first![k]} → ${last[k]} (target flat)`)
  }
  reportTargets(notMet, 'All targets met.')
} finally {
  try {
    process.kill(-server.pid!, 'SIGTERM')
  } catch {
    // gone
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
}
