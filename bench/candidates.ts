import { count, eq } from 'drizzle-orm'
import { candidateListQuerySchema } from '../shared/schemas/candidates'
import { TRANSLATORS } from '../shared/i18n'
import { assembleAreas } from '../server/composition/areas'
import { authService } from '../server/modules/auth/auth.service'
import { bulkLoader } from '../server/db/bulk'
import { seedCandidates } from '../server/seed/organisation-candidates'
import { createDeps } from '../server/platform/deps'
import { actorOf, benchDatabase, runTimedCases, sized, statementRecorder } from './lib'

/**
 * `npm run bench:candidates` — the candidate list (issue 44, docs/decisions/070) with 20,000 candidates: back office's
 * whole list (newest first, by name, by start date, a later page), filtered by step, region and start date, searched
 * by name and by phone; a recruiter's own list; a candidate's page. Target: p95 under 100 ms. Candidates are added to
 * the database when it has fewer (the data set's own, `npm run seed -- --scale large`, has 20,000).
 */
const { env, database } = await benchDatabase()
const { db, t } = database
const recorder = statementRecorder(database)
const CANDIDATES = sized(20_000, 400)
const TARGET_MS = 100
const sv = TRANSLATORS.sv

/** Adds candidates (the data set's own kind) until there are as many as the benchmark measures. */
async function ensureCandidates() {
  const [{ n }] = (await db.select({ n: count() }).from(t.candidates)) as [{ n: number }]
  if (n >= CANDIDATES) return n
  const recruiters = await db
    .select({ id: t.users.id, regionId: t.offices.regionId })
    .from(t.users)
    .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
    .innerJoin(t.offices, eq(t.offices.id, t.users.officeId))
    .where(eq(t.roles.key, 'recruiter'))
  const loader = bulkLoader(database)
  const rows = new Map<unknown, unknown[]>()
  await seedCandidates(t, async (table, row) => void (rows.get(table) ?? rows.set(table, []).get(table)!).push(row), {
    seed: `bench:${n}`,
    count: CANDIDATES - n,
    endMs: Date.now(),
    days: 730,
    recruiters,
  })
  for (const [table, list] of rows) {
    // the templates once: the data set may have them already
    if (table === t.contractTemplates) continue
    for (let i = 0; i < list.length; i += 5_000) await loader.insert(table as never, list.slice(i, i + 5_000) as never)
  }
  return CANDIDATES
}

try {
  const deps = await createDeps(env, database, { events: { pollMs: 60_000 } })
  const { candidates } = assembleAreas(deps)
  const auth = authService(database, { sessionTtlMs: 3_600_000, scryptLogN: 10, secrets: deps.secrets })
  const total = await ensureCandidates()
  const backoffice = { ...(await actorOf(database, auth, 'backoffice@demo.test')), language: 'sv' as const }
  const recruiter = { ...(await actorOf(database, auth, 'recruiter@demo.test')), language: 'sv' as const }
  const [region] = await db.select({ id: t.regions.id }).from(t.regions).limit(1)
  const list = (actor: typeof backoffice, q: Record<string, unknown>) =>
    candidates.listing.list(actor.ability, candidateListQuerySchema.parse({ itemsPerPage: 25, ...q }), sv)
  const first = await list(backoffice, {})
  const later = await list(backoffice, { cursor: (await list(backoffice, { cursor: first.nextCursor ?? undefined })).nextCursor ?? undefined })
  const someone = first.items[0]!
  const phone = someone.phone?.replace(/\D/g, '').slice(-6) ?? '1234'
  const dialect = database.dialect === 'pg' ? 'PostgreSQL' : 'SQLite'
  const mine = await list(recruiter, {})
  console.log(`bench:candidates on ${dialect}: ${total} candidates, the recruiter sees ${mine.total}${mine.totalCapped ? '+' : ''} (p50 / p95 ms)`)
  const answer = (r: { items: unknown[]; total: number; totalCapped?: boolean }) => `${r.items.length} of ${r.total}${r.totalCapped ? '+' : ''}`
  await runTimedCases(
    [
      ['back office: the list, newest first', async () => answer(await list(backoffice, {}))],
      ['back office: by name', async () => answer(await list(backoffice, { sortBy: 'name' }))],
      ['back office: by start date, latest first', async () => answer(await list(backoffice, { sortBy: 'startDate', orderBy: 'desc' }))],
      ['back office: the third page by key', async () => answer(await list(backoffice, { cursor: later.prevCursor ?? undefined }))],
      ['back office: at the accounts step', async () => answer(await list(backoffice, { stage: 'accounts' }))],
      [
        'back office: a region, starting in a month',
        async () => answer(await list(backoffice, { regionId: region!.id, startFrom: '2026-01-01', startTo: '2026-01-31' })),
      ],
      ['back office: the not hired', async () => answer(await list(backoffice, { status: 'closed' }))],
      ['back office: search a name', async () => answer(await list(backoffice, { q: someone.lastName.slice(0, 4) }))],
      ['back office: search a phone number', async () => answer(await list(backoffice, { q: phone }))],
      ['a recruiter: their own', async () => answer(await list(recruiter, {}))],
      ['a candidate’s page', async () => `${(await candidates.details.detail(backoffice, someone.id)).steps.length} steps`],
    ],
    recorder,
    TARGET_MS,
    'candidates call',
  )
  await Promise.all([deps.events.stop(), deps.jobs.stop(), deps.realtime.close()])
} finally {
  await database.close()
}
