import { createHash } from 'node:crypto'
import { count, eq, getTableName } from 'drizzle-orm'
import { raiseChangeBaseline } from '../db/change-counter'
import type { RoleKey } from '../../shared/permissions/roles'
import { personalNumberOf } from '../../shared/rules/identity'
import { customerKeyOf, daysApart, DOUBLE_WINDOW_DEFAULT_DAYS } from '../../shared/rules/double-sales'
import { fillCustomersFromSales } from '../modules/customers/customers.fill'
import { fillCommissionFromHistory } from '../modules/pay/pay.fill'
import { attestPastMonths } from './demo-time'
import { fillSaleSummary } from '../modules/sales/sales.fill'
import { fillMonthHours } from '../modules/time-reports/time-reports.fill'
import { fillGame } from '../modules/game/game.fill'
import { fillQualityNki } from '../modules/quality/quality.fill'
import { DEMO_LEVELS } from './game'
import type { DeviationType, SaleStatus } from '../../shared/rules/sale'
import type { AbsenceType, AllowanceType } from '../../shared/rules/time-report'
import { addDays, monthRange, WORK_DAY_HOURS } from '../../shared/rules/work'
import { hashPassword } from '../lib/password'
import { bulkLoader } from '../db/bulk'
import { searchTextOf } from '../../shared/rules/deviations'
import { gradeOf, samplingReason, starterContent, surveyNki, surveyScore, type Answers } from '../../shared/rules/quality'
import type { TemplateContent } from '../../shared/schemas/quality'
import type { Database, Schema } from '../db/client'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../shared/demo'
import { seedRolesIfEmpty } from './roles'
import { doorPosition, postalPositionsOf } from './places'
import { FIRST_NAMES, LAST_NAMES, prng, REGRET_REASONS, STREETS } from './vocabulary'
import { seedCandidates } from './organisation-candidates'

/**
 * A whole sales organisation as data, for measuring and for demonstrating at volume (npm run seed -- --scale …).
 * Deterministic: the same scale and end date give the same rows, ids included. Rows go in through bulk inserts
 * (server/db/bulk.ts), never through the request path, and no domain events are recorded: this is history that
 * happened before the system, as an import would be (docs/decisions/021).
 */

export type Scale = {
  regions: number
  offices: number
  teams: number
  users: number
  providers: number
  products: number
  sales: number
  /** candidates over the history (issue 44) */
  candidates: number
  /** calendar days of history, ending on the end date */
  days: number
}

export const SCALES = {
  small: { regions: 2, offices: 4, teams: 8, users: 160, providers: 6, products: 36, sales: 5_000, candidates: 400, days: 730 },
  large: { regions: 4, offices: 20, teams: 200, users: 5_000, providers: 50, products: 500, sales: 1_000_000, candidates: 20_000, days: 730 },
} satisfies Record<string, Scale>
export type ScaleName = keyof typeof SCALES

export type SeedReport = { counts: Record<string, number>; ms: Record<string, number>; totalMs: number }

type Table = Schema[keyof Schema]
type Row<T> = T extends { $inferInsert: infer R } ? R : never

// ── Deterministic randomness ──────────────────────────────────────────────────────────────────────────────

type Rng = ReturnType<typeof prng>

// ── The organisation's vocabulary ─────────────────────────────────────────────────────────────────────────

const REGIONS = ['Syd', 'Väst', 'Mitt', 'Norr', 'Öst', 'Nord']
const CITIES = [
  ['Malmö', '211'],
  ['Göteborg', '411'],
  ['Stockholm', '111'],
  ['Umeå', '903'],
  ['Lund', '222'],
  ['Borås', '503'],
  ['Uppsala', '753'],
  ['Luleå', '972'],
  ['Helsingborg', '252'],
  ['Halmstad', '302'],
  ['Västerås', '722'],
  ['Sundsvall', '852'],
  ['Kristianstad', '291'],
  ['Trollhättan', '461'],
  ['Örebro', '703'],
  ['Östersund', '831'],
  ['Växjö', '352'],
  ['Karlstad', '652'],
  ['Linköping', '582'],
  ['Gävle', '802'],
  ['Jönköping', '553'],
  ['Norrköping', '602'],
  ['Eskilstuna', '632'],
  ['Skellefteå', '931'],
] as const
const TEAM_WORDS = ['Nord', 'Syd', 'Öst', 'Väst', 'Centrum', 'Hamnen', 'Kusten', 'Skogen', 'Fjällen', 'Älven', 'Staden', 'Slätten']
const CATEGORY_NAMES: Record<string, string> = {
  energy: 'Elavtal',
  broadband: 'Bredband och TV',
  alarm: 'Larm',
  insurance: 'Försäkring',
  charity: 'Månadsgivare',
}

/** A UUID (version 4's layout) from a name, the same every run: for rows whose ids must not take draws from rng. */
function nameUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${'89ab'[parseInt(h[16]!, 16) % 4]}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

