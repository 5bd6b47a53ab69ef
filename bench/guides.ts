import { randomUUID } from 'node:crypto'
import { count, eq, like } from 'drizzle-orm'
import { buildGuideIndex, loadGuideIndex } from '../shared/search/guide-search'
import { docText, type GuideDoc, type GuideNode } from '../shared/schemas/guide-document'
import { EVERYONE, type Audience, type GuideTexts } from '../shared/schemas/guides'
import { assembleAreas } from '../server/composition/areas'
import { authService } from '../server/modules/auth/auth.service'
import { languagesOf, listingOf, searchTextOf } from '../server/modules/guides/guides.versions'
import { createDeps } from '../server/platform/deps'
import { actorOf, benchDatabase, RUNS, runTimedCases, sized, statementRecorder } from './lib'

/**
 * `npm run bench:guides` — the guides (issue 43, docs/decisions/069) for a seller in an organisation with 500 guides
 * in 30 categories, a third of them narrowed to roles, offices, teams or providers: the dashboard, a guide's page,
 * the search index, the offline snapshot on the server, the index built from nothing (after a publish, once per
 * language), and a search on the device (the index loaded and queried as the phone does). Targets: p95 under 100 ms
 * on the server, under 500 ms for the build after a publish, under 50 ms for a search.
 * The guides are added to the database when it has fewer (categories named "Bench …"), and stay for the next run.
 */
const { env, database } = await benchDatabase()
const { db, t } = database
const recorder = statementRecorder(database)
const GUIDES = sized(500, 20)
const CATEGORIES = sized(30, 3)
const SERVER_MS = 100
const DEVICE_MS = 50
const BUILD_MS = 500

const WORDS =
  'säljare kund kunden kunder avtal elavtal fiber larm pris priset erbjudande invändning invändningar dörren trappuppgång område grannar kampanj provision ångerrätt legitimation nycklar försäkring installation leverantör rabatt månadskostnad bindningstid uppsägning'.split(
    ' ',
  )

/** A body of about 3 kB: headings, paragraphs and a list, in plausible Swedish words. */
function body(n: number): GuideDoc {
  let seed = n * 7919
  const word = () => WORDS[(seed = (seed * 48271) % 2147483647) % WORDS.length]!
  const sentence = () => `${Array.from({ length: 12 }, word).join(' ')}.`
  const p = (): GuideNode => ({ type: 'paragraph', content: [{ type: 'text', text: `${sentence()} ${sentence()} ${sentence()}` }] })
  const h = (s: string): GuideNode => ({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: s }] })
  return {
    type: 'doc',
    content: [
      h('Bakgrund'),
      p(),
      p(),
      h('Så gör du'),
      { type: 'bulletList', content: [1, 2, 3].map(() => ({ type: 'listItem', content: [p()] })) },
      h('Tänk på'),
      p(),
      p(),
    ],
  }
}

/** Adds the bench's categories and guides when the database has fewer than it measures. */
async function ensureGuides(audiences: Audience[]) {
  const [{ n }] = (await db.select({ n: count() }).from(t.guides)) as [{ n: number }]
  if (n >= GUIDES) return n
  const now = Date.now()
  await database.transaction(async (tx) => {
    const categoryIds: string[] = []
    for (let c = 0; c < CATEGORIES; c++) {
      const id = randomUUID()
      categoryIds.push(id)
      await tx.insert(t.guideCategories).values({
        id,
        position: 100 + c,
        icon: 'book',
        name: { sv: `Bench ${c + 1}`, en: `Bench ${c + 1}`, fi: null },
        description: { sv: 'Guider för mätningen', en: null, fi: null },
        audience: EVERYONE,
        createdAt: now,
        updatedAt: now,
      })
    }
    for (let g = n; g < GUIDES; g++) {
      const id = randomUUID()
      const texts: GuideTexts = {
        sv: { title: `Guide ${g + 1}: ${WORDS[g % WORDS.length]} och ${WORDS[(g * 3) % WORDS.length]}`, summary: 'Kort om vad guiden tar upp.', body: body(g) },
        en: g % 2 === 0 ? { title: `Guide ${g + 1}`, summary: 'What the guide covers.', body: body(g + 1) } : null,
        fi: null,
      }
      const mustRead = g % 10 === 0
      await tx.insert(t.guides).values({
        id,
        categoryId: categoryIds[g % categoryIds.length]!,
        position: g,
        mustRead,
        texts,
        title: texts.sv.title,
        languages: languagesOf(texts),
        listing: listingOf(texts, mustRead),
        audience: audiences[g % audiences.length]!,
        publishedNumber: 1,
        publishedAt: now - g * 3_600_000,
        unpublished: false,
        createdAt: now,
        updatedAt: now,
      })
      await tx.insert(t.guideVersions).values({ id: randomUUID(), guideId: id, number: 1, texts, mustRead, searchText: searchTextOf(texts), publishedAt: now })
    }
  })
  return GUIDES
}

