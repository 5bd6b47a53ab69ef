import { asc, count, desc, eq, isNotNull } from 'drizzle-orm'
import type { BadgePeriod, BadgeRule, LeaderboardPeriod, LeaderboardScope } from '../shared/schemas/game'
import { assembleAreas } from '../server/composition/areas'
import { authService } from '../server/modules/auth/auth.service'
import type { GamePlayer } from '../server/modules/game/game.service'
import { createDeps } from '../server/platform/deps'
import { benchDatabase, RUNS, runTimedCases, sized, statementRecorder } from './lib'

/**
 * `npm run bench:game` — the sales game's reads (issue 20, docs/decisions/052) on the large data set, on the database
 * the server is configured for (`DATA_DIR`, or `DATABASE_URL` for PostgreSQL) after `npm run seed -- --scale large`,
 * which writes a year of the game's ledger from the sales (about 400,000 rows) and two running competitions.
 *
 * For a seller in the middle of the organisation's all-time ranking (so every board has a neighbourhood below its
 * top ten): the leaderboards of their team, office, region and the whole organisation for this week, this month
 * and all time (the service call its route makes, the neighbourhood and names included), and the standing of each
 * competition; then the preview of three badge rules. p50 and p95 of RUNS calls, then every statement's plan. Target: p95
 * under 50 ms each, a badge preview under 2 s. Reads only.
 */
const { env, database } = await benchDatabase()
const { db, t } = database
const recorder = statementRecorder(database)
const TARGET_MS = 50
const PREVIEW_TARGET_MS = 2000

try {
  const [{ n: rows }] = (await db.select({ n: count() }).from(t.gameLedger)) as [{ n: number }]
  if (rows < sized(100_000, 1)) console.warn(`Only ${rows} ledger rows: seed the large data set first (npm run seed -- --scale large).`)
  const deps = await createDeps(env, database, { events: { pollMs: 60_000 } })
  const { game } = assembleAreas(deps)
  const auth = authService(database, { sessionTtlMs: 3_600_000, scryptLogN: 10, secrets: deps.secrets })

  // The data set's last day is "now"; the seller in the middle of the all-time ranking, with their places.
  const [newest] = await db.select({ d: t.gameXpDays.day }).from(t.gameXpDays).orderBy(desc(t.gameXpDays.day)).limit(1)
  const now = Date.parse(`${newest!.d}T12:00:00Z`)
  const ranked = await db.select({ userId: t.gameTotals.userId }).from(t.gameTotals).orderBy(desc(t.gameTotals.xp), asc(t.gameTotals.userId))
  const middle = ranked[Math.floor(ranked.length / 2)]!.userId
  const session = await auth.signIn.sessionAnswerFor(middle)
  const u = session!.userData
  const player: GamePlayer = { id: u.id, teamIds: u.teamIds, officeId: u.officeId, regionId: u.regionId }
  const competitions = await db
    .select({ id: t.gameCompetitions.id, name: t.gameCompetitions.name })
    .from(t.gameCompetitions)
    .where(isNotNull(t.gameCompetitions.publishedAt))

  type Case = [name: string, run: () => Promise<string>]
  const cases: Case[] = []
  const scopes: LeaderboardScope[] = ['region', 'office', 'team', 'organisation']
  const periods: LeaderboardPeriod[] = ['week', 'month', 'all']
  for (const scope of scopes)
    for (const period of periods)
      cases.push([
        `leaderboard: ${scope}, ${period}`,
        async () => {
          const b = await game.board.leaderboard(player, { scope, period }, now)
          return `${b.total} ranked, own rank ${b.me.rank ?? '–'}, ${b.around.length} around`
        },
      ])
  for (const c of competitions)
    cases.push([
      `competition standing: ${c.name}`,
      async () => {
        const s = await game.competitions.reads.standing(player, false, c.id, now)
        return `${s.total} ranked, own ${s.mine ? `rank ${s.mine.rank}` : '–'}`
      },
    ])
  cases.push([`own game (XP, level, ledger)`, async () => `${(await game.standings.me(player.id)).ledger.length} ledger rows`])
  // A badge rule's preview: now and over the periods so far (12 weeks, 12 months, 30 days).
  const previews: Array<[string, BadgePeriod, BadgeRule]> = [
    [
      '3 approved orders and under 5 % regret, per week',
      'week',
      {
        combine: 'and',
        conditions: [
          { field: 'approved_orders', operator: '>=', value: 3 },
          { field: 'regret_rate', operator: '<', value: 5 },
        ],
      },
    ],
    [
      'quality score 85 or 500 XP, per month',
      'month',
      {
        combine: 'or',
        conditions: [
          { field: 'quality_score', operator: '>=', value: 85 },
          { field: 'xp', operator: '>=', value: 500 },
        ],
      },
    ],
    ['order value 1,000 kr, per day', 'day', { combine: 'and', conditions: [{ field: 'order_value', operator: '>=', value: 1_000 }] }],
  ]
  const previewCases: Case[] = previews.map(([label, period, rule]) => [
    `badge preview: ${label}`,
    async () => {
      const p = await game.badges.awards.preview(period, rule, now)
      return `${p.current} now, ${p.awards} awards to ${p.people} over ${p.periods} periods`
    },
  ])

  const dialect = database.dialect === 'pg' ? 'PostgreSQL' : 'SQLite'
  const [{ n: players }] = (await db.select({ n: count() }).from(t.gameTotals)) as [{ n: number }]
  console.log(
    `bench:game on ${dialect}, ${rows.toLocaleString('en')} ledger rows, ${players.toLocaleString('en')} players, as of ${newest!.d}, ${RUNS} runs each (p50 / p95 ms; target p95 < ${TARGET_MS})`,
  )
  const [self] = await db.select({ name: t.users.firstName }).from(t.users).where(eq(t.users.id, player.id))
  console.log(`  as ${self?.name ?? player.id}, rank ${Math.floor(ranked.length / 2) + 1} of ${ranked.length} all time`)
  await runTimedCases(cases, recorder, TARGET_MS, 'game read')
  console.log(`\nBadge rule previews (target p95 < ${PREVIEW_TARGET_MS} ms):`)
  await runTimedCases(previewCases, recorder, PREVIEW_TARGET_MS, 'badge preview')
  await Promise.all([deps.events.stop(), deps.jobs.stop(), deps.realtime.close()])
} finally {
  await database.close()
}