const PROVIDER_KINDS = [
  {
    type: 'energy',
    names: ['Energi', 'El', 'Kraft'],
    products: [
      'Elavtal Fast 12 mån',
      'Elavtal Fast 24 mån',
      'Elavtal Rörligt',
      'Elavtal Mix',
      'Grön el-tillägg',
      'Solcellsavtal',
      'Laddbox-avtal',
      'Elavtal Företag',
      'Timpris-avtal',
      'Spotpris Plus',
    ],
    price: [0, 0],
  },
  {
    type: 'broadband',
    names: ['Fiber', 'Nät', 'Bredband'],
    products: [
      'Bredband 100/100',
      'Bredband 250/250',
      'Bredband 500/500',
      'Bredband 1000/1000',
      'TV-paket Bas',
      'TV-paket Plus',
      'Telefoni',
      'Router Pro',
      'Mesh-paket',
      'Streaming-paket',
    ],
    price: [9_900, 59_900],
  },
  {
    type: 'alarm',
    names: ['Larm', 'Trygghet', 'Säkerhet'],
    products: [
      'Hemlarm Standard',
      'Hemlarm Premium',
      'Brandvarnare (st)',
      'Kameraövervakning',
      'Dörrlås Smart',
      'Vattenlarm',
      'Väktarabonnemang',
      'Fritidshuslarm',
      'Överfallslarm',
      'Larmservice',
    ],
    price: [4_900, 49_900],
  },
  {
    type: 'insurance',
    names: ['Försäkring', 'Skydd', 'Trygg'],
    products: [
      'Hemförsäkring',
      'Villaförsäkring',
      'Olycksfall Barn',
      'Olycksfall Vuxen',
      'Bilförsäkring',
      'Djurförsäkring',
      'Reseförsäkring',
      'Livförsäkring',
      'Sjukvård Plus',
      'Inkomstskydd',
    ],
    price: [9_900, 39_900],
  },
  {
    type: 'charity',
    names: ['Hjälp', 'Fond', 'Insamling'],
    products: [
      'Månadsgivare 100 kr',
      'Månadsgivare 200 kr',
      'Månadsgivare 300 kr',
      'Fadderskap',
      'Gåvobrev',
      'Minnesgåva',
      'Företagsgivare',
      'Engångsgåva',
      'Skolfadder',
      'Vattenpaket',
    ],
    price: [10_000, 30_000],
  },
] as const
const PROVIDER_PREFIXES = ['Nord', 'Svea', 'Väst', 'Öst', 'Sol', 'Berg', 'Fjord', 'Hav', 'Ljus', 'Tryggt', 'Bäst', 'Klar', 'Fri', 'Stark', 'Grön']
const DEVIATION_REASONS: Record<DeviationType, string> = {
  not_credit_worthy: 'Kunden blev inte godkänd i kreditkontrollen.',
  incorrect_order: 'Fel produkt registrerad: kunden beställde ett annat paket. Rätta ordern.',
  customer_cannot_continue: 'Kunden kan inte fullfölja avtalet (flyttar).',
  incorrect_ssn: 'Personnumret stämmer inte med kundens legitimation. Rätta och skicka igen.',
  other: 'Adressen saknar lägenhetsnummer. Komplettera ordern.',
}

const DAY = 86_400_000

/** Lower case, with å, ä and ö as a and o: what an e-mail address made from a name uses. */
const ascii = (x: string) => x.toLowerCase().replace(/[åä]/g, 'a').replace(/ö/g, 'o')

/** Monday–Friday days of the `days` calendar days ending with `until` (YYYY-MM-DD), oldest first. */
export function workingDays(until: string, days: number): string[] {
  const end = Date.parse(`${until}T00:00:00Z`)
  const out: string[] = []
  for (let i = days - 1; i >= 0; i--) {
    const d = new Date(end - i * DAY)
    const wd = d.getUTCDay()
    if (wd !== 0 && wd !== 6) out.push(d.toISOString().slice(0, 10))
  }
  return out
}

/** An instant on a business day at a Swedish local time between 09:00 and 19:00 (UTC 08–17 is always that day). */
const instantOn = (day: string, rng: Rng) => Date.parse(`${day}T00:00:00Z`) + rng.int(8 * 60, 17 * 60 + 59) * 60_000 + rng.int(0, 59_999)

type Person = { id: string; role: RoleKey; teamIndex: number | null; officeIndex: number | null; first: number; last: number; skill: number; active: boolean }

/**
 * Seeds `scale` into an empty, migrated database. Returns null when the database already has users: a data set
 * is never mixed into someone's data.
 */
