import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import { and, count, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm'
import { businessDay } from '../shared/rules/work'
import { personalNumberOf } from '../shared/rules/identity'
import { SYNC_SCHEMA_VERSION, type Mutation } from '../shared/schemas/sync'
import { currentChangeVersion } from '../server/db/change-counter'
import { hashToken } from '../server/modules/auth/auth.service'
import { benchDatabase, percentile, reportTargets, sized } from './lib'
import { cpuMsOf, untilHealthy } from '../scripts/built-server'

/**
 * `npm run bench:burst` — the evening when everyone syncs (issue 40), on the large data set (`npm run seed -- --scale
 * large`): 2,000 sellers' devices each push a working day's queue (8 sales with lines, a time report, a checkout) in
 * one push and then pull, 100 devices at a time, through real HTTP against the bundled server. The database is the
 * one the environment names (`DATA_DIR` for SQLite, `DATABASE_URL` for PostgreSQL); `BURST_INSTANCES=2` starts two
 * instances on it and the devices alternate between them. Meanwhile back office reads its sale-report list and a
 * coach their dashboard, over and over. Prints mutations per second, push and pull p50/p95/p99, errors, each
 * instance's peak memory, the two reads' p95 during the burst, and the event lag: from the last push to the last
 * event delivery done. The benchmark adds its sales and time reports to the data set (today's date); its checkouts
 * are removed at the end, so that another run finds sellers who may still sell today.
 */
// eslint-disable-next-line no-restricted-properties -- a benchmark's own settings
const DEVICES = Number(process.env.BURST_DEVICES ?? sized(2000, 20))
// eslint-disable-next-line no-restricted-properties -- a benchmark's own settings
const CONCURRENCY = Number(process.env.BURST_CONCURRENCY ?? sized(100, 5))
// eslint-disable-next-line no-restricted-properties -- a benchmark's own settings
const INSTANCES = Number(process.env.BURST_INSTANCES ?? 1)
const SALES_PER_DEVICE = 8
const FIRST_PORT = 3970

if (!fs.existsSync('dist-server/index.mjs')) throw new Error('Build first: npm run build')
const { env, database } = await benchDatabase()
const { db, t } = database
const today = businessDay(Date.now())

// Sellers who may sell and have not checked out today, each with a session of their own (as a sign-in makes it).
const [roleRow] = await db.select({ id: t.roles.id }).from(t.roles).where(eq(t.roles.key, 'seller'))
const checkedOut = db.select({ userId: t.checkouts.userId }).from(t.checkouts).where(eq(t.checkouts.date, today))
const sellers = await db
  .select({ id: t.users.id })
  .from(t.users)
  .where(and(eq(t.users.roleId, roleRow!.id), eq(t.users.active, true), isNotNull(t.users.teamId), notInArray(t.users.id, checkedOut)))
  .limit(DEVICES)
if (sellers.length < DEVICES) console.warn(`Only ${sellers.length} sellers can sell today: seed the large data set first (npm run seed -- --scale large).`)
const now = Date.now()
const tokens = new Map<string, string>()
for (const s of sellers) tokens.set(s.id, randomBytes(32).toString('base64url'))
for (let i = 0; i < sellers.length; i += 200)
  await db.insert(t.sessions).values(
    sellers.slice(i, i + 200).map((s) => ({
      id: randomUUID(),
      tokenHash: hashToken(tokens.get(s.id)!),
      userId: s.id,
      createdAt: now,
      expiresAt: now + 3_600_000,
      lastSeenAt: now,
      userAgent: 'bench:burst',
      ip: null,
    })),
  )
const staff = async (email: string) => {
  const [user] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email))
  const token = randomBytes(32).toString('base64url')
  await db.insert(t.sessions).values({
    id: randomUUID(),
    tokenHash: hashToken(token),
    userId: user!.id,
    createdAt: now,
    expiresAt: now + 3_600_000,
    lastSeenAt: now,
    userAgent: 'bench:burst',
    ip: null,
  })
  return token
}
const backofficeToken = await staff('backoffice@demo.test')
// Each device synced yesterday evening: its cookie is its owner's change counter now, with the reference data's
// stamp (read once, below, from a full pull) — so the burst's pulls bring today's changes, as a real evening's do.
const versions = new Map<string, number>()
for (const s of sellers) versions.set(s.id, await currentChangeVersion(database.db, t, s.id))
let referenceStamp = ''
const coachToken = await staff('coach@demo.test')

