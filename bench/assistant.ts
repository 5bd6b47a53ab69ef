import { count } from 'drizzle-orm'
import { createApp } from '../server/app'
import { createDeps } from '../server/platform/deps'
import { FIXTURE } from '../server/modules/assistant/fixture'
import { DEMO_PASSWORD } from '../shared/demo'
import { benchDatabase, percentile, sized } from './lib'

/**
 * `npm run bench:assistant` — the BI assistant end to end through the API (issue 21, docs/decisions/053) on the large
 * data set, on the database the server is configured for (`DATA_DIR`, or `DATABASE_URL` for PostgreSQL) after
 * `npm run seed -- --scale large`: 100 of the fixture's questions (Swedish, English and Finnish in turn) asked with
 * POST /api/assistant/ask — the session, the parser with the asker's names, the reads within their rules and the
 * answer — by the whole organisation's admin and by an office's manager. Each question is asked once to warm up,
 * then timed once per asker. Target: p95 under 300 ms on SQLite. Reads only (the quota's counter is written).
 * `-- --new-kinds` asks decision 083's comparisons, holidays, overviews and week lists instead.
 */
const ORIGIN = 'http://localhost:3000'
const { env, database } = await benchDatabase()
const { db, t } = database

try {
  const [{ n: sales }] = (await db.select({ n: count() }).from(t.sales)) as [{ n: number }]
  if (sales < sized(100_000, 1)) console.warn(`Only ${sales} sales: seed the large data set first (npm run seed -- --scale large).`)
  // The quota would stop a benchmark's hundreds of questions a minute: lifted here only.
  const benchEnv = { ...env, appOrigins: [ORIGIN], assistant: { ...env.assistant, quotaPerMinute: 1_000_000 } }
  const deps = await createDeps(benchEnv, database, { events: { pollMs: 60_000 } })
  const app = createApp(deps)
  const request = (path: string, body: unknown, cookie = '') =>
    app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie, 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify(body),
    })
  const login = async (email: string) => {
    const r = await request('/api/auth/login', { email, password: DEMO_PASSWORD })
    if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${await r.text()}`)
    return (r.headers.get('set-cookie') ?? '').split(';')[0]!
  }
  // 100 questions: the fixture's languages in turn.
  const byLanguage = ['sv', 'en', 'fi'].map((l) => FIXTURE.filter((c) => c.language === l))
  const fixtureQuestions = Array.from({ length: sized(100, 6) }, (_, i) => byLanguage[i % 3]![Math.floor(i / 3)]!.question)
  // The kinds decision 083 added, each asked as often as the fixture's: comparisons (two reads), holidays, the
  // overview (five measures, two periods: ten reads) and lists of weeks, in the three languages.
  const newKinds = [
    'ordervärde per team den här månaden jämfört med förra månaden',
    'orders in week 10 compared with the same week last year',
    'tilausarvo tässä kuussa verrattuna viime kuuhun',
    'antal order över jul',
    'order value over Easter 2025',
    'myynnin arvo juhannuksena',
    'hur går det?',
    'how are we doing?',
    'miten menee?',
    'ordervärde veckorna 10, 11 och 12',
  ]
  const questions = process.argv.includes('--new-kinds') ? Array.from({ length: sized(100, 6) }, (_, i) => newKinds[i % newKinds.length]!) : fixtureQuestions

  console.log(`bench:assistant on ${database.dialect}, ${sales.toLocaleString('en')} sales, ${questions.length} questions`)
  const slowest: string[] = []
  console.log('asker                     p50 ms   p95 ms   max ms   CPU ms/q  answers  no data  asked back  invalid')
  for (const [label, email] of [
    ['admin (organisation)', 'admin@demo.test'],
    ['manager (office)', 'manager@demo.test'],
  ] as const) {
    const cookie = await login(email)
    const kinds: Record<string, number> = {}
    for (const q of questions) await request('/api/assistant/ask', { question: q }, cookie)
    const times: number[] = []
    const each: Array<[number, string]> = []
    // The server's CPU time (user and system) over the timed questions, beside their wall time: one process.
    const cpuBefore = process.cpuUsage()
    for (const q of questions) {
      const start = performance.now()
      const r = await request('/api/assistant/ask', { question: q }, cookie)
      const reply = (await r.json()) as { kind?: string }
      times.push(performance.now() - start)
      each.push([times.at(-1)!, q])
      if (r.status !== 200) throw new Error(`"${q}": ${r.status} ${JSON.stringify(reply)}`)
      kinds[reply.kind ?? '?'] = (kinds[reply.kind ?? '?'] ?? 0) + 1
    }
    const cpu = process.cpuUsage(cpuBefore)
    const cpuPerQuestion = (cpu.user + cpu.system) / 1000 / questions.length
    times.sort((a, b) => a - b)
    console.log(
      `${label.padEnd(24)} ${percentile(times, 50).toFixed(1).padStart(7)}  ${percentile(times, 95).toFixed(1).padStart(7)}  ${times.at(-1)!.toFixed(1).padStart(7)}  ${cpuPerQuestion.toFixed(1).padStart(8)}  ${String(kinds.answer ?? 0).padStart(7)}  ${String(kinds.noData ?? 0).padStart(7)}  ${String(kinds.clarify ?? 0).padStart(10)}  ${String(kinds.invalid ?? 0).padStart(7)}`,
    )
    slowest.push(...each.map(([ms, q]) => `${ms.toFixed(0).padStart(5)} ms  ${label}: ${q}`))
  }
  console.log('The slowest questions:')
  for (const line of slowest.sort((a, b) => parseFloat(b) - parseFloat(a)).slice(0, 5)) console.log(`  ${line}`)
  console.log('Target: p95 < 300 ms on SQLite.')
  await Promise.all([deps.events.stop(), deps.jobs.stop(), deps.realtime.close()])
} finally {
  await database.close()
}
