import { count, desc, eq, isNotNull } from 'drizzle-orm'
import { qualitySellerStatsQuerySchema, qualityStatsFilterSchema, type QualityStatsFilter } from '../shared/schemas/quality'
import { assembleAreas } from '../server/composition/areas'
import { authService } from '../server/modules/auth/auth.service'
import { createDeps } from '../server/platform/deps'
import { actorOf, benchDatabase, RUNS, runTimedCases, sized, statementRecorder } from './lib'

/**
 * `npm run bench:quality` — the sale quality statistics (issue 18, docs/decisions/045) on the large data set, on the
 * database the server is configured for (`DATA_DIR`, or `DATABASE_URL` for PostgreSQL) after
 * `npm run seed -- --scale large`, which surveys every sale the sampling rule takes (about 300,000).
 *
 * Each statistics endpoint (the service call its route makes) over the data set's last year: for the whole
 * organisation (back office), for one office, for one team (the team filter), for a coach (their teams, by the rule's conditions)
 * and for one seller (regret by product reads the sales summary, decision 046); the seller list also sorted by
 * mean score and searched by name. p50 and p95 of RUNS calls, then the plan of every statement each ran. Target: p95 under 150 ms each, on both databases. Reads only.
 */
const { env, database } = await benchDatabase()
const { db, t } = database
const recorder = statementRecorder(database)
const TARGET_MS = 150

try {
  const [{ n: surveyCount }] = (await db.select({ n: count() }).from(t.qualitySurveys)) as [{ n: number }]
  if (surveyCount < sized(100_000, 1)) console.warn(`Only ${surveyCount} surveys: seed the large data set first (npm run seed -- --scale large).`)
  const deps = await createDeps(env, database, { events: { pollMs: 60_000 } })
  const { quality } = assembleAreas(deps)
  const auth = authService(database, { sessionTtlMs: 3_600_000, scryptLogN: 10, secrets: deps.secrets })
  const backoffice = await actorOf(database, auth, 'backoffice@demo.test')
  const coach = await actorOf(database, auth, 'coach@demo.test')

  // The data set's last year, and a team, a seller and a seller's name from it.
  const [newest] = await db.select({ d: t.qualitySurveys.sellDate }).from(t.qualitySurveys).orderBy(desc(t.qualitySurveys.sellDate)).limit(1)
  const to = newest!.d
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10)
  const [busy] = await db
    .select({ sellerId: t.qualitySurveys.sellerId, teamId: t.qualitySurveys.teamId, officeId: t.qualitySurveys.officeId, n: count() })
    .from(t.qualitySurveys)
    .where(isNotNull(t.qualitySurveys.teamId))
    .groupBy(t.qualitySurveys.sellerId, t.qualitySurveys.teamId, t.qualitySurveys.officeId)
    .orderBy(desc(count()))
    .limit(1)
  const [seller] = await db.select({ last: t.users.lastName }).from(t.users).where(eq(t.users.id, busy!.sellerId))
  const filter = (extra: Record<string, string> = {}): QualityStatsFilter => qualityStatsFilterSchema.parse({ from, to, ...extra })
  const page = (extra: Record<string, string> = {}) => {
    const { q, sortBy, orderBy, page, itemsPerPage } = qualitySellerStatsQuerySchema.parse({ from, to, ...extra })
    return { q, sortBy, orderBy, page, itemsPerPage }
  }

  type Case = [name: string, run: () => Promise<string>]
  const scopes: Array<[label: string, actor: typeof backoffice, f: QualityStatsFilter]> = [
    ['whole organisation', backoffice, filter()],
    ['one office', backoffice, filter({ officeId: busy!.officeId! })],
    ['one team', backoffice, filter({ teamId: busy!.teamId! })],
    ['a coach (their teams)', coach, filter()],
    ['one seller', backoffice, filter({ sellerId: busy!.sellerId })],
  ]
  const cases: Case[] = []
  for (const [label, actor, f] of scopes) {
    cases.push(
      [`all (key figures, by provider, channel): ${label}`, async () => `${(await quality.statistics.overview.all(actor, f)).total.surveys} surveys`],
      [`grades: ${label}`, async () => `${(await quality.statistics.overview.grades(actor, f)).answered} answered`],
      [`monthly, with the year before: ${label}`, async () => `${(await quality.statistics.overview.monthly(actor, f)).months.length} months`],
      [`sellers, most surveys first: ${label}`, async () => `${(await quality.statistics.sellers.sellers(actor, f, page())).total} sellers`],
      [
        `regret by product (sales summary) and reason: ${label}`,
        async () => {
          const r = await quality.statistics.overview.regret(actor, f)
          return `${r.byProduct.length + r.moreProducts} products, ${r.regretSurveys} regret surveys`
        },
      ],
    )
  }
  cases.push(
    [
      'sellers, by mean score: whole organisation',
      async () => `${(await quality.statistics.sellers.sellers(backoffice, filter(), page({ sortBy: 'averageScore' }))).total} sellers`,
    ],
    [
      'sellers, by regret share, page 5: whole organisation',
      async () => `${(await quality.statistics.sellers.sellers(backoffice, filter(), page({ sortBy: 'regretShare', page: '5' }))).total} sellers`,
    ],
    [
      `sellers, name search ("${seller!.last}"): whole organisation`,
      async () => `${(await quality.statistics.sellers.sellers(backoffice, filter(), page({ q: seller!.last }))).total} sellers`,
    ],
  )

  const dialect = database.dialect === 'pg' ? 'PostgreSQL' : 'SQLite'
  console.log(
    `bench:quality on ${dialect}, ${surveyCount.toLocaleString('en')} surveys, ${from} … ${to}, ${RUNS} runs each (p50 / p95 ms; target p95 < ${TARGET_MS})`,
  )
  await runTimedCases(cases, recorder, TARGET_MS, 'statistics call')
  await Promise.all([deps.events.stop(), deps.jobs.stop(), deps.realtime.close()])
} finally {
  await database.close()
}