export async function seedOrganisation(
  database: Database,
  opts: { scale: Scale; until: string; scryptLogN: number; log?: (line: string) => void },
): Promise<SeedReport | null> {
  const { t } = database
  const started = performance.now()
  const log = opts.log ?? (() => {})
  const [existing] = await database.db.select({ n: count() }).from(t.users)
  if ((existing?.n ?? 0) > 0) return null
  const s = opts.scale
  const rng = prng(`saljkraft:${JSON.stringify(s)}:${opts.until}`)
  const loader = bulkLoader(database)
  const counts: Record<string, number> = {}
  const ms: Record<string, number> = {}
  const endMs = Date.parse(`${opts.until}T12:00:00Z`)
  const createdAt = endMs - s.days * DAY
  let version = 0

  const pending = new Map<Table, unknown[]>()
  const BATCH = database.dialect === 'pg' ? 5_000 : 20_000
  const timed = async (label: string, fn: () => Promise<void>) => {
    const t0 = performance.now()
    await fn()
    ms[label] = (ms[label] ?? 0) + (performance.now() - t0)
  }
  // On PostgreSQL one batch is being written while the next is generated (the server works on the other core);
  // batches still go in the order they were taken, so parents land before the rows that refer to them.
  let writing: Promise<void> = Promise.resolve()
  const flushAll = async () => {
    await writing
    const batches = [...pending.entries()].filter(([, rows]) => rows.length > 0)
    for (const [table] of batches) pending.set(table, [])
    writing = (async () => {
      for (const [table, rows] of batches) await timed(`insert ${getTableName(table)}`, () => loader.insert(table, rows as never))
    })()
    // A failed write surfaces at the next flush's await; until then it is not an unhandled rejection.
    writing.catch(() => undefined)
    if (database.dialect === 'sqlite') await writing
  }
  const settle = async () => {
    await flushAll()
    await writing
  }
  const add = async <T extends Table>(table: T, row: Row<T>) => {
    let rows = pending.get(table)
    if (!rows) pending.set(table, (rows = []))
    rows.push(row)
    const name = getTableName(table)
    counts[name] = (counts[name] ?? 0) + 1
    // All tables flush together, in the order they were first added to: parents before the rows that refer to them.
    if (rows.length >= BATCH) await flushAll()
  }

  // ── Roles, regions, offices, teams ──
  const roleIds = await database.transaction((tx) => seedRolesIfEmpty(database, tx, createdAt))
  const regionIds = Array.from({ length: s.regions }, () => rng.uuid())
  for (const [i, id] of regionIds.entries())
    await add(t.regions, { id, name: `Region ${REGIONS[i % REGIONS.length]}${i >= REGIONS.length ? ` ${i + 1}` : ''}`, createdAt })
  const offices = Array.from({ length: s.offices }, (_, i) => {
    const [city, postal] = CITIES[i % CITIES.length]!
    return { id: rng.uuid(), city, postal, name: i < CITIES.length ? city : `${city} ${Math.floor(i / CITIES.length) + 1}`, region: i % s.regions }
  })
  for (const o of offices) await add(t.offices, { id: o.id, name: o.name, regionId: regionIds[o.region]!, createdAt })
  // The maps (docs/decisions/074): each city's postal codes at points around it, and most sales at the door they were
  // made at (the app's position, with the sellers' permission); the rest are placed by their postal code.
  const postalPoints = new Map<string, [number, number]>()
  for (const [city, prefix] of new Set(offices.map((o) => `${o.city}|${o.postal}`).map((k) => k.split('|') as [string, string])))
    for (const row of postalPositionsOf(city, prefix, createdAt)) {
      if (postalPoints.has(row.postalCode)) continue
      postalPoints.set(row.postalCode, [row.lat, row.lng])
      await add(t.postalPositions, row)
    }
  await add(t.saleSettings, { id: 'global', doubleWindowDays: DOUBLE_WINDOW_DEFAULT_DAYS, recordPositions: true, updatedAt: createdAt, updatedById: null })
  const posRng = prng(`saljkraft:positions:${JSON.stringify(s)}:${opts.until}`)
  const teams = Array.from({ length: s.teams }, (_, i) => ({ id: rng.uuid(), office: i % s.offices, n: Math.floor(i / s.offices) }))
  for (const team of teams) {
    const o = offices[team.office]!
    await add(t.teams, {
      id: team.id,
      name: `Team ${o.city} ${TEAM_WORDS[team.n % TEAM_WORDS.length]}${team.n >= TEAM_WORDS.length ? ` ${team.n + 1}` : ''}`,
      officeId: o.id,
      createdAt,
    })
  }

  // ── Providers and products; each office sells a handful of providers ──
  const providers = Array.from({ length: s.providers }, (_, i) => {
    const kind = PROVIDER_KINDS[i % PROVIDER_KINDS.length]!
    const prefix = PROVIDER_PREFIXES[Math.floor(i / PROVIDER_KINDS.length) % PROVIDER_PREFIXES.length]!
    const n = Math.floor(i / (PROVIDER_KINDS.length * PROVIDER_PREFIXES.length))
    return {
      id: rng.uuid(),
      kind,
      name: `${prefix}${kind.names[i % kind.names.length]!.toLowerCase()}${n ? ` ${n + 1}` : ''}`,
      requireExternal: kind.type === 'broadband',
    }
  })
  const perProvider = Math.max(1, Math.floor(s.products / s.providers))
  const products = providers.flatMap((p, pi) =>
    Array.from({ length: perProvider }, (_, j) => {
      const [lo, hi] = p.kind.price
      const priceOre = lo === hi ? lo : Math.round(rng.int(lo, hi) / 1000) * 1000 - 100
      const sellerCommissionOre = rng.int(2, 9) * 10_000
      return {
        id: rng.uuid(),
        providerIndex: pi,
        providerId: p.id,
        name: `${p.kind.products[j % p.kind.products.length]}${j >= p.kind.products.length ? ` ${Math.floor(j / p.kind.products.length) + 1}` : ''}`,
        priceOre,
        sellerCommissionOre,
        companyCommissionOre: sellerCommissionOre * 2 + rng.int(0, 5) * 5_000,
        companyCostOre: rng.int(1, 6) * 5_000,
        quantityMax: p.kind.products[j % p.kind.products.length]!.includes('(st)') ? 4 : 1,
      }
    }),
  )
  // One product category per kind of provider, with the kind's typical seller commission. Ids derive from the
  // name, not from rng: the draws of everything after stay as they were.
  const categoryIds = new Map<string, string>()
  for (const kind of PROVIDER_KINDS) {
    const id = nameUuid(`category:${kind.type}`)
    categoryIds.set(kind.type, id)
    await add(t.productCategories, {
      id,
      name: CATEGORY_NAMES[kind.type]!,
      sellerCommissionOre: 50_000,
      companyCommissionOre: null,
      active: true,
      version: 1,
      createdAt,
      updatedAt: createdAt,
    })
  }
  for (const p of providers) {
    await add(t.providers, {
      id: p.id,
      name: p.name,
      type: p.kind.type,
      requireExternalOrderNumber: p.requireExternal,
      copyAllProducts: false,
      active: true,
      createdAt,
      updatedAt: createdAt,
    })
  }
  for (const p of products) {
    const { providerIndex: _i, quantityMax: _q, ...row } = p
    await add(t.products, {
      ...row,
      categoryId: categoryIds.get(providers[p.providerIndex]!.kind.type) ?? null,
      gamePoints: Math.round(p.sellerCommissionOre / 5_000),
      active: true,
      createdAt,
      updatedAt: createdAt,
    })
  }
  const productsOf = providers.map((_, pi) => products.filter((p) => p.providerIndex === pi))
  const officeProviders = offices.map((_, oi) => {
    const n = Math.min(s.providers, 8)
    return Array.from({ length: n }, (_, k) => (oi * 3 + k * 7) % s.providers).filter((v, k, a) => a.indexOf(v) === k)
  })

  // ── Sale quality (docs/decisions/045): the default survey template, and one of the first provider's own with
  // stricter grades. Ids and draws come from their own stream: everything drawn after stays as it was.
  const qrng = prng(`saljkraft:quality:${JSON.stringify(s)}:${opts.until}`)
  const qualityTemplates: Array<{ id: string; versionId: string; content: TemplateContent }> = []
  for (const [i, name] of ['Standard', providers[0]!.name].entries()) {
    // This organisation calls about three sales in ten (the starter's share is 20 %; new sellers' sales come on top).
    const content = starterContent()
    content.sampling.sharePercent = 27
    if (i === 1)
      content.grades = [
        { grade: 'A', min: 90 },
        { grade: 'B', min: 75 },
        { grade: 'C', min: 55 },
        { grade: 'D', min: 0 },
      ]
    const template = { id: qrng.uuid(), versionId: qrng.uuid(), content }
    qualityTemplates.push(template)
    await add(t.qualityTemplates, {
      id: template.id,
      name,
      providerId: i === 0 ? null : providers[0]!.id,
      active: true,
      createdAt,
      updatedAt: createdAt,
      version: 1,
    })
    await add(t.qualityTemplateVersions, { id: template.versionId, templateId: template.id, number: 1, content, createdAt, createdBy: null })
  }

  // ── People: the demo accounts (one per role, password saljkraft-demo) and the rest of the organisation ──
  const passwordHash = await hashPassword(DEMO_PASSWORD, opts.scryptLogN)
  const people: Person[] = []
  const person = (role: RoleKey, teamIndex: number | null, officeIndex: number | null): Person => ({
    id: rng.uuid(),
    role,
    teamIndex,
    officeIndex,
    first: rng.int(0, FIRST_NAMES.length - 1),
    last: rng.int(0, LAST_NAMES.length - 1),
    skill: 0.4 + rng.next() * 1.2,
    active: true,
  })
  const demo = new Map<string, Person>()
  for (const a of DEMO_ACCOUNTS) {
    const p = person(
      a.role,
      a.role === 'seller' ? 0 : null,
      a.role === 'backoffice' || a.role === 'manager' || a.role === 'coach' || a.role === 'recruiter' ? 0 : null,
    )
    demo.set(a.email, p)
    people.push(p)
  }
  for (let oi = 0; oi < s.offices; oi++) {
    if (oi > 0) people.push(person('manager', null, oi))
    for (let k = oi === 0 ? 1 : 0; k < 2; k++) people.push(person('backoffice', null, oi))
  }
  for (let r = 1; r < s.regions; r++) people.push(person('recruiter', null, r))
  const coachOf: Array<Person> = teams.map((team, ti) => {
    // The demo coach coaches two teams of the demo office (team i belongs to office i mod offices).
    if (ti === 0 || ti === s.offices) return demo.get('coach@demo.test')!
    const c = person('coach', null, team.office)
    people.push(c)
    return c
  })
  const sellers: Person[] = [demo.get('seller@demo.test')!]
  while (people.length < s.users) {
    const p = person('seller', rng.int(0, s.teams - 1), null)
    people.push(p)
    sellers.push(p)
  }

  // Employment: most sellers stay the whole period; others start during it, and some of those leave again.
  const days = workingDays(opts.until, s.days)
  const lastMonth = days.at(-1)!.slice(0, 7)
  const employment = sellers.map((p, i) => {
    if (i === 0 || rng.chance(0.45)) return { from: 0, to: days.length - 1 }
    const from = rng.int(0, Math.floor(days.length * 0.85))
    const to = rng.chance(0.5) ? Math.min(days.length - 1, from + rng.int(20, 240)) : days.length - 1
    if (to < days.length - 1) p.active = false
    return { from, to }
  })

  // The day each seller began: within the period for those who started during it, else before it (no draw: the
  // stream stays as it was). The quality sampling rule calls every sale of a seller's first weeks.
  const employmentDateOf = new Map<Person, string>(
    sellers.map((p, i) => {
      const { from } = employment[i]!
      if (from > 0) return [p, days[from]!]
      return [p, new Date(Date.parse(`${days[0]!}T12:00:00Z`) - (30 + ((i * 97) % 1500)) * DAY).toISOString().slice(0, 10)]
    }),
  )
  const emailSeen = new Set<string>()
  const emailOf = (p: Person, n: number) => {
    let email = `${ascii(FIRST_NAMES[p.first]!)}.${ascii(LAST_NAMES[p.last]!)}@saljkraft.test`
    if (emailSeen.has(email)) email = email.replace('@', `.${n}@`)
    emailSeen.add(email)
    return email
  }
  const demoByPerson = new Map([...demo.entries()].map(([email, p]) => [p, DEMO_ACCOUNTS.find((a) => a.email === email)!]))
  for (const [n, p] of people.entries()) {
    const account = demoByPerson.get(p)
    const teamId = p.teamIndex !== null ? teams[p.teamIndex]!.id : null
    await add(t.users, {
      id: p.id,
      email: account?.email ?? emailOf(p, n),
      passwordHash,
      firstName: account?.firstName ?? FIRST_NAMES[p.first]!,
      lastName: account?.lastName ?? LAST_NAMES[p.last]!,
      shortName: account?.shortName ?? `${FIRST_NAMES[p.first]![0]}${LAST_NAMES[p.last]![0]}${n}`,
      roleId: roleIds[p.role]!,
      teamId,
      officeId: p.officeIndex !== null ? offices[p.officeIndex]!.id : null,
      employeeId: `E-${String(10_000 + n)}`,
      employmentDate: employmentDateOf.get(p) ?? null,
      phone: `07${rng.int(0, 9)}-${rng.int(100, 999)} ${rng.int(10, 99)} ${rng.int(10, 99)}`,
      language: null,
      active: p.active,
      createdAt,
      updatedAt: createdAt,
    })
  }
  const coached = new Set<string>()
  for (const [ti, c] of coachOf.entries()) {
    const key = `${ti}:${c.id}`
    if (coached.has(key)) continue
    coached.add(key)
    await add(t.teamCoaches, { teamId: teams[ti]!.id, userId: c.id })
  }
  // The recruiters' candidates over the history (issue 44), in their own sequence.
  await seedCandidates(t, add as never, {
    seed: `${JSON.stringify(s)}:${opts.until}`,
    count: s.candidates,
    endMs,
    days: s.days,
    recruiters: people
      .filter((p) => p.role === 'recruiter' && p.officeIndex !== null)
      .map((p) => ({ id: p.id, regionId: regionIds[offices[p.officeIndex!]!.region]! })),
  })
  await settle()
  log(`organisation: ${people.length} users, ${sellers.length} sellers, ${s.teams} teams, ${products.length} products`)
  // The big tables are loaded without their secondary indexes and triggers, which are built afterwards in one
  // sorted pass each: inserting a million rows into a dozen random-key indexes row by row was most of the seed.
  let restoreIndexes: () => Promise<void> = async () => {}
  await timed('drop indexes', async () => {
    restoreIndexes = await loader.deferIndexes([t.timeReports, t.sickNotices, t.sales, t.saleLines, t.saleStatusHistory, t.qualitySurveys, t.saleDeviations])
  })

  // ── Time reports for every working day of every seller's employment, and sick notices ──
  // presentDay[si] marks the days a seller worked: the only days they can have sold.
  const backoffice = people.filter((p) => p.role === 'backoffice')
  const workedDays: Array<{ si: number; day: number }> = []
  for (const [si, p] of sellers.entries()) {
    const { from, to } = employment[si]!
    const team = teams[p.teamIndex!]!
    const vacationStart = rng.int(0, 14)
    let sickLeft = 0
    for (let d = from; d <= to; d++) {
      const day = days[d]!
      const month = day.slice(5, 7)
      const dom = Number(day.slice(8, 10))
      let present: boolean = true
      let workHours = WORK_DAY_HOURS
      let absenceType: AbsenceType | null = null
      let allowanceType: AllowanceType = 0
      let travelLocation: string | null = null
      const inVacation = month === '07' && dom >= vacationStart && dom < vacationStart + 17
      if (sickLeft > 0) {
        sickLeft--
        present = false
        absenceType = 'sick'
      } else if (inVacation || (month === '12' && dom >= 23)) {
        present = false
        absenceType = 'vacation'
      } else if (rng.chance(0.025)) {
        sickLeft = rng.int(0, 4)
        present = false
        absenceType = 'sick'
        await add(t.sickNotices, {
          id: rng.uuid(),
          userId: p.id,
          teamId: team.id,
          officeId: offices[team.office]!.id,
          date: day,
          message: rng.chance(0.3) ? 'Feber, hör av mig i morgon.' : null,
          sentAt: Date.parse(`${day}T05:45:00Z`),
          version: ++version,
          createdAt: Date.parse(`${day}T05:45:00Z`),
        })
      } else if (rng.chance(0.015)) {
        workHours = 4
        absenceType = 'child_care'
      } else if (rng.chance(0.05)) {
        allowanceType = 2
        travelLocation = `Säljresa ${rng.pick(CITIES)[0]}`
      }
      if (present) workedDays.push({ si, day: d })
      const at = Date.parse(`${day}T17:30:00Z`)
      await add(t.timeReports, {
        id: rng.uuid(),
        userId: p.id,
        teamId: team.id,
        officeId: offices[team.office]!.id,
        date: day,
        present,
        workHours: present ? workHours : 0,
        absenceHours: present ? WORK_DAY_HOURS - workHours : WORK_DAY_HOURS,
        absenceType,
        allowanceType,
        travelLocation,
        comment: null,
        version: ++version,
        createdAt: at,
        updatedAt: at,
      })
    }
    // A monthly budget for every month of the employment.
    const months = [...new Set(days.slice(from, to + 1).map((d) => d.slice(0, 7)))]
    // Every month before the data set's last one is attested by the seller's coach (the payroll export needs it).
    for (const month of months) {
      if (month >= lastMonth) continue
      const at = Date.parse(`${month}-28T15:00:00Z`)
      await add(t.timeAttestations, {
        id: rng.uuid(),
        userId: p.id,
        teamId: team.id,
        officeId: offices[team.office]!.id,
        month,
        attestedAt: at,
        attestedById: null,
        reopenedAt: null,
        reopenedById: null,
        reopenReason: null,
        version: ++version,
        updatedAt: at,
      })
    }
    for (const month of months) {
      await add(t.salesBudgets, {
        id: rng.uuid(),
        userId: p.id,
        month,
        amountOre: Math.round(p.skill * 60) * 100_000,
        version: ++version,
        updatedAt: createdAt,
      })
    }
  }
  await settle()
  log(`time: ${counts.time_reports ?? 0} time reports, ${counts.sick_notices ?? 0} sick notices`)

  // ── Sales: exactly `scale.sales`, spread over the worked days by each seller's skill ──
  const cumulative = new Float64Array(workedDays.length)
  let total = 0
  for (const [i, w] of workedDays.entries()) cumulative[i] = total += sellers[w.si]!.skill
  const perDay = new Uint16Array(workedDays.length)
  for (let n = 0; n < s.sales; n++) {
    const x = rng.next() * total
    let lo = 0
    let hi = workedDays.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (cumulative[mid]! <= x) lo = mid + 1
      else hi = mid
    }
    perDay[lo]!++
  }
  // A few customers are sold the same again within days (docs/decisions/025): the last sales of each provider, to
  // draw a repeat customer from, and the pairs they make.
  type Recent = {
    id: string
    sellDate: string
    soldAt: number
    d: number
    company: boolean
    ssn: string | null
    org: string | null
    name: string
    companyName: string | null
    productId: string
    sellerId: string
    teamId: string
    officeId: string
  }
  const recentOf = new Map<number, Recent[]>()
  // Sales go in oldest day first, as they happened.
  const order = Array.from(workedDays.keys()).sort((a, b) => workedDays[a]!.day - workedDays[b]!.day || a - b)
  const lastDay = days.length - 1
  for (const wi of order) {
    const n = perDay[wi]!
    if (!n) continue
    const { si, day: d } = workedDays[wi]!
    const seller = sellers[si]!
    const team = teams[seller.teamIndex!]!
    const office = offices[team.office]!
    const day = days[d]!
    for (let k = 0; k < n; k++) {
      const providerIndex = rng.pick(officeProviders[team.office]!)
      const provider = providers[providerIndex]!
      const soldAt = instantOn(day, rng)
      const saleId = rng.uuid()
      const lines = rng.chance(0.75) ? 1 : rng.chance(0.8) ? 2 : 3
      const catalogue = productsOf[providerIndex]!
      // One sale in 300 is a customer of the last days sold the same product again.
      const recent = recentOf.get(providerIndex) ?? []
      const repeat = recent.length > 0 && rng.chance(1 / 300) ? rng.pick(recent) : null
      const start = repeat
        ? Math.max(
            0,
            catalogue.findIndex((p) => p.id === repeat.productId),
          )
        : rng.int(0, catalogue.length - 1)
      let orderValueOre = 0
      let sellerCommissionOre = 0
      let companyCommissionOre = 0
      let companyCostOre = 0
      const lineRows: Array<Row<typeof t.saleLines>> = []
      const historyRows: Array<Row<typeof t.saleStatusHistory>> = []
      for (let l = 0; l < Math.min(lines, catalogue.length); l++) {
        const p = catalogue[(start + l) % catalogue.length]!
        const quantity = rng.int(1, p.quantityMax)
        orderValueOre += p.priceOre * quantity
        sellerCommissionOre += p.sellerCommissionOre * quantity
        companyCommissionOre += p.companyCommissionOre * quantity
        companyCostOre += p.companyCostOre * quantity
        lineRows.push({
          id: rng.uuid(),
          saleId,
          productId: p.id,
          productName: p.name,
          quantity,
          priceOre: p.priceOre,
          sellerCommissionOre: p.sellerCommissionOre,
          companyCommissionOre: p.companyCommissionOre,
          companyCostOre: p.companyCostOre,
          position: l,
        })
      }
      // What back office has done with it by now, by the sale's age, and the history that led there.
      const age = lastDay - d
      const moves = statusMoves(rng, age)
      const reviewer = backoffice.length ? rng.pick(backoffice).id : null
      let at = soldAt
      let deviationType: DeviationType | null = null
      let deviationReason: string | null = null
      historyRows.push({ id: rng.uuid(), saleId, status: 'finalized', note: null, byUserId: seller.id, at })
      const deviationRows: Array<Row<typeof t.saleDeviations>> = []
      for (const status of moves) {
        at += rng.int(2, 72) * 3_600_000
        let note: string | null = null
        // Back office's move resolves the deviation that was waiting; a move to deviation opens one.
        const waiting = deviationRows.find((r) => r.pending === 1)
        if (waiting) Object.assign(waiting, { state: 'resolved', pending: 0, resolvedAt: at, resolvedById: reviewer, resolution: status })
        if (status === 'deviation') {
          deviationType = rng.pick(Object.keys(DEVIATION_REASONS) as DeviationType[])
          deviationReason = note = DEVIATION_REASONS[deviationType]
          deviationRows.push({
            id: rng.uuid(),
            saleId,
            sellerId: seller.id,
            teamId: team.id,
            officeId: office.id,
            providerId: provider.id,
            type: deviationType,
            reason: deviationReason,
            searchText: '',
            state: 'open',
            pending: 1,
            openedAt: at,
            openedById: reviewer,
            correctedAt: null,
            correctionNote: null,
            resolvedAt: null,
            resolvedById: null,
            resolution: null,
          })
        } else if (status === 'regret') {
          note = rng.pick(REGRET_REASONS)
        }
        if (status !== 'deviation') {
          deviationType = null
          deviationReason = null
        }
        historyRows.push({ id: rng.uuid(), saleId, status, note, byUserId: reviewer, at })
      }
      const status: SaleStatus = moves.at(-1) ?? 'finalized'
      const company = repeat ? repeat.company : rng.chance(0.1)
      const first = rng.pick(FIRST_NAMES)
      const last = rng.pick(LAST_NAMES)
      const birthYear = rng.int(1940, 2004)
      const customerSsn = repeat
        ? repeat.ssn
        : company
          ? null
          : personalNumberOf(
              `${birthYear}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(1, 28)).padStart(2, '0')}`,
              String(rng.int(0, 999)).padStart(3, '0'),
            )
      const companyName = repeat ? repeat.companyName : company ? `${last} ${rng.pick(['AB', 'HB', 'Bygg AB', 'Konsult AB'])}` : null
      const orgNumber = repeat ? repeat.org : company ? `55${rng.int(1000, 9999)}-${rng.int(1000, 9999)}` : null
      const customerName = repeat ? repeat.name : `${first} ${last}`
      const customerKey = customerKeyOf({ customerType: company ? 'company' : 'private', customerSsn, orgNumber })
      const externalOrderNumber = provider.requireExternal ? `EXT-${rng.int(100_000, 999_999)}` : null
      const survey = qualitySurveyOf(
        { saleId, sellDate: day, soldAt, sellerId: seller.id, teamId: team.id, officeId: office.id, providerId: provider.id },
        {
          template: qualityTemplates[providerIndex === 0 ? 1 : 0]!,
          employmentDate: employmentDateOf.get(seller) ?? null,
          skill: seller.skill,
          status,
          age,
          history: historyRows,
          controller: reviewer,
          endMs,
          rng: qrng,
        },
      )
      const saleRow = {
        id: saleId,
        sellerId: seller.id,
        teamId: team.id,
        officeId: office.id,
        providerId: provider.id,
        customerType: company ? ('company' as const) : ('private' as const),
        customerSsn,
        customerName,
        email: rng.chance(0.5) ? ascii(`${first}.${last}${rng.int(1, 99)}@example.se`) : null,
        phone: `07${rng.int(0, 9)}-${rng.int(100, 999)} ${rng.int(10, 99)} ${rng.int(10, 99)}`,
        companyName,
        orgNumber,
        customerKey,
        postalCode: `${office.postal} ${rng.int(10, 99)}`,
        city: office.city,
        address: `${rng.pick(STREETS)} ${rng.int(1, 80)}`,
        message: null,
        externalOrderNumber,
        checklistFileId: null,
        status,
        externalStatus: null,
        qualityGrade: survey?.grade ?? null,
        deviationType,
        deviationReason,
        soldAt,
        sellDate: day,
        orderValueOre,
        sellerCommissionOre,
        companyCommissionOre,
        companyCostOre,
        version: ++version,
        createdAt: soldAt,
        updatedAt: at,
      }
      const position = posRng.next() < 0.75 ? doorPosition(postalPoints, saleRow.postalCode, posRng.next) : null
      await add(t.sales, { ...saleRow, lat: position?.lat ?? null, lng: position?.lng ?? null, accuracy: position?.accuracy ?? null })
      for (const row of lineRows) await add(t.saleLines, row)
      for (const row of historyRows) await add(t.saleStatusHistory, row)
      if (survey) await add(t.qualitySurveys, survey)
      for (const row of deviationRows) await add(t.saleDeviations, { ...row, searchText: searchTextOf({ customerName, companyName, externalOrderNumber }) })
      if (repeat) {
        // The pair as the sales service would have found it; older ones back office has looked at and dismissed.
        const [a, b] = repeat.sellDate < day || (repeat.sellDate === day && repeat.soldAt < soldAt) ? [saleId, repeat.id] : [repeat.id, saleId]
        const decided = age > 10
        await add(t.saleDoubles, {
          id: rng.uuid(),
          saleId: a,
          otherSaleId: b,
          customerKey: customerKey!,
          providerId: provider.id,
          sellerId: a === saleId ? seller.id : repeat.sellerId,
          teamId: a === saleId ? team.id : repeat.teamId,
          officeId: a === saleId ? office.id : repeat.officeId,
          daysApart: daysApart(day, repeat.sellDate),
          detectedAt: Math.max(soldAt, repeat.soldAt),
          state: decided ? 'dismissed' : 'open',
          pending: decided ? 0 : 1,
          decidedAt: decided ? at : null,
          decidedById: decided ? reviewer : null,
          regretSaleId: null,
          note: null,
        })
      }
      // Remember the last sales of the provider (about a week of them) to draw repeat customers from; a customer
      // is sold again once at most, so each pair is the only one of its customer.
      if (repeat) recent.splice(recent.indexOf(repeat), 1)
      else if (customerKey) {
        recent.push({
          id: saleId,
          sellDate: day,
          soldAt,
          d,
          company,
          ssn: customerSsn,
          org: orgNumber,
          name: customerName,
          companyName,
          productId: lineRows[0]!.productId,
          sellerId: seller.id,
          teamId: team.id,
          officeId: office.id,
        })
        while (recent.length > 0 && recent[0]!.d < d - 5) recent.shift()
        if (recent.length > 2000) recent.shift()
        recentOf.set(providerIndex, recent)
      }
    }
  }
  await settle()
  log(
    `sales: ${counts.sales ?? 0} sales, ${counts.sale_lines ?? 0} lines, ${counts.sale_status_history ?? 0} status changes, ${counts.sale_deviations ?? 0} deviations, ${counts.quality_surveys ?? 0} quality surveys`,
  )

  await timed('build indexes', () => restoreIndexes())
  await raiseChangeBaseline(database.db, t, version)
  // The customer register, as its event subscriber would have built it from these sales.
  // The tables the fills below write, likewise without their secondary indexes until they are full (commission
  // lines keep theirs: the fill looks its own rows up by sale).
  let restoreFilled: () => Promise<void> = async () => {}
  await timed('drop indexes', async () => {
    restoreFilled = await loader.deferIndexes([t.customers, t.saleDayTotals, t.saleDayProducts, t.saleMonthTotals, t.saleMonthProducts, t.saleMonthSellers])
  })
  await timed('customers', () => fillCustomersFromSales(database))
  await timed('commission', async () => void (await fillCommissionFromHistory(database, database.db, (rows) => loader.insert(t.commissionLines, rows))))
  await timed('sale summary', () => fillSaleSummary(database))
  // A regret after a seller left pays a clawback in a month they worked none of: those months are attested too, as
  // everyone a payroll month pays must be (decision 080).
  await timed('attest commission months', async () => {
    const [counter] = await database.db.select({ version: t.syncVersion.version }).from(t.syncVersion).where(eq(t.syncVersion.id, 'global'))
    await raiseChangeBaseline(
      database.db,
      t,
      await attestPastMonths(database, database.db, opts.until.slice(0, 7), null, counter?.version ?? 0, { reports: false }),
    )
  })
  await timed('build indexes', () => restoreFilled())
  await timed('hours by month', () => fillMonthHours(database))
  await timed('NKI by month', () => fillQualityNki(database))
  // The sales game (docs/decisions/052): its levels, a year of its ledger from the sales, and two running competitions.
  await timed('sales game', async () => {
    await database.db
      .insert(t.gameLevels)
      .values(DEMO_LEVELS.map((l) => ({ id: rng.uuid(), ...l, requiredXp: l.requiredXp * 4, createdAt, updatedAt: createdAt, version: 1 })))
    const today = opts.until
    const competitions = [
      { name: 'Månadsracet', metric: 'xp' as const, kind: 'sellers' as const, from: `${today.slice(0, 7)}-01`, to: monthRange(today.slice(0, 7)).to },
      { name: 'Lagkampen', metric: 'approved_sales' as const, kind: 'teams' as const, from: addDays(today, -29), to: addDays(today, 7) },
    ]
    for (const c of competitions)
      await database.db.insert(t.gameCompetitions).values({
        id: rng.uuid(),
        name: c.name,
        description: '',
        metric: c.metric,
        kind: c.kind,
        officeIds: [],
        fromDay: c.from,
        toDay: c.to,
        prizes: [{ rank: 1, coins: 500, text: '' }],
        state: 'published',
        publishedAt: createdAt,
        version: 1,
        createdById: null,
        createdAt,
        updatedAt: createdAt,
      })
    await fillGame(database, { since: addDays(opts.until, -365), now: endMs })
  })
  await timed('analyze', () => loader.analyze())
  return { counts, ms, totalMs: performance.now() - started }
}