// What they sell: the first active products of a few active providers.
const products = await db
  .select({ id: t.products.id, providerId: t.products.providerId })
  .from(t.products)
  .innerJoin(t.providers, eq(t.providers.id, t.products.providerId))
  .where(and(eq(t.products.active, true), eq(t.providers.active, true)))
  .limit(40)
const [{ n: deliveriesBefore }] = (await db
  .select({ n: count() })
  .from(t.eventDeliveries)
  .where(inArray(t.eventDeliveries.status, ['pending']))) as [{ n: number }]

// The instances, on the same database.
type Instance = { origin: string; child: ChildProcess; peakRssMb: number; warnings: string[] }
const instances: Instance[] = []
for (let i = 0; i < INSTANCES; i++) {
  const port = FIRST_PORT + i
  const origin = `http://127.0.0.1:${port}`
  // eslint-disable-next-line no-restricted-properties -- a benchmark's own settings: extra node flags (--cpu-prof)
  const child = spawn('node', [...(process.env.BURST_NODE_ARGS ?? '').split(' ').filter(Boolean), 'dist-server/index.mjs'], {
    env: {
      // eslint-disable-next-line no-restricted-properties -- pass the environment on to the server
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: env.dataDir,
      DATABASE_URL: env.databaseUrl ?? '',
      DEMO_MODE: 'false',
      APP_ORIGINS: origin,
      SESSION_SECRET: 'burst'.repeat(8),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const instance: Instance = { origin, child, peakRssMb: 0, warnings: [] }
  instances.push(instance)
  // Its log (JSON lines on stdout) and anything on stderr (a driver's warning): what is a warning or worse is kept —
  // a transaction tried again after a conflict, a subscriber that failed, pg's own deprecation warnings.
  const keep = (line: string) => {
    if (!line.trim()) return
    let level = 50
    try {
      level = (JSON.parse(line) as { level?: number }).level ?? 30
    } catch {
      // not the server's JSON: a warning of node or a driver
    }
    if (level >= 40) instance.warnings.push(line.slice(0, 400))
  }
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n')
      rest = lines.pop()!
      lines.forEach(keep)
    })
  }
}
const rssOf = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024
}

const headers = (origin: string, token: string) => ({ 'content-type': 'application/json', origin, cookie: `sk_session=${token}` })

/** One device's evening: its day's queue in one push, then a pull from its last cookie. */
async function device(index: number, sellerId: string, timings: { push: number[]; pull: number[] }, errors: string[]) {
  const instance = instances[index % instances.length]!
  const h = headers(instance.origin, tokens.get(sellerId)!)
  const clientId = randomUUID()
  const soldAt = Date.now() - 60_000
  const mutations: Mutation[] = []
  for (let s = 0; s < SALES_PER_DEVICE; s++) {
    const product = products[(index + s) % products.length]!
    const n = index * SALES_PER_DEVICE + s
    mutations.push({
      seq: mutations.length + 1,
      name: 'createSale',
      createdAt: soldAt,
      args: {
        id: randomUUID(),
        providerId: product.providerId,
        products: [{ productId: product.id, quantity: 1 + (n % 3) }],
        customerType: 'private',
        customerSsn: personalNumberOf(
          `19${String(30 + (n % 60)).padStart(2, '0')}${String(1 + (Math.floor(n / 60) % 12)).padStart(2, '0')}${String(1 + (Math.floor(n / 720) % 28)).padStart(2, '0')}`,
          String(100 + (Math.floor(n / 20160) % 900)),
        ),
        customerName: `Burst Kund ${n}`,
        email: null,
        phone: '070-123 45 67',
        companyName: null,
        orgNumber: null,
        postalCode: '211 45',
        city: 'Malmö',
        address: `Storgatan ${1 + (n % 80)}`,
        message: null,
        // Some providers require their order number on every sale.
        externalOrderNumber: `B-${randomUUID().slice(0, 8)}`,
        soldAt: soldAt + s,
      },
    })
  }
  mutations.push({
    seq: mutations.length + 1,
    name: 'saveTimeReport',
    createdAt: soldAt,
    args: {
      id: randomUUID(),
      date: today,
      present: true,
      workHours: 8,
      absenceHours: 0,
      absenceType: null,
      allowanceType: 0,
      travelLocation: null,
      comment: null,
    },
  })
  mutations.push({
    seq: mutations.length + 1,
    name: 'checkout',
    createdAt: soldAt + 100,
    args: { id: randomUUID(), date: today, checkedOutAt: soldAt + 100, comment: 'bench:burst' },
  })
  const pushStarted = performance.now()
  const pushed = await fetch(`${instance.origin}/api/sync/push`, {
    method: 'POST',
    headers: h,
    body: JSON.stringify({ clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations }),
  })
  const pushAnswer = (await pushed.json()) as { applied?: number; rejected?: number; error?: string }
  timings.push.push(performance.now() - pushStarted)
  slowest.push({ index, at: pushStarted - burstStart, ms: performance.now() - pushStarted, instance: instance.origin })
  if (!pushed.ok || pushAnswer.applied !== mutations.length) errors.push(`push ${pushed.status} ${JSON.stringify(pushAnswer).slice(0, 200)}`)
  const pullStarted = performance.now()
  let cookie: string | null = JSON.stringify({ v: versions.get(sellerId), r: referenceStamp, l: 0 })
  for (let page = 0; page < 50; page++) {
    const pulled = await fetch(`${instance.origin}/api/sync/pull`, { method: 'POST', headers: h, body: JSON.stringify({ clientId, cookie }) })
    if (!pulled.ok) {
      errors.push(`pull ${pulled.status}`)
      break
    }
    const answer = (await pulled.json()) as { cookie: string; more: boolean; rejections: Array<{ code: string; name: string; fieldErrors: unknown }> }
    for (const r of answer.rejections) {
      const what = `${r.name}: ${r.code} ${JSON.stringify(r.fieldErrors).slice(0, 120)}`
      rejections.set(what, (rejections.get(what) ?? 0) + 1)
    }
    cookie = answer.cookie
    if (!answer.more) break
  }
  timings.pull.push(performance.now() - pullStarted)
}

