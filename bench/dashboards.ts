import { count, desc, eq, isNotNull } from 'drizzle-orm'
import { periodPreset } from '../shared/rules/work'
import { PROFITABILITY_VIEWS, profitabilityQuerySchema } from '../shared/schemas/finance'
import { orderStatsFilterSchema, type OrderStatsFilter } from '../shared/schemas/statistics'
import { assembleAreas } from '../server/composition/areas'
import { authService } from '../server/modules/auth/auth.service'
import { createDeps } from '../server/platform/deps'
import { actorOf, benchDatabase, onlyChosen, RUNS, runTimedCases, sized, statementRecorder } from './lib'

/**
 * `npm run bench:dashboards` — the figures of issue 19 (docs/decisions/046, 048) on the large data set, on the
 * database the server is configured for (`DATA_DIR`, or `DATABASE_URL` for PostgreSQL) after
 * `npm run seed -- --scale large`.
 *
 * Order statistics (the service call its route makes) for the data set's last year, a quarter and the last 30 days:
 * for the whole organisation (back office), one office, one team, a coach (their teams, by the rule's conditions)
 * and one seller; the coach dashboard for a coach and for a manager; the manager dashboard for a manager and back
 * office; each profitability view (docs/decisions/051) for the last year, for back office (the whole organisation,
 * sorted by TB, the first page of 25) and the manager's two views for a manager (their office). p50 and p95 of RUNS
 * calls, then the plan of every statement each ran. Target: p95 under 150 ms each, on both databases. Reads only.
 * `BENCH_ONLY=<regex>` runs only the cases whose name matches.
 */
const { env, database } = await benchDatabase()
const { db, t } = database
const recorder = statementRecorder(database)
const TARGET_MS = 150

