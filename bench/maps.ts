import { randomUUID } from 'node:crypto'
import { count, like } from 'drizzle-orm'
import { assembleAreas } from '../server/composition/areas'
import { authService } from '../server/modules/auth/auth.service'
import { createDeps } from '../server/platform/deps'
import { CITY_CENTRES } from '../server/seed/places'
import { actorOf, benchDatabase, RUNS, runTimedCases, sized, statementRecorder } from './lib'

/**
 * `npm run bench:maps` — the maps (issue 46, docs/decisions/074) on the large data set (`npm run seed -- --scale
 * large`, whose sales have positions): the sales of a month for the whole organisation as back office sees them,
 * clustered for the whole country, a city and a street (each answer built anew: no view token), then the same view
 * panned (its token reused); and the areas' counts — 200 areas drawn around the cities (added when the database has
 * fewer, named "Bench …"), each counted against the month's sales. Targets: p95 under 300 ms for the clustered
 * answer, under 200 ms for the areas' counts.
 */
const { env, database } = await benchDatabase()
const { db, t } = database
const recorder = statementRecorder(database)
const AREAS = sized(200, 10)
const CLUSTER_MS = 300
const AREAS_MS = 200

/** Bench areas around the cities: hexagons about 2 km across, some overlapping their neighbours. */
async function ensureAreas(): Promise<number> {
  const [{ n }] = (await db.select({ n: count() }).from(t.fieldAreas).where(like(t.fieldAreas.name, 'Bench %'))) as [{ n: number }]
  if (n >= AREAS) return n
  const centres = Object.values(CITY_CENTRES)
  const now = Date.now()
  const rows = Array.from({ length: AREAS - n }, (_, k) => {
    const i = n + k
    const [lat, lng] = centres[i % centres.length]!
    const ring = Math.floor(i / centres.length)
    const a = (ring * 2.4) % (2 * Math.PI)
    const [clat, clng] = [lat + 0.012 * ring * Math.sin(a), lng + 0.022 * ring * Math.cos(a)]
    const coordinates = [
      Array.from({ length: 7 }, (_, j) => {
        const b = ((j % 6) * Math.PI) / 3
        return [clng + 0.018 * Math.cos(b), clat + 0.009 * Math.sin(b)] as [number, number]
      }),
    ]
    return {
      id: randomUUID(),
      name: `Bench ${i + 1}`,
      teamId: null,
      officeId: null,
      shape: { type: 'Polygon' as const, coordinates },
      createdAt: now,
      updatedAt: now,
    }
  })
  for (let i = 0; i < rows.length; i += 100) await db.insert(t.fieldAreas).values(rows.slice(i, i + 100))
  return AREAS
}

try {
  const deps = await createDeps(env, database, { events: { pollMs: 60_000 } })
  const { field } = assembleAreas(deps)
  const auth = authService(database, { sessionTtlMs: 3_600_000, scryptLogN: 10, secrets: deps.secrets })
  const backoffice = await actorOf(database, auth, 'backoffice@demo.test')
  const areas = await ensureAreas()
  // The last whole month (the data set's sales run until the day it was seeded for).
  const today = new Date().toISOString().slice(0, 10)
  const month = today.slice(0, 7)
  const [y, m] = month.split('-').map(Number) as [number, number]
  const prev = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`
  const from = `${prev}-01`
  const to = `${prev}-${String(new Date(Date.UTC(y, m - 1, 0)).getUTCDate()).padStart(2, '0')}`
  const period = { from, to, zoom: 5 }
  const first = await field.maps.saleMaps.sales(backoffice.ability, { ...period, bbox: [10, 55, 25, 70] })
  const dialect = database.dialect === 'pg' ? 'PostgreSQL' : 'SQLite'
  console.log(
    `bench:maps on ${dialect}: ${from}…${to}, ${first.totals.sales.toLocaleString('en')} sales (${first.totals.device} by the app, ${first.totals.postalCode} by postal code, ${first.totals.withoutPosition} without), ${areas} bench areas; ${RUNS} runs each (p50 / p95 ms)`,
  )
  const [mlat, mlng] = CITY_CENTRES['Malmö']!
  const view = `bench-${randomUUID().slice(0, 8)}`
  console.log(`\nThe clustered answer (target p95 < ${CLUSTER_MS} ms):`)
  await runTimedCases(
    [
      [
        'the country, zoom 5 (read and clustered anew)',
        async () => `${(await field.maps.saleMaps.sales(backoffice.ability, { ...period, bbox: [10, 55, 25, 70] })).features.length} features`,
      ],
      [
        'a city, zoom 11 (read and clustered anew)',
        async () =>
          `${(await field.maps.saleMaps.sales(backoffice.ability, { ...period, zoom: 11, bbox: [mlng - 0.25, mlat - 0.12, mlng + 0.25, mlat + 0.12] })).features.length} features`,
      ],
      [
        'a street, zoom 16 (read and clustered anew)',
        async () =>
          `${(await field.maps.saleMaps.sales(backoffice.ability, { ...period, zoom: 16, bbox: [mlng - 0.01, mlat - 0.005, mlng + 0.01, mlat + 0.005] })).features.length} features`,
      ],
      [
        'a pan of the same view (its token: the clustered month reused)',
        async () =>
          `${(await field.maps.saleMaps.sales(backoffice.ability, { ...period, zoom: 11, view, bbox: [mlng - 0.2, mlat - 0.12, mlng + 0.3, mlat + 0.12] })).features.length} features`,
      ],
    ],
    recorder,
    CLUSTER_MS,
    'clustered answer',
  )
  console.log(`\nThe areas' counts (target p95 < ${AREAS_MS} ms):`)
  await runTimedCases(
    [
      [
        `every area (${areas}) with the month's sales in it`,
        async () => {
          const all = await field.maps.areas(backoffice.ability, { from, to })
          return `${all.length} areas, ${all.reduce((n, a) => n + a.sales, 0).toLocaleString('en')} sales in them, ${all.filter((a) => a.overlaps.length).length} overlapping`
        },
      ],
    ],
    recorder,
    AREAS_MS,
    'areas count',
  )
  await Promise.all([deps.events.stop(), deps.jobs.stop(), deps.realtime.close()])
} finally {
  await database.close()
}