/**
 * The moves back office made after the sale was finalized, by the sale's age in working days: the last ones are
 * mostly still waiting; older ones were approved, regretted, deviated (some corrected and approved), unanswered
 * by the customer, flagged or marked as absence.
 */
function statusMoves(rng: Rng, age: number): SaleStatus[] {
  const x = rng.next()
  if (age <= 2) return x < 0.85 ? [] : x < 0.95 ? ['approved'] : ['flagged']
  if (age <= 10) {
    if (x < 0.25) return []
    if (x < 0.85) return ['approved']
    if (x < 0.9) return ['deviation']
    if (x < 0.93) return ['flagged']
    if (x < 0.97) return ['unanswered']
    return ['regret']
  }
  if (x < 0.815) return ['approved']
  if (x < 0.855) return ['deviation', 'approved']
  if (x < 0.895) return ['regret']
  if (x < 0.935) return ['approved', 'regret']
  if (x < 0.97) return ['unanswered']
  if (x < 0.985) return ['deviation']
  if (x < 0.995) return ['absence']
  return ['flagged']
}

const COMMENTS = [
  'Trevlig och tydlig säljare.',
  'Bra bemötande, kändes inte stressat.',
  'Lite påstridig i början.',
  'Förklarade priset bra.',
  'Vill gärna ha skriftlig bekräftelse.',
  'Mycket nöjd!',
]

