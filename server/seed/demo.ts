import { randomUUID } from 'node:crypto'
import { and, count, eq, inArray, isNotNull, like, ne, sql } from 'drizzle-orm'
import { raiseChangeBaseline } from '../db/change-counter'
import { hashPassword } from '../lib/password'
import type { Database, Db } from '../db/client'
import { addDays, businessDay, businessMonth, isWeekend, previousMonth } from '../../shared/rules/work'
import { personalNumberOf } from '../../shared/rules/identity'
import { customerKeyOf } from '../../shared/rules/double-sales'
import { fillCustomersFromSales } from '../modules/customers/customers.fill'
import { fillCommissionFromHistory } from '../modules/pay/pay.fill'
import { fillSaleSummary } from '../modules/sales/sales.fill'
import { fillMonthHours } from '../modules/time-reports/time-reports.fill'
import { fillQualityNki } from '../modules/quality/quality.fill'
import { searchTextOf } from '../../shared/rules/deviations'
import type { DeviationType, SaleStatus } from '../../shared/schemas/sales'
import type { AbsenceType } from '../../shared/rules/time-report'
import { seedRolesIfEmpty } from './roles'
import { seedGameDemo } from './game'
import { seedDemoSales } from './demo-sales'
import { seedDemoWorkedDays } from './demo-time'
import { seedDemoOrders } from './demo-orders'
import { seedDemoGuides } from './demo-guides'
import { seedDemoCandidates } from './demo-candidates'
import { seedDemoMessages } from './demo-messages'
import { seedDemoLeads } from './demo-leads'
import { seedDemoTranscriptions } from './demo-transcriptions'
import { seedDemoDevices } from './demo-devices'
import { seedDemoRuns } from './demo-runs'
import { seedDemoTitles } from './demo-titles'
import { seedDemoTerms } from './demo-terms'
import { seedQualityDemo } from './quality'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../shared/demo'

/** More of the organisation, so lists and dashboards have something to show. */
const DEMO_COLLEAGUES: ReadonlyArray<[string, string, string]> = [
  ['Anna', 'Lindqvist', 'Öresund'],
  ['Erik', 'Johansson', 'Öresund'],
  ['Leila', 'Haddad', 'Lund'],
  ['Oskar', 'Berg', 'Lund'],
  ['Sara', 'Nyström', 'Väst'],
  ['Mikael', 'Virtanen', 'Väst'],
  ['Johanna', 'Ek', 'Norr'],
  ['Ahmed', 'Karimi', 'Söder'],
]

/**
 * Sellers whose hand-made month of time, absence and sickness the demo shows (docs/decisions/029): sickness with a
 * notice, a certificate from day 8, vacation, care of a child, per diem. Every other seller's days are filled from
 * their sales (demo-time.ts, decision 080); a flow or test that starts a seller's day from nothing makes a seller of
 * its own, or works today or a month before the demo's quarter.
 */
const DEMO_TIME_STAFF: ReadonlyArray<[string, string, string]> = [
  ['Lina', 'Holm', 'Öresund'],
  ['Jonas', 'Åberg', 'Lund'],
  ['Petra', 'Sund', 'Väst'],
  ['Viktor', 'Lind', 'Norr'],
  ['Maja', 'Berglund', 'Söder'],
]
const emailOf = (firstName: string, lastName: string) =>
  `${firstName}.${lastName}@demo.test`.toLowerCase().replace(/ö/g, 'o').replace(/ä/g, 'a').replace(/å/g, 'a')

const REGIONS = { Syd: ['Malmö', 'Göteborg'], Mitt: ['Stockholm'] } as const
const TEAMS: Record<string, string> = { Öresund: 'Malmö', Lund: 'Malmö', Väst: 'Göteborg', Norr: 'Stockholm', Söder: 'Stockholm' }

/** The demo's product categories and their commissions per piece (öre; null: not set). */
const CATEGORIES = [
  ['Elavtal', 45000, 90000],
  ['Bredband', 60000, 120000],
  ['TV', 20000, null],
  ['Larm', 70000, 150000],
  ['Tillbehör', null, null],
] as const

