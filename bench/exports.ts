import { createDeps } from '../server/platform/deps'
import { count, desc, eq } from 'drizzle-orm'
import { validateXML } from 'xmllint-wasm'
import fs from 'node:fs'
import path from 'node:path'
import { monthRange, previousMonth } from '../shared/rules/work'
import { assembleAreas } from '../server/composition/areas'
import { bootDatabase } from '../server/boot'
import { parseEnv } from '../server/env'
import { reportTargets, sized } from './lib'

/**
 * `npm run bench:exports` — the payroll export (PAXml and CSV) and the absence export (CSV and XLSX) of one month for
 * everyone (issue 15), on the database the server is configured for (`DATA_DIR`, or `DATABASE_URL` for
 * PostgreSQL) after `npm run seed -- --scale large`. Each export is asked for as the route asks (the month checked
 * first), run by the job runner in this process, and timed from the request until its file is stored; the
 * process's resident memory is sampled every 20 ms meanwhile. Targets: each under 30 s, memory growth (peak less
 * the memory before it) under 200 MB. The PAXml file is then validated against the official schema.
 */
// eslint-disable-next-line no-restricted-properties -- a benchmark: which database to measure
const databaseUrl = process.env.DATABASE_URL ?? ''
// eslint-disable-next-line no-restricted-properties -- a benchmark: which database to measure
const dataDir = process.env.DATA_DIR ?? 'data'
// eslint-disable-next-line no-restricted-properties -- a benchmark: the month to export (default: the data set's last whole month)
const monthArg = process.env.BENCH_MONTH

const env = parseEnv({ NODE_ENV: 'production', DEMO_MODE: 'false', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SESSION_SECRET: 'bench'.repeat(8) })
const database = await bootDatabase(env)
const { db, t } = database
const MB = 1024 * 1024

const [{ n: userCount }] = (await db.select({ n: count() }).from(t.users)) as [{ n: number }]
if (userCount < sized(1000, 1)) console.warn(`Only ${userCount} users: seed the large data set first (npm run seed -- --scale large).`)
const [newest] = await db.select({ d: t.timeReports.date }).from(t.timeReports).orderBy(desc(t.timeReports.date)).limit(1)
const month = monthArg ?? previousMonth(newest!.d.slice(0, 7))
const [desk] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, 'backoffice@demo.test'))
const actorId = desk?.id ?? (await db.select({ id: t.users.id }).from(t.users).limit(1))[0]!.id

const deps = await createDeps(env, database, { events: { pollMs: 1000 }, jobs: { pollMs: 50, concurrency: 1 } })
const { events, jobs } = deps
const areas = assembleAreas(deps)
jobs.start()

type Row = { export: string; seconds: number; baselineMb: number; peakMb: number; growthMb: number; employees: number; rows: number; fileMb: number }
const results: Row[] = []

async function run(name: string, ask: () => Promise<{ id: string }>) {
  ;(globalThis as { gc?: () => void }).gc?.()
  const baseline = process.memoryUsage().rss
  let peak = baseline
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  const started = performance.now()
  const asked = await ask()
  let state = await areas.exportsOfPay.get(asked.id)
  while (state.state === 'queued' || state.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 50))
    state = await areas.exportsOfPay.get(asked.id)
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  if (state.state !== 'done')
    throw new Error(`${name} ended ${state.state}: ${state.error ?? ''} ${JSON.stringify(state.summary?.problems?.slice(0, 3) ?? [])}`)
  const [file] = await db.select({ size: t.files.size }).from(t.files).where(eq(t.files.id, state.fileId!))
  results.push({
    export: name,
    seconds: Number(seconds.toFixed(1)),
    baselineMb: Math.round(baseline / MB),
    peakMb: Math.round(peak / MB),
    growthMb: Math.round((peak - baseline) / MB),
    employees: state.summary?.employees ?? 0,
    rows: state.summary?.rows ?? 0,
    fileMb: Number(((file?.size ?? 0) / MB).toFixed(1)),
  })
  console.log(`${name}: ${seconds.toFixed(1)} s, peak ${Math.round(peak / MB)} MB (+${Math.round((peak - baseline) / MB)} MB)`)
  return state
}

try {
  console.log(`bench:exports on ${database.dialect === 'sqlite' ? `SQLite ${dataDir}` : 'PostgreSQL'}: ${userCount} users, month ${month}`)
  const check = performance.now()
  const monthState = await areas.exportsOfPay.payrollMonth(month)
  console.log(
    `payroll month checked in ${((performance.now() - check) / 1000).toFixed(1)} s: ${monthState.employees} employees, ${monthState.attested} attested, ${monthState.problems.length} problems`,
  )
  const paxml = await run('payroll PAXml', () => areas.exportsOfPay.requestPayroll(actorId, month, 'paxml'))
  await run('payroll CSV', () => areas.exportsOfPay.requestPayroll(actorId, month, 'csv'))
  const { from, to } = monthRange(month)
  await run('absence CSV', () => areas.exportsOfPay.requestAbsence(actorId, { from, to, format: 'csv' }, 'sv'))
  await run('absence XLSX', () => areas.exportsOfPay.requestAbsence(actorId, { from, to, format: 'xlsx' }, 'sv'))
  console.table(results)
  const slow = results.filter((r) => r.seconds >= 30 || r.growthMb >= 200)
  reportTargets(
    slow.map((r) => `${r.export}: ${r.seconds} s, +${r.growthMb} MB (targets 30 s, 200 MB)`),
    'Every export under 30 s and under 200 MB of memory growth.',
  )

  // The large PAXml file against the official schema.
  const [content] = await db.select({ data: t.files.data }).from(t.files).where(eq(t.files.id, paxml.fileId!))
  const xsd = fs.readFileSync(path.resolve(import.meta.dirname, '../server/modules/pay/paxml-2.0.xsd'), 'utf8')
  const validating = performance.now()
  const valid = await validateXML({
    xml: [{ fileName: 'lon.xml', contents: Buffer.from(content!.data).toString('utf8') }],
    schema: [{ fileName: 'paxml-2.0.xsd', contents: xsd }],
    maxMemoryPages: 32768,
  })
  console.log(
    `PAXml ${valid.valid ? 'valid' : 'INVALID'} against paxml-2.0.xsd (${((performance.now() - validating) / 1000).toFixed(1)} s)${
      valid.valid
        ? ''
        : `: ${valid.errors
            .slice(0, 3)
            .map((e) => e.rawMessage)
            .join('; ')}`
    }`,
  )
  if (!valid.valid) process.exitCode = 1
} finally {
  await jobs.stop()
  await events.stop()
  await database.close()
}