try {
  const [{ n: saleCount }] = (await db.select({ n: count() }).from(t.sales)) as [{ n: number }]
  if (saleCount < sized(100_000, 1)) console.warn(`Only ${saleCount} sales: seed the large data set first (npm run seed -- --scale large).`)
  const deps = await createDeps(env, database, { events: { pollMs: 60_000 } })
  const { statistics, finance } = assembleAreas(deps)
  const auth = authService(database, { sessionTtlMs: 3_600_000, scryptLogN: 10, secrets: deps.secrets })
  const backoffice = await actorOf(database, auth, 'backoffice@demo.test')
  const coach = await actorOf(database, auth, 'coach@demo.test')
  const manager = await actorOf(database, auth, 'manager@demo.test')

  // The data set's last day, and its busiest seller of the last year with their team and office.
  const [newest] = await db.select({ d: t.saleDayTotals.sellDate }).from(t.saleDayTotals).orderBy(desc(t.saleDayTotals.sellDate)).limit(1)
  const to = newest!.d
  const daysBack = (n: number) => new Date(Date.parse(`${to}T00:00:00Z`) - (n - 1) * 86_400_000).toISOString().slice(0, 10)
  const [busy] = await db
    .select({ sellerId: t.saleDayTotals.sellerId, teamId: t.saleDayTotals.teamId, officeId: t.saleDayTotals.officeId, n: count() })
    .from(t.saleDayTotals)
    .where(isNotNull(t.saleDayTotals.teamId))
    .groupBy(t.saleDayTotals.sellerId, t.saleDayTotals.teamId, t.saleDayTotals.officeId)
    .orderBy(desc(count()))
    .limit(1)
  const [team] = await db.select({ name: t.teams.name }).from(t.teams).where(eq(t.teams.id, busy!.teamId))
  const filter = (from: string, extra: Record<string, string> = {}): OrderStatsFilter => orderStatsFilterSchema.parse({ from, to, ...extra })

  type Case = [name: string, run: () => Promise<string>]
  const cases: Case[] = []
  for (const [period, from] of [
    ['a year', daysBack(365)],
    ['a quarter', daysBack(91)],
    ['30 days', daysBack(30)],
  ] as const) {
    for (const [label, actor, f] of [
      ['whole organisation', backoffice, filter(from)],
      ['one office', backoffice, filter(from, { officeId: busy!.officeId })],
      [`one team (${team?.name ?? ''})`, backoffice, filter(from, { teamId: busy!.teamId })],
      ['a coach (their teams)', coach, filter(from)],
      ['one seller', backoffice, filter(from, { sellerId: busy!.sellerId })],
    ] as const) {
      cases.push([
        `order statistics, ${period}: ${label}`,
        async () => {
          const r = await statistics.orderStatistics.orders(actor, f)
          return `${r.totals.sales} sales, ${r.byProduct.length} products, ${r.byTeam.length} teams, ${r.overTime.points.length} ${r.overTime.unit}s`
        },
      ])
    }
  }

  // The coach dashboard seen from the data set's last day: a coach's teams, and a manager's (their office's teams).
  for (const [label, actor] of [
    ['a coach (their teams)', coach],
    ['a manager (their office)', manager],
  ] as const) {
    cases.push([
      `coach dashboard: ${label}`,
      async () => {
        const board = await statistics.coachDashboard.coach(actor, { date: to })
        return `${board.teams.length} teams, ${board.teams.reduce((n, team) => n + team.sellers.length, 0)} sellers`
      },
    ])
  }

  // The manager dashboard for the data set's last month: a manager's office, and back office's (every office).
  const month = to.slice(0, 7)
  for (const [label, actor, officeId] of [
    ['a manager (their office)', manager, undefined],
    ['back office (an office, with every office side by side)', backoffice, busy!.officeId],
  ] as const) {
    cases.push([
      `manager dashboard: ${label}`,
      async () => {
        const board = await statistics.managerDashboard.manager(actor, { month, officeId })
        return `${board.teams.length} teams, ${board.providers.length} providers, ${board.overview?.length ?? 0} offices`
      },
    ])
  }

  // Each profitability view for a year as its screen offers one: the last 12 months (from the 1st of the month 11
  // months back to the data set's last day). The legacy view counts the 12 whole months before its cut-off.
  const last12 = periodPreset('last12', to)
  const year = profitabilityQuerySchema.parse(last12)
  const settings = await finance.setup.settings()
  const legacyYear = profitabilityQuerySchema.parse({
    from: `${Number(settings.legacyCutoff.slice(0, 4)) - 1}${settings.legacyCutoff.slice(4)}`,
    to: settings.legacyCutoff,
  })
  for (const [label, actor, views] of [
    ['back office (the whole organisation)', backoffice, PROFITABILITY_VIEWS],
    ['a manager (their office)', manager, ['teams', 'sellers'] as const],
  ] as const) {
    for (const view of views) {
      cases.push([
        `profitability by ${view}, ${view === 'legacy' ? `the year before ${settings.legacyCutoff}` : `${last12.from} – ${last12.to}`}: ${label}`,
        async () => {
          const r = await finance.views.profitability(actor, view, view === 'legacy' ? legacyYear : year)
          return `${r.total} rows, TB ${Math.round(r.sum.tbOre / 100).toLocaleString('en')} kr, ${r.sum.fte ?? '–'} FTE`
        },
      ])
    }
  }

  cases.splice(0, cases.length, ...onlyChosen(cases))
  const dialect = database.dialect === 'pg' ? 'PostgreSQL' : 'SQLite'
  console.log(
    `bench:dashboards on ${dialect}, ${saleCount.toLocaleString('en')} sales, up to ${to}, ${RUNS} runs each (p50 / p95 ms; target p95 < ${TARGET_MS})`,
  )
  await runTimedCases(cases, recorder, TARGET_MS, 'dashboard call')
  await Promise.all([deps.events.stop(), deps.jobs.stop(), deps.realtime.close()])
} finally {
  await database.close()
}