/** Providers and their products: name, price, seller commission, company commission, company cost (öre), category, game points. */
const PROVIDERS = [
  {
    name: 'Nordel Energi',
    type: 'energy',
    requireExternalOrderNumber: false,
    products: [
      ['Elavtal Fast 12 mån', 0, 45000, 90000, 15000, 'Elavtal', 10],
      ['Elavtal Rörligt', 0, 30000, 60000, 10000, 'Elavtal', 6],
    ],
  },
  {
    name: 'Fiberlinjen',
    type: 'broadband',
    requireExternalOrderNumber: true,
    products: [
      ['Bredband 250/250', 39900, 60000, 120000, 20000, 'Bredband', 12],
      ['Bredband 1000/1000', 59900, 80000, 160000, 25000, 'Bredband', 16],
      ['TV-paket Bas', 19900, 20000, 40000, 5000, 'TV', 4],
    ],
  },
  {
    name: 'Tryggt Hem Larm',
    type: 'alarm',
    requireExternalOrderNumber: false,
    products: [
      ['Hemlarm Standard', 34900, 70000, 150000, 30000, 'Larm', 14],
      ['Brandvarnare (st)', 4900, 2000, 5000, 1000, 'Tillbehör', 1],
    ],
  },
] as const

/**
 * Seeds a small demo organisation into an empty database: regions, offices, teams, providers,
 * products and one user per role. Does nothing when any user exists.
 */