/** Back office's list and a coach's dashboard, read again and again until the burst is over. */
async function reader(url: (origin: string) => string, token: string, times: number[], done: () => boolean) {
  let i = 0
  while (!done()) {
    const origin = instances[i++ % instances.length]!.origin
    const started = performance.now()
    const r = await fetch(url(origin), { headers: headers(origin, token) })
    await r.arrayBuffer()
    if (r.ok) times.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const rejections = new Map<string, number>()
const slowest: Array<{ index: number; at: number; ms: number; instance: string }> = []
let burstStart = 0

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) }
}
const ms = (n: number) => `${Math.round(n)} ms`

try {
  await Promise.all(instances.map((i) => untilHealthy(i.origin)))
  {
    const origin = instances[0]!.origin
    const first = await fetch(`${origin}/api/sync/pull`, {
      method: 'POST',
      headers: headers(origin, tokens.get(sellers[0]!.id)!),
      body: JSON.stringify({ clientId: randomUUID(), cookie: null }),
    })
    referenceStamp = (JSON.parse(((await first.json()) as { cookie: string }).cookie) as { r: string }).r
  }
  const sampler = setInterval(() => {
    for (const i of instances) i.peakRssMb = Math.max(i.peakRssMb, rssOf(i.child.pid!))
  }, 100)
  const timings = { push: [] as number[], pull: [] as number[] }
  const errors: string[] = []
  const listTimes: number[] = []
  const dashboardTimes: number[] = []
  let over = false
  const readers = [
    reader(
      (o) => `${o}/api/sale-reports?itemsPerPage=50`,
      backofficeToken,
      listTimes,
      () => over,
    ),
    reader(
      (o) => `${o}/api/dashboards/coach`,
      coachToken,
      dashboardTimes,
      () => over,
    ),
  ]
  const warningsBefore = instances.map((i) => i.warnings.length)
  const cpuBefore = instances.map((i) => cpuMsOf(i.child.pid!))
  const started = performance.now()
  burstStart = started
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, sellers.length) }, async () => {
      while (next < sellers.length) {
        const index = next++
        await device(index, sellers[index]!.id, timings, errors)
      }
    }),
  )
  const burstSeconds = (performance.now() - started) / 1000
  const lastPush = performance.now()
  over = true
  await Promise.all(readers)
  // The event lag: until every delivery the burst made is done (the dispatchers of the instances handle them).
  let pending = Infinity
  while (pending > deliveriesBefore && performance.now() - lastPush < 300_000) {
    const [{ n }] = (await db.select({ n: count() }).from(t.eventDeliveries).where(eq(t.eventDeliveries.status, 'pending'))) as [{ n: number }]
    pending = n
    if (pending > deliveriesBefore) await new Promise((r) => setTimeout(r, 200))
  }
  const lagSeconds = (performance.now() - lastPush) / 1000
  clearInterval(sampler)
  // The instances' CPU for the burst and its reactions, and what they logged as warnings meanwhile.
  const cpuMs = instances.map((i, n) => cpuMsOf(i.child.pid!) - cpuBefore[n]!)
  const warnings = instances.flatMap((i, n) => i.warnings.slice(warningsBefore[n]))

  const mutations = sellers.length * (SALES_PER_DEVICE + 2)
  const rate = mutations / burstSeconds
  const push = stats(timings.push)
  const pull = stats(timings.pull)
  const list = stats(listTimes)
  const dashboard = stats(dashboardTimes)
  const where = `${database.dialect === 'pg' ? 'PostgreSQL' : 'SQLite'}, ${INSTANCES} instance${INSTANCES > 1 ? 's' : ''}`
  console.log(`\nbench:burst (${where}): ${sellers.length} devices, ${CONCURRENCY} at a time, ${mutations} mutations`)
  console.log(`  burst ${burstSeconds.toFixed(1)} s: ${Math.round(rate)} mutations/s`)
  console.log(`  push p50 ${ms(push.p50)}, p95 ${ms(push.p95)}, p99 ${ms(push.p99)}; pull p50 ${ms(pull.p50)}, p95 ${ms(pull.p95)}, p99 ${ms(pull.p99)}`)
  console.log(`  errors: ${errors.length}${errors.length ? ` (first: ${errors[0]})` : ''}`)
  // eslint-disable-next-line no-restricted-properties -- a benchmark's own settings
  if (process.env.BURST_SLOWEST)
    console.log(
      slowest
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 10)
        .map((x) => `  slow push #${x.index} at ${Math.round(x.at)} ms: ${Math.round(x.ms)} ms`)
        .join('\n'),
    )
  if (rejections.size) console.log(`  refused changes: ${[...rejections].map(([what, n]) => `${what} ×${n}`).join(', ')}`)
  console.log(`  peak memory: ${instances.map((i) => `${Math.round(i.peakRssMb)} MB`).join(', ')}`)
  console.log(
    `  during the burst: back office's list p95 ${ms(list.p95)} (${listTimes.length} reads), coach dashboard p95 ${ms(dashboard.p95)} (${dashboardTimes.length} reads)`,
  )
  console.log(`  event lag: the last delivery done ${lagSeconds.toFixed(1)} s after the last push`)
  const elapsed = burstSeconds + lagSeconds
  console.log(
    `  server CPU (the burst and its reactions): ${instances.map((_, n) => `${(cpuMs[n]! / 1000).toFixed(1)} s (${Math.round((cpuMs[n]! / 1000 / elapsed) * 100)} % of a core)`).join(', ')}; ${(cpuMs.reduce((a, b) => a + b, 0) / mutations).toFixed(2)} ms a mutation`,
  )
  console.log(`  warnings in the servers' logs: ${warnings.length}${warnings.length ? `\n    ${warnings.slice(0, 5).join('\n    ')}` : ''}`)
  const notMet: string[] = []
  if (database.dialect === 'sqlite' && rate < 1000) notMet.push(`${Math.round(rate)} mutations/s on SQLite (target ≥ 1,000)`)
  if (database.dialect === 'pg' && INSTANCES === 1 && rate < 500) notMet.push(`${Math.round(rate)} mutations/s on one PostgreSQL instance (target ≥ 500)`)
  if (warnings.length) notMet.push(`${warnings.length} warnings in the servers' logs (target 0)`)
  if (push.p95 >= 1000) notMet.push(`push p95 ${ms(push.p95)} (target < 1 s)`)
  if (list.p95 >= 300) notMet.push(`back office's list p95 ${ms(list.p95)} during the burst (target < 300 ms)`)
  if (lagSeconds > 30) notMet.push(`event lag ${lagSeconds.toFixed(1)} s (target ≤ 30 s)`)
  for (const i of instances) if (i.peakRssMb >= 500) notMet.push(`${i.origin}: ${Math.round(i.peakRssMb)} MB (target < 500 MB)`)
  if (errors.length) notMet.push(`${errors.length} errors (target 0)`)
  reportTargets(notMet, 'Every burst target met.')
} finally {
  for (const i of instances) i.child.kill('SIGTERM')
  await db.delete(t.sessions).where(sql`${t.sessions.userAgent} = 'bench:burst'`)
  // Its checkouts (marked with its name) go again, so that the next run's sellers may sell today too (its sales
  // and reports stay).
  await db.delete(t.checkouts).where(and(eq(t.checkouts.date, today), eq(t.checkouts.comment, 'bench:burst')))
  await database.close()
}