/**
 * A sampled sale's survey as quality control would have left it by the data set's end, consistent with where the
 * sale ended (docs/decisions/045): a regretted sale's survey is the regret with its reason, an unanswered sale's
 * survey was not reached at its last try, the newest sales are still in the queue, the rest were answered (the
 * better the seller, the better the answers) and graded by the template's thresholds. Null when the sampling rule
 * does not take the sale.
 */
function qualitySurveyOf(
  sale: { saleId: string; sellDate: string; soldAt: number; sellerId: string; teamId: string; officeId: string; providerId: string },
  ctx: {
    template: { id: string; versionId: string; content: TemplateContent }
    employmentDate: string | null
    skill: number
    status: SaleStatus
    age: number
    history: ReadonlyArray<{ status: SaleStatus; note?: string | null; at: number }>
    controller: string | null
    endMs: number
    rng: Rng
  },
): Row<Schema['qualitySurveys']> | null {
  const { content } = ctx.template
  const reason = samplingReason(content.sampling, sale, ctx.employmentDate)
  if (!reason) return null
  const { rng } = ctx
  const base = {
    id: rng.uuid(),
    ...sale,
    reason,
    templateId: ctx.template.id,
    nextTryAt: sale.soldAt,
    createdAt: sale.soldAt,
    version: 1,
  }
  const ended = (status: 'answered' | 'unreached' | 'regret', at: number, attempts: number) => ({
    ...base,
    status,
    templateVersionId: ctx.template.versionId,
    attempts,
    answeredAt: at,
    answeredBy: ctx.controller,
    channel: status === 'unreached' ? null : ('call' as const),
    updatedAt: at,
    version: attempts + 1,
  })
  const move = (status: SaleStatus) => [...ctx.history].reverse().find((h) => h.status === status)
  if (ctx.status === 'regret') {
    const m = move('regret')!
    return { ...ended('regret', m.at, rng.int(1, 2)), regretReason: m.note ?? null }
  }
  if (ctx.status === 'unanswered') return ended('unreached', move('unanswered')!.at, content.sampling.maxAttempts)
  const waiting = ctx.status === 'finalized' || (ctx.age <= 10 && ctx.status !== 'approved')
  if (waiting) {
    const attempts = ctx.status === 'flagged' ? 1 : 0
    const nextTryAt = attempts ? Math.min(ctx.endMs, sale.soldAt + rng.int(20, 48) * 3_600_000) : sale.soldAt
    return { ...base, status: 'queued' as const, attempts, nextTryAt, updatedAt: attempts ? nextTryAt : sale.soldAt }
  }
  // Answered: a better seller leaves more satisfied customers; the answers are what the rules grade.
  const quality = (ctx.skill - 0.4) / 1.2
  const scale = (centre: number) => Math.max(1, Math.min(5, Math.round(centre + (rng.next() + rng.next() - 1) * 2.2)))
  const satisfied = scale(2.9 + 1.9 * quality)
  const answers: Answers = {
    satisfied,
    understood: rng.chance(0.78 + 0.2 * quality),
    recommend: scale(satisfied - 0.3 + 0.6 * quality),
  }
  if (rng.chance(0.15)) answers.comment = rng.pick(COMMENTS)
  const score = surveyScore(content.questions, answers)
  const nki = surveyNki(content.questions, answers)
  const x = rng.next()
  const channel = x < 0.85 ? 'call' : x < 0.95 ? 'link' : 'qr'
  const attempts = channel === 'call' ? (rng.chance(0.7) ? 1 : rng.chance(0.8) ? 2 : 3) : 0
  const at = Math.min(ctx.endMs, sale.soldAt + rng.int(3, 60) * 3_600_000)
  return {
    ...ended('answered', at, attempts),
    answers,
    scoreTenths: score === null ? null : Math.round(score * 10),
    grade: gradeOf(score, content.grades),
    nkiTenths: nki === null ? null : Math.round(nki * 10),
    channel: channel as 'call' | 'link' | 'qr',
    answeredBy: channel === 'call' ? ctx.controller : null,
  }
}