export async function seedDemo(database: Database, opts: { scryptLogN: number; now?: number }): Promise<boolean> {
  const { t } = database
  const now = opts.now ?? Date.now()
  const [users] = await database.db.select({ n: count() }).from(t.users)
  if ((users?.n ?? 0) > 0) return false
  const passwordHash = await hashPassword(DEMO_PASSWORD, opts.scryptLogN)

  return database.transaction(async (tx) => {
    const [again] = await tx.select({ n: count() }).from(t.users)
    if ((again?.n ?? 0) > 0) return false
    const roleIds = await seedRolesIfEmpty(database, tx, now)

    const officeIds: Record<string, string> = {}
    for (const [region, offices] of Object.entries(REGIONS)) {
      const regionId = randomUUID()
      await tx.insert(t.regions).values({ id: regionId, name: `Region ${region}`, createdAt: now })
      for (const office of offices) {
        officeIds[office] = randomUUID()
        await tx.insert(t.offices).values({ id: officeIds[office], name: office, regionId, createdAt: now })
      }
    }
    const teamIds: Record<string, string> = {}
    for (const [team, office] of Object.entries(TEAMS)) {
      teamIds[team] = randomUUID()
      await tx.insert(t.teams).values({ id: teamIds[team], name: `Team ${team}`, officeId: officeIds[office]!, createdAt: now })
    }

    const categoryIds = new Map<string, string>()
    for (const [name, sellerCommissionOre, companyCommissionOre] of CATEGORIES) {
      const id = randomUUID()
      categoryIds.set(name, id)
      await tx.insert(t.productCategories).values({ id, name, sellerCommissionOre, companyCommissionOre, createdAt: now, updatedAt: now })
    }
    for (const p of PROVIDERS) {
      const providerId = randomUUID()
      await tx.insert(t.providers).values({
        id: providerId,
        name: p.name,
        type: p.type,
        requireExternalOrderNumber: p.requireExternalOrderNumber,
        copyAllProducts: false,
        active: true,
        createdAt: now,
        updatedAt: now,
      })
      for (const [name, priceOre, sellerCommissionOre, companyCommissionOre, companyCostOre, category, gamePoints] of p.products) {
        await tx.insert(t.products).values({
          id: randomUUID(),
          providerId,
          name,
          categoryId: categoryIds.get(category) ?? null,
          gamePoints,
          priceOre,
          sellerCommissionOre,
          companyCommissionOre,
          companyCostOre,
          active: true,
          createdAt: now,
          updatedAt: now,
        })
      }
    }

    const base = { passwordHash, active: true, createdAt: now, updatedAt: now, language: null, phone: null }
    for (const a of DEMO_ACCOUNTS) {
      const id = randomUUID()
      await tx.insert(t.users).values({
        ...base,
        id,
        email: a.email,
        firstName: a.firstName,
        lastName: a.lastName,
        shortName: a.shortName,
        roleId: roleIds[a.role]!,
        teamId: a.team ? teamIds[a.team]! : null,
        officeId: a.office ? officeIds[a.office]! : null,
        employeeId: `D-${a.role.toUpperCase()}`,
      })
      for (const team of a.coaches ?? []) await tx.insert(t.teamCoaches).values({ teamId: teamIds[team]!, userId: id })
    }
    // A few notifications, so the bells have something to show.
    const byEmail = new Map((await tx.select({ id: t.users.id, email: t.users.email }).from(t.users)).map((u) => [u.email, u.id]))
    const note = (email: string, kind: 'general' | 'deviation', title: string, message: string, link: string | null, fromName: string, minutesAgo: number) => ({
      id: randomUUID(),
      userId: byEmail.get(email)!,
      kind,
      title,
      message,
      link,
      fromName,
      readAt: null,
      createdAt: now - minutesAgo * 60_000,
    })
    await tx.insert(t.notifications).values([
      // The game's weekly race between teams (server/seed/game.ts), which is on now.
      note(
        'seller@demo.test',
        'general',
        'Lagkampen har startat',
        'Veckans XP per team: vinnarlaget bjuds på frukost på kontoret.',
        '/sales-flow/competitions',
        'Cecilia Coach',
        120,
      ),
      note(
        'coach@demo.test',
        'deviation',
        'Avvikelse i Team Öresund',
        'En order från Sven Säljare behöver rättas.',
        '/backoffice/deviations',
        'Bertil Backoffice',
        45,
      ),
    ])

    // An outside system sellers sign in to (decision 043); accounts are given per person on their page.
    await tx.insert(t.externalAccountTemplates).values({
      id: randomUUID(),
      name: 'Fiberlinjen återförsäljarwebb',
      loginUrl: 'https://partner.fiberlinjen.example/login',
      usernamePattern: '{firstName}.{lastName}',
      instructions: 'Byt lösenord vid första inloggningen. Kontakta backoffice om kontot låses.',
      createdAt: now,
    })
    // A coach group working for the first provider, and Malmö's OPH targets with Team Lund's own (decisions 041, 042).
    const [firstProvider] = await tx.select({ id: t.providers.id }).from(t.providers).where(eq(t.providers.name, PROVIDERS[0]!.name))
    const groupId = randomUUID()
    await tx.insert(t.coachGroups).values({ id: groupId, name: 'Coachgrupp Syd', createdAt: now })
    await tx.insert(t.coachGroupMembers).values({ groupId, userId: byEmail.get('coach@demo.test')! })
    if (firstProvider) await tx.insert(t.coachGroupProviders).values({ groupId, providerId: firstProvider.id })
    // Team Öresund sells for the first provider; the other teams have none chosen (decision 036).
    if (firstProvider) await tx.update(t.teams).set({ providerId: firstProvider.id }).where(eq(t.teams.id, teamIds['Öresund']!))
    await tx.insert(t.ophTargets).values([
      { scope: 'office', scopeId: officeIds['Malmö']!, level1Gold: 120, level1Platinum: 160, level2Gold: 150, level2Platinum: 200, updatedAt: now },
      { scope: 'team', scopeId: teamIds['Lund']!, level1Gold: 110, level1Platinum: 150, level2Gold: 140, level2Platinum: 190, updatedAt: now },
    ])

    let n = 1
    for (const [firstName, lastName, team] of [...DEMO_COLLEAGUES, ...DEMO_TIME_STAFF]) {
      await tx.insert(t.users).values({
        ...base,
        id: randomUUID(),
        email: emailOf(firstName, lastName),
        firstName,
        lastName,
        shortName: `${firstName[0]}${lastName[0]}`,
        roleId: roleIds.seller!,
        teamId: teamIds[team]!,
        officeId: null,
        employeeId: `D-${String(100 + n++)}`,
      })
    }
    await seedDemoTitles(database, tx, now)
    const deviated = await seedSalesHistory(database, tx, byEmail.get('seller@demo.test')!, now)
    await seedTimeHistory(database, tx, now, { coachId: byEmail.get('coach@demo.test')!, backofficeId: byEmail.get('backoffice@demo.test')! })
    // Everyone else's selling, and every seller's budget near what they sell (issue 41).
    await seedDemoSales(database, tx, now, {
      sellerEmails: ['seller@demo.test', ...[...DEMO_COLLEAGUES, ...DEMO_TIME_STAFF].map(([first, last]) => emailOf(first, last))],
      keepRecent: ['seller@demo.test'],
      keepRecentDays: 9,
      reviewerId: byEmail.get('backoffice@demo.test') ?? null,
    })
    // The providers' order files, as back office imported them: orders matched to the sales, a few unmatched.
    await seedDemoOrders(database, tx, now, { importerId: byEmail.get('backoffice@demo.test') ?? null })
    // The organisation's guides: rules to confirm, pitches, objections (issue 43).
    await seedDemoGuides(database, tx, now, { authorId: byEmail.get('admin@demo.test') ?? null, sellerId: byEmail.get('seller@demo.test') ?? null })
    // The recruiter's candidates at every step, and the contract templates (issue 44).
    const [recruiterOffice] = await tx.select({ regionId: t.offices.regionId }).from(t.offices).where(eq(t.offices.id, officeIds['Stockholm']!))
    await seedDemoCandidates(database, tx, now, { recruiterId: byEmail.get('recruiter@demo.test') ?? null, regionId: recruiterOffice?.regionId ?? null })
    // Scheduled messages: a weekly letter, the checkout reminder, a paused monthly note (issue 45).
    const [sellerRole] = await tx.select({ id: t.roles.id }).from(t.roles).where(eq(t.roles.key, 'seller'))
    await seedDemoMessages(database, tx, now, {
      authorId: byEmail.get('backoffice@demo.test') ?? null,
      teamId: teamIds['Norr'] ?? null,
      roleId: sellerRole?.id ?? null,
    })
    // The lead-list tool's output formats and a source with its mapping (issue 47).
    await seedDemoLeads(database, tx, now)
    // Three calls typed in as text and a provider's script (issue 47).
    await seedDemoTranscriptions(database, tx, now, { authorId: byEmail.get('backoffice@demo.test') ?? null, sellerEmails: ['seller@demo.test'] })
    // The sellers' phones and two tablets on the shelf, as the app and the MDM's list know them (issue 46).
    await seedDemoDevices(
      database,
      tx,
      now,
      [...DEMO_COLLEAGUES].slice(0, 8).map(([first, last]) => emailOf(first, last)),
    )
    // The field runs of two teams this week and next, with their areas (issue 46).
    await seedDemoRuns(
      database,
      tx,
      now,
      [teamIds['Öresund'], teamIds['Lund']].filter((x): x is string => !!x),
      byEmail.get('coach@demo.test') ?? null,
    )
    // The bells say what the data does: the reports that wait for back office, the manager's office's budget.
    const [waiting] = await tx.select({ n: count() }).from(t.sales).where(eq(t.sales.status, 'finalized'))
    const progress = await officeProgress(database, tx, now, 'Malmö')
    await tx
      .insert(t.notifications)
      .values([
        note(
          'backoffice@demo.test',
          'general',
          'Nya säljrapporter',
          `${waiting?.n ?? 0} säljrapporter väntar på granskning.`,
          '/backoffice/salereports?status=finalized',
          'Säljkraft',
          15,
        ),
        note(
          'manager@demo.test',
          'general',
          'Månadens budget',
          `Malmö har nått ${progress} % av månadens budget.`,
          '/dashboards/sales/manager',
          'Säljkraft',
          60,
        ),
      ])
    await seedQualityDemo(database, tx, byEmail.get('seller@demo.test')!, byEmail.get('backoffice@demo.test') ?? null, now)
    // The sales game (docs/decisions/052): levels, the demo seller's earnings and their colleagues' XP.
    await seedGameDemo(
      database,
      tx,
      byEmail.get('seller@demo.test')!,
      [...DEMO_COLLEAGUES, ...DEMO_TIME_STAFF].map(([first, last]) => emailOf(first, last)),
      now,
    )
    // The deviation notification names the deviated sale's own provider and links to that sale.
    if (deviated) {
      await tx
        .insert(t.notifications)
        .values(
          note(
            'seller@demo.test',
            'deviation',
            'Avvikelse på din försäljning',
            `Fel personnummer på ordern till ${deviated.providerName} (${deviated.customerName}). Rätta och skicka igen.`,
            `/sales/${deviated.id}`,
            'Bertil Backoffice',
            30,
          ),
        )
    }
    // The customer register, as its event subscriber would have built it from these sales.
    await fillCustomersFromSales(database, tx, now)
    // The commission ledger, as the pay area's subscriber would have built it from their moves.
    await fillCommissionFromHistory(database, tx)
    // Every seller's hours for the days they sold, and the months before this one attested for everyone they pay.
    await seedDemoWorkedDays(database, tx, now, {
      coachId: byEmail.get('coach@demo.test')!,
      coachTeamIds: [teamIds['Öresund'], teamIds['Lund']].filter((x): x is string => !!x),
      backofficeId: byEmail.get('backoffice@demo.test')!,
    })
    // Terms of use in force, accepted by everyone so far.
    await seedDemoTerms(database, tx, now, { adminId: byEmail.get('admin@demo.test') ?? null })
    // The sales summary, as the sales service keeps it.
    await fillSaleSummary(database, tx)
    // The hours by month, as the time reports' write paths keep them.
    await fillMonthHours(database, tx)
    // The satisfaction index by month, as the quality area keeps it.
    await fillQualityNki(database, tx)
    return true
  })
}