try {
  const deps = await createDeps(env, database, { events: { pollMs: 60_000 } })
  const { guides } = assembleAreas(deps)
  const auth = authService(database, { sessionTtlMs: 3_600_000, scryptLogN: 10, secrets: deps.secrets })
  const seller = { ...(await actorOf(database, auth, 'seller@demo.test')), language: 'sv' as const }
  const [me] = await db.select({ teamId: t.users.teamId, roleId: t.users.roleId }).from(t.users).where(eq(t.users.id, seller.id))
  // Two thirds for everyone; the rest narrowed: the seller's role, their team, another team, a provider no one sells for.
  const audiences: Audience[] = [
    EVERYONE,
    EVERYONE,
    EVERYONE,
    EVERYONE,
    { ...EVERYONE, roles: [me!.roleId] },
    { ...EVERYONE, teams: [me!.teamId ?? 'none'] },
    { ...EVERYONE, teams: ['another-team'] },
    { ...EVERYONE, providers: ['no-such-provider'] },
  ]
  const total = await ensureGuides(audiences)
  const [{ bench }] = (await db.select({ bench: count() }).from(t.guideCategories).where(like(t.guideCategories.name, '%Bench%'))) as [{ bench: number }]

  const dashboard = await guides.reading.dashboard(seller)
  const readable = dashboard.categories.flatMap((c) => c.guides)
  const one = readable[Math.floor(readable.length / 2)]!
  const dialect = database.dialect === 'pg' ? 'PostgreSQL' : 'SQLite'
  console.log(`bench:guides on ${dialect}: ${total} guides (${bench} bench categories), the seller reads ${readable.length}; ${RUNS} runs each (p50 / p95 ms)`)
  console.log(`\nOn the server (target p95 < ${SERVER_MS} ms):`)
  await runTimedCases(
    [
      ['the dashboard', async () => `${(await guides.reading.dashboard(seller)).categories.length} categories`],
      ['a guide’s page', async () => `${(await guides.reading.view(seller, one.id)).title}`],
      ['the search index (built once, then cached)', async () => `${((await guides.reading.searchIndex(seller)).index.length / 1024).toFixed(0)} kB`],
      [
        'the offline snapshot (every guide with its body)',
        async () => `${(JSON.stringify(await guides.offline.snapshot(seller)).length / 1024).toFixed(0)} kB`,
      ],
    ],
    recorder,
    SERVER_MS,
    'guides call',
  )

  // After a publish the next reader's index is built from nothing (then cached): the MiniSearch build itself.
  const snapshot = await guides.offline.snapshot(seller)
  const docs = snapshot.guides.map((g) => ({ id: g.id, categoryId: g.categoryId, title: g.title, summary: g.summary, text: docText(g.body) }))
  console.log(`\nOnce per publish and language (target p95 < ${BUILD_MS} ms):`)
  await runTimedCases(
    (['sv', 'en', 'fi'] as const).map(
      (l) => [`the search index built from nothing (${l})`, async () => `${(buildGuideIndex(docs, l).length / 1024).toFixed(0)} kB`] as const,
    ),
    recorder,
    BUILD_MS,
    'index build',
  )

  const { index } = await guides.reading.searchIndex(seller)
  const started = performance.now()
  const onDevice = loadGuideIndex(index, 'sv')
  console.log(`\nOn the device (target p95 < ${DEVICE_MS} ms); loading the index took ${(performance.now() - started).toFixed(1)} ms:`)
  const queries = ['säljare', 'invändningar', 'kundens avtal', 'pris', 'provisio', 'ångerrätten legitimation']
  await runTimedCases(
    queries.map((q) => [`search "${q}"`, async () => `${onDevice.search(q).length} hits`] as const),
    recorder,
    DEVICE_MS,
    'search',
  )
  await Promise.all([deps.events.stop(), deps.jobs.stop(), deps.realtime.close()])
} finally {
  await database.close()
}