/**
 * A month of sales for the demo seller (statuses as back office would have set them, one deviation with its
 * reason) and this month's budgets, so the seller's dashboard, list and earnings have something to show.
 */
async function seedSalesHistory(
  database: Database,
  tx: Db,
  sellerId: string,
  now: number,
): Promise<{ id: string; providerName: string; customerName: string } | null> {
  const { t } = database
  let deviated: { id: string; providerName: string; customerName: string } | null = null
  const providers = await tx.select({ id: t.providers.id, name: t.providers.name }).from(t.providers)
  const [seller] = await tx.select({ teamId: t.users.teamId }).from(t.users).where(eq(t.users.id, sellerId))
  const [team] = seller?.teamId ? await tx.select({ officeId: t.teams.officeId }).from(t.teams).where(eq(t.teams.id, seller.teamId)) : []
  const products = await tx.select().from(t.products)
  const byName = (name: string) => products.find((p) => p.name === name)!
  const DAY = 86_400_000
  // Each customer has an identity number of their own: made-up birth dates with valid check digits (demo only).
  const history: Array<[number, string, number, SaleStatus, DeviationType | null, string | null, string, string]> = [
    [1, 'Hemlarm Standard', 1, 'approved', null, null, 'Ingrid Holm', personalNumberOf('19560314', '242')],
    [2, 'Bredband 250/250', 1, 'approved', null, null, 'Lars Ek', personalNumberOf('19790927', '357')],
    [3, 'Brandvarnare (st)', 4, 'finalized', null, null, 'Maja Strand', personalNumberOf('19880502', '164')],
    [5, 'Bredband 1000/1000', 1, 'regret', null, null, 'Olof Berg', personalNumberOf('19671120', '593')],
    [
      6,
      'Elavtal Fast 12 mån',
      1,
      'deviation',
      'incorrect_ssn',
      'Personnumret stämmer inte med kundens legitimation. Rätta och skicka igen.',
      'Nils Dahl',
      personalNumberOf('19720808', '471'),
    ],
    [8, 'Hemlarm Standard', 1, 'flagged', null, null, 'Eva Lund', personalNumberOf('19931201', '286')],
  ]
  let version = 0
  for (const [i, [daysAgo, productName, quantity, status, deviationType, deviationReason, customer, customerSsn]] of history.entries()) {
    // Early in a month the older sales move to today (minutes apart), so the month always has the whole set.
    const back = now - daysAgo * DAY
    const soldAt = businessMonth(back) === businessMonth(now) ? back : now - (i + 1) * 60_000
    const p = byName(productName)
    const id = randomUUID()
    version++
    await tx.insert(t.sales).values({
      id,
      sellerId,
      teamId: seller?.teamId ?? null,
      officeId: team?.officeId ?? null,
      providerId: p.providerId,
      customerType: 'private',
      customerSsn,
      customerName: customer,
      email: null,
      phone: '070-123 45 67',
      companyName: null,
      orgNumber: null,
      customerKey: customerKeyOf({ customerType: 'private', customerSsn, orgNumber: null }),
      postalCode: '211 45',
      city: 'Malmö',
      address: `Storgatan ${daysAgo}`,
      message: null,
      externalOrderNumber: p.providerId && productName.startsWith('Bredband') ? `FL-${1000 + daysAgo}` : null,
      checklistFileId: null,
      status,
      externalStatus: null,
      deviationType,
      deviationReason,
      soldAt,
      sellDate: businessDay(soldAt),
      orderValueOre: p.priceOre * quantity,
      sellerCommissionOre: p.sellerCommissionOre * quantity,
      companyCommissionOre: p.companyCommissionOre * quantity,
      companyCostOre: p.companyCostOre * quantity,
      version,
      createdAt: soldAt,
      updatedAt: soldAt,
    })
    await tx.insert(t.saleLines).values({
      id: randomUUID(),
      saleId: id,
      productId: p.id,
      productName: p.name,
      quantity,
      priceOre: p.priceOre,
      sellerCommissionOre: p.sellerCommissionOre,
      companyCommissionOre: p.companyCommissionOre,
      companyCostOre: p.companyCostOre,
      position: 0,
    })
    await tx.insert(t.saleStatusHistory).values({ id: randomUUID(), saleId: id, status: 'finalized', note: null, byUserId: sellerId, at: soldAt })
    if (status !== 'finalized') {
      await tx.insert(t.saleStatusHistory).values({ id: randomUUID(), saleId: id, status, note: deviationReason, byUserId: null, at: soldAt + DAY })
    }
    if (status === 'deviation' && deviationType) {
      await tx.insert(t.saleDeviations).values({
        id: randomUUID(),
        saleId: id,
        sellerId,
        teamId: seller?.teamId ?? null,
        officeId: team?.officeId ?? null,
        providerId: p.providerId,
        type: deviationType,
        reason: deviationReason ?? '',
        searchText: searchTextOf({ customerName: customer, companyName: null, externalOrderNumber: null }),
        state: 'open',
        pending: 1,
        openedAt: soldAt + DAY,
        openedById: null,
      })
    }
    if (status === 'deviation') deviated = { id, providerName: providers.find((x) => x.id === p.providerId)?.name ?? '', customerName: customer }
  }
  // Every seller gets this month's budget (seedDemoSales sets it near what they sell): sellers see it on their
  // dashboard, coaches and managers sum it.
  const everyone = await tx.select({ id: t.users.id }).from(t.users).where(isNotNull(t.users.teamId))
  for (const u of everyone) {
    version++
    await tx.insert(t.salesBudgets).values({ id: randomUUID(), userId: u.id, month: businessMonth(now), amountOre: 8_000_000, version, updatedAt: now })
  }
  await raiseChangeBaseline(tx, t, version)
  return deviated
}

/**
 * The time staff's reports from the first of last month to yesterday (weekdays; early in a month today too), so back office's time reports,
 * attestation, sick notices and exports have something to show: last month attested by the coach; one colleague
 * sick now (with a notice), one who was sick nine days last month (a medical certificate from day 8), vacation, care
 * of a child, per diem on road trips, and extra income. Everyone else's days are filled from their sales afterwards
 * (demo-time.ts). Deterministic: the same days every time.
 */
async function seedTimeHistory(database: Database, tx: Db, now: number, attesters: { coachId: string; backofficeId: string }) {
  const { t } = database
  const today = businessDay(now)
  const thisMonth = businessMonth(now)
  const lastMonth = previousMonth(thisMonth)
  const days: string[] = []
  for (let d = `${lastMonth}-01`; d < today; d = addDays(d, 1)) if (!isWeekend(d)) days.push(d)
  // Early in a month (no weekday of it before today), today is reported too, as the sales move to today: the month
  // always has hours to show, attest and ask about, whatever day the demo is seeded.
  if (!days.some((d) => d >= `${thisMonth}-01`)) days.push(today)
  const staff = await tx
    .select({ id: t.users.id, teamId: t.users.teamId, officeId: t.teams.officeId, email: t.users.email, teamName: t.teams.name })
    .from(t.users)
    .innerJoin(t.teams, eq(t.teams.id, t.users.teamId))
  const byEmail = new Map(staff.map((c) => [c.email, c]))
  const sellers = DEMO_TIME_STAFF.map(([first, last]) => byEmail.get(emailOf(first, last))!)
  await raiseChangeBaseline(tx, t, 0)
  const [counter] = await tx.select({ version: t.syncVersion.version }).from(t.syncVersion).where(eq(t.syncVersion.id, 'global'))
  let version = counter?.version ?? 0
  // Sick now: the last two days reported (a notice on the first of them).
  const sickNow = days.slice(-2)
  const sickLast = [`${lastMonth}-05`, `${lastMonth}-13`] as const
  // Vacation and a child's sick day fall on working days, whatever weekday the month's 16th and 10th are.
  const fromDay = (day: string) => days.findIndex((d) => d >= `${lastMonth}-${day}`)
  const vacation = days.slice(fromDay('16'), fromDay('16') + 3)
  const childCareDay = days[fromDay('10')]
  for (const [i, c] of sellers.entries()) {
    for (const date of days) {
      let present = true
      let workHours = 8
      let absenceType: AbsenceType | null = null
      let allowanceType: 0 | 1 | 2 = 0
      let travelLocation: string | null = null
      if (i === 0 && sickNow.includes(date)) {
        present = false
        workHours = 0
        absenceType = 'sick'
      } else if (i === 1 && date >= sickLast[0] && date <= sickLast[1]) {
        present = false
        workHours = 0
        absenceType = 'sick'
      } else if (i === 2 && vacation.includes(date)) {
        present = false
        workHours = 0
        absenceType = 'vacation'
      } else if (i === 3 && new Date(`${date}T00:00:00Z`).getUTCDay() === 2) {
        allowanceType = 2
        travelLocation = 'Roadtrip Göteborg'
      } else if (i === 4 && date === childCareDay) {
        workHours = 4
        absenceType = 'child_care'
      }
      const at = Math.min(Date.parse(`${date}T16:30:00Z`), now)
      await tx.insert(t.timeReports).values({
        id: randomUUID(),
        userId: c.id,
        teamId: c.teamId,
        officeId: c.officeId,
        date,
        present,
        workHours,
        absenceHours: 8 - workHours,
        absenceType,
        allowanceType,
        travelLocation,
        comment: null,
        version: ++version,
        createdAt: at,
        updatedAt: at,
      })
    }
    if (i === 0 && sickNow.length) {
      const at = Date.parse(`${sickNow[0]}T05:50:00Z`)
      await tx.insert(t.sickNotices).values({
        id: randomUUID(),
        userId: c.id,
        teamId: c.teamId,
        officeId: c.officeId,
        date: sickNow[0]!,
        message: 'Feber, hör av mig i morgon.',
        sentAt: at,
        version: ++version,
        createdAt: at,
      })
    }
    if (i === 1) {
      const at = Date.parse(`${sickLast[0]}T06:10:00Z`)
      await tx.insert(t.sickNotices).values({
        id: randomUUID(),
        userId: c.id,
        teamId: c.teamId,
        officeId: c.officeId,
        date: sickLast[0],
        message: null,
        sentAt: at,
        version: ++version,
        createdAt: at,
      })
    }
    const attestedAt = Date.parse(`${thisMonth}-01T09:00:00Z`)
    await tx.insert(t.timeAttestations).values({
      id: randomUUID(),
      userId: c.id,
      teamId: c.teamId,
      officeId: c.officeId,
      month: lastMonth,
      attestedAt,
      // The coach attests the teams she coaches; back office the others.
      attestedById: c.teamName === 'Team Öresund' || c.teamName === 'Team Lund' ? attesters.coachId : attesters.backofficeId,
      reopenedAt: null,
      reopenedById: null,
      reopenReason: null,
      version: ++version,
      updatedAt: attestedAt,
    })
    if (i === 0) {
      await tx.insert(t.extraIncomes).values({
        id: randomUUID(),
        userId: c.id,
        month: lastMonth,
        amountOre: 1500_00,
        description: 'Tävlingsvinst: flest hemlarm',
        removedAt: null,
        createdById: null,
        version: ++version,
        createdAt: attestedAt,
        updatedAt: attestedAt,
      })
    }
  }
  await raiseChangeBaseline(tx, t, version)
}

/** How far an office's sellers are towards this month's budget, in whole per cent: what the manager's bell says. */
async function officeProgress(database: Database, tx: Db, now: number, office: string): Promise<number> {
  const { t } = database
  const month = businessMonth(now)
  const people = await tx
    .select({ id: t.users.id })
    .from(t.users)
    .innerJoin(t.teams, eq(t.teams.id, t.users.teamId))
    .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
    .where(eq(t.offices.name, office))
  const ids = people.map((p) => p.id)
  if (!ids.length) return 0
  const [sold] = await tx
    .select({ ore: sql<number>`coalesce(sum(${t.sales.orderValueOre}), 0)`.mapWith(Number) })
    .from(t.sales)
    .where(and(inArray(t.sales.sellerId, ids), like(t.sales.sellDate, `${month}-%`), ne(t.sales.status, 'regret')))
  const [budget] = await tx
    .select({ ore: sql<number>`coalesce(sum(${t.salesBudgets.amountOre}), 0)`.mapWith(Number) })
    .from(t.salesBudgets)
    .where(and(inArray(t.salesBudgets.userId, ids), eq(t.salesBudgets.month, month)))
  return budget?.ore ? Math.round(((sold?.ore ?? 0) / budget.ore) * 100) : 0
}
