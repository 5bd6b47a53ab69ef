import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import { earned, levelsCrossed, salePoints } from '../../shared/rules/game'
import type { GameLedgerKind } from '../../shared/schemas/game'
import { addDays, businessDay, monthRange } from '../../shared/rules/work'
import type { Database, Db } from '../db/client'

/** The demo's levels (docs/decisions/052): names and benefits as an organisation's game admin would write them. */
export const DEMO_LEVELS: ReadonlyArray<{ number: number; name: string; requiredXp: number; benefits: string }> = [
  { number: 1, name: 'Rookie', requiredXp: 0, benefits: '' },
  { number: 2, name: 'Dörrknackare', requiredXp: 250, benefits: 'Säljspelets välkomstpaket: keps och vattenflaska.' },
  { number: 3, name: 'Closer', requiredXp: 750, benefits: 'Förtur till morgonmötets bästa områden en gång i veckan.' },
  { number: 4, name: 'Proffs', requiredXp: 1500, benefits: 'Eget område att bearbeta, och 10 % extra Key Coins på kampanjveckor.' },
  { number: 5, name: 'Stjärna', requiredXp: 3000, benefits: 'Middag med kontorschefen och en plats i mentorprogrammet.' },
  { number: 6, name: 'Legend', requiredXp: 6000, benefits: 'Resa till årets säljkonferens, och ditt namn på kontorets tavla.' },
]

type Row = {
  userId: string
  kind: GameLedgerKind
  xp: number
  coins: number
  saleId: string | null
  reason: string | null
  teamId: string | null
  officeId: string | null
  at: number
  refId?: string | null
}

/**
 * Writes ledger rows as the game's service books them (server/modules/game): each row, and in step with it the
 * person's totals, XP per day and per month, and the levels they reached. For seeds only; the app books one row
 * at a time through the service.
 */
export async function bookSeedRows(database: Database, tx: Db, rows: Row[]) {
  const { t } = database
  const levels = await tx
    .select({ id: t.gameLevels.id, number: t.gameLevels.number, name: t.gameLevels.name, requiredXp: t.gameLevels.requiredXp })
    .from(t.gameLevels)
  const sorted = [...rows].sort((a, b) => a.at - b.at)
  const totals = new Map<string, { xp: number; coins: number; at: number }>()
  const days = new Map<string, { day: string; userId: string; teamId: string; officeId: string; xp: number }>()
  const months = new Map<string, { month: string; userId: string; teamId: string; officeId: string; xp: number }>()
  const reached: Array<{ userId: string; levelId: string; at: number }> = []
  const ledger = []
  for (const r of sorted) {
    const day = businessDay(r.at)
    ledger.push({ id: randomUUID(), ...r, refId: r.refId ?? null, eventId: null, day, byUserId: null })
    const before = totals.get(r.userId) ?? { xp: 0, coins: 0, at: r.at }
    totals.set(r.userId, { xp: before.xp + r.xp, coins: before.coins + r.coins, at: r.at })
    for (const level of levelsCrossed(before.xp, before.xp + r.xp, levels)) {
      if (!reached.some((x) => x.userId === r.userId && x.levelId === level.id)) reached.push({ userId: r.userId, levelId: level.id, at: r.at })
    }
    if (r.xp === 0) continue
    const place = { userId: r.userId, teamId: r.teamId ?? '', officeId: r.officeId ?? '' }
    const dayKey = `${day}|${place.userId}|${place.teamId}|${place.officeId}`
    days.set(dayKey, { day, ...place, xp: (days.get(dayKey)?.xp ?? 0) + r.xp })
    const monthKey = `${day.slice(0, 7)}|${place.userId}|${place.teamId}|${place.officeId}`
    months.set(monthKey, { month: day.slice(0, 7), ...place, xp: (months.get(monthKey)?.xp ?? 0) + r.xp })
  }
  for (let i = 0; i < ledger.length; i += 500) await tx.insert(t.gameLedger).values(ledger.slice(i, i + 500))
  const nonZero = <T extends { xp: number }>(list: Iterable<T>) => [...list].filter((x) => x.xp !== 0)
  const dayRows = nonZero(days.values())
  const monthRows = nonZero(months.values())
  for (let i = 0; i < dayRows.length; i += 500) await tx.insert(t.gameXpDays).values(dayRows.slice(i, i + 500))
  for (let i = 0; i < monthRows.length; i += 500) await tx.insert(t.gameXpMonths).values(monthRows.slice(i, i + 500))
  const totalRows = [...totals].map(([userId, v]) => ({ userId, xp: v.xp, coins: v.coins, updatedAt: v.at }))
  for (let i = 0; i < totalRows.length; i += 500) await tx.insert(t.gameTotals).values(totalRows.slice(i, i + 500))
  if (reached.length > 0) await tx.insert(t.gameLevelsReached).values(reached)
}

/**
 * The demo's sales game: the levels, the game's view of the demo seller's sales with what the approved ones earned
 * (and a regret taking its earning back), and XP for their colleagues over the last weeks, so that the levels, the
 * history and every leaderboard have something to show.
 */
export async function seedGameDemo(database: Database, tx: Db, sellerId: string, colleagueEmails: string[], now: number) {
  const { t } = database
  await tx.insert(t.gameLevels).values(DEMO_LEVELS.map((l) => ({ id: randomUUID(), ...l, createdAt: now, updatedAt: now })))
  const sales = await tx
    .select({
      id: t.sales.id,
      sellerId: t.sales.sellerId,
      teamId: t.sales.teamId,
      officeId: t.sales.officeId,
      sellDate: t.sales.sellDate,
      soldAt: t.sales.soldAt,
      status: t.sales.status,
      orderValueOre: t.sales.orderValueOre,
    })
    .from(t.sales)
    .where(eq(t.sales.sellerId, sellerId))
  const lines = sales.length
    ? await tx
        .select({ saleId: t.saleLines.saleId, productId: t.saleLines.productId, quantity: t.saleLines.quantity, points: t.products.gamePoints })
        .from(t.saleLines)
        .innerJoin(t.products, eq(t.products.id, t.saleLines.productId))
        .where(
          inArray(
            t.saleLines.saleId,
            sales.map((s) => s.id),
          ),
        )
    : []
  const scores = sales.length
    ? await tx
        .select({ saleId: t.qualitySurveys.saleId, score: t.qualitySurveys.scoreTenths })
        .from(t.qualitySurveys)
        .where(
          and(
            inArray(
              t.qualitySurveys.saleId,
              sales.map((s) => s.id),
            ),
            eq(t.qualitySurveys.status, 'answered'),
          ),
        )
    : []
  const scoreOf = new Map(scores.map((s) => [s.saleId, s.score]))
  const rows: Row[] = []
  for (const sale of sales) {
    const own = lines.filter((l) => l.saleId === sale.id)
    const points = salePoints(own, (id) => own.find((l) => l.productId === id)?.points ?? 0)
    const scoreTenths = scoreOf.get(sale.id) ?? null
    await tx.insert(t.gameSales).values({
      saleId: sale.id,
      sellerId: sale.sellerId,
      teamId: sale.teamId,
      officeId: sale.officeId,
      sellDate: sale.sellDate,
      points,
      orderValueOre: sale.orderValueOre,
      status: sale.status,
      scoreTenths,
      lastEventId: 0,
      updatedAt: now,
    })
    const place = { saleId: sale.id, teamId: sale.teamId, officeId: sale.officeId, userId: sale.sellerId }
    if (sale.status === 'approved') {
      const amounts = earned({ status: 'approved', points, scoreTenths })
      rows.push({ ...place, kind: 'sale', ...amounts, reason: null, at: sale.soldAt + 86_400_000 })
    } else if (sale.status === 'regret') {
      // Approved first, then regretted: earned and taken back, with the customer's reason.
      const amounts = earned({ status: 'approved', points, scoreTenths: null })
      rows.push({ ...place, kind: 'sale', ...amounts, reason: null, at: sale.soldAt + 86_400_000 })
      rows.push({
        ...place,
        kind: 'regret',
        xp: -amounts.xp,
        coins: -amounts.coins,
        reason: 'Kunden ångrade sig inom ångerrätten.',
        at: sale.soldAt + 3 * 86_400_000,
      })
    }
  }
  // The colleagues: a few approved sales a week each over the last six weeks, more for some than for others.
  const people = await tx.select({ id: t.users.id, teamId: t.users.teamId }).from(t.users).where(inArray(t.users.email, colleagueEmails))
  const officeOf = new Map((await tx.select({ id: t.teams.id, officeId: t.teams.officeId }).from(t.teams)).map((r) => [r.id, r.officeId]))
  people.forEach((person, n) => {
    for (let d = 42; d >= 0; d--) {
      if ((d + n) % 7 >= 5 || (d * 7 + n * 3) % 4 === 0) continue
      const at = now - d * 86_400_000 - 3 * 3600_000
      const points = 20 + ((n * 37 + d * 11) % 50)
      rows.push({
        userId: person.id,
        kind: 'sale',
        xp: points,
        coins: points,
        saleId: null,
        reason: null,
        teamId: person.teamId,
        officeId: person.teamId ? (officeOf.get(person.teamId) ?? null) : null,
        at,
      })
    }
  })
  // The shop: a few rewards (one sold out), and a colleague's purchase waiting for the admin's decision.
  const rewards: Array<[string, string, number, Array<[string | null, string | null, number]>]> = [
    [
      'Säljkraft-keps',
      'Broderad keps i bomull.',
      150,
      [
        [null, 'Svart', 10],
        [null, 'Röd', 5],
      ],
    ],
    [
      'T-shirt',
      'Säljkrafts t-shirt i ekologisk bomull.',
      300,
      [
        ['S', 'Svart', 4],
        ['M', 'Svart', 6],
        ['L', 'Svart', 6],
        ['XL', 'Svart', 2],
      ],
    ],
    ['Biobiljetter för två', 'Två biljetter till valfri föreställning.', 500, [[null, null, 0]]],
    ['Trådlösa hörlurar', 'Brusreducerande, med laddningsetui.', 1200, [[null, null, 2]]],
    ['Ledig eftermiddag', 'En ledig eftermiddag i samråd med din coach.', 2000, [[null, null, 5]]],
  ]
  let capVariant = ''
  for (const [name, description, priceCoins, variants] of rewards) {
    const rewardId = randomUUID()
    await tx.insert(t.gameRewards).values({ id: rewardId, name, description, priceCoins, active: true, version: 1, createdAt: now, updatedAt: now })
    for (const [i, [size, colour, stock]] of variants.entries()) {
      const id = randomUUID()
      if (name === 'Säljkraft-keps' && colour === 'Röd') capVariant = id
      await tx.insert(t.gameRewardVariants).values({ id, rewardId, size, colour, stock, position: i, active: true, version: 1 })
    }
  }
  const buyer = people[0]
  if (buyer && capVariant) {
    const [variant] = await tx.select({ rewardId: t.gameRewardVariants.rewardId }).from(t.gameRewardVariants).where(eq(t.gameRewardVariants.id, capVariant))
    const purchaseId = randomUUID()
    const at = now - 2 * 3600_000
    await tx.insert(t.gamePurchases).values({
      id: purchaseId,
      userId: buyer.id,
      rewardId: variant!.rewardId,
      variantId: capVariant,
      priceCoins: 150,
      status: 'requested',
      version: 1,
      createdAt: at,
      updatedAt: at,
    })
    await tx.update(t.gameRewardVariants).set({ stock: 4 }).where(eq(t.gameRewardVariants.id, capVariant))
    rows.push({
      userId: buyer.id,
      kind: 'purchase',
      xp: 0,
      coins: -150,
      saleId: null,
      reason: 'Säljkraft-keps · Röd',
      teamId: null,
      officeId: null,
      at,
      refId: purchaseId,
    })
  }
  // Competitions: this month's race between sellers and this week's between teams, both by XP, and last month's race,
  // which the start's sweep finishes (freezes, pays its prize, tells its winner) like any competition past its end.
  const today = businessDay(now)
  const monthStart = `${today.slice(0, 7)}-01`
  const lastMonthEnd = addDays(monthStart, -1)
  const weekStart = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7))
  const competitions = [
    {
      name: 'Månadsracet',
      description: 'Flest XP den här månaden vinner.',
      kind: 'sellers' as const,
      from: monthStart,
      to: monthRange(today.slice(0, 7)).to,
      prizes: [
        { rank: 1, coins: 500, text: 'Middag för två' },
        { rank: 2, coins: 250, text: '' },
        { rank: 3, coins: 100, text: '' },
      ],
    },
    {
      name: 'Lagkampen',
      description: 'Veckans XP per team.',
      kind: 'teams' as const,
      from: weekStart,
      to: addDays(weekStart, 6),
      prizes: [{ rank: 1, coins: null, text: 'Frukost på kontoret' }],
    },
    {
      name: 'Förra månadens race',
      description: '',
      kind: 'sellers' as const,
      from: `${lastMonthEnd.slice(0, 7)}-01`,
      to: lastMonthEnd,
      prizes: [{ rank: 1, coins: 300, text: '' }],
    },
  ]
  for (const c of competitions)
    await tx.insert(t.gameCompetitions).values({
      id: randomUUID(),
      name: c.name,
      description: c.description,
      metric: 'xp',
      kind: c.kind,
      officeIds: [],
      fromDay: c.from,
      toDay: c.to,
      prizes: c.prizes,
      state: 'published',
      publishedAt: now - 30 * 86_400_000,
      version: 1,
      createdById: null,
      createdAt: now - 30 * 86_400_000,
      updatedAt: now - 30 * 86_400_000,
    })
  // Badges: the award job at start gives them to whoever meets them (the demo seller's sales).
  const badges = [
    {
      name: 'Första affären',
      description: 'Din första godkända försäljning.',
      period: 'all' as const,
      coins: 25,
      rule: { combine: 'and' as const, conditions: [{ field: 'approved_orders' as const, operator: '>=' as const, value: 1 }] },
    },
    {
      name: 'Veckans stjärna',
      description: 'Minst tre godkända ordrar på en vecka, och under 20 % ånger.',
      period: 'week' as const,
      coins: 50,
      rule: {
        combine: 'and' as const,
        conditions: [
          { field: 'approved_orders' as const, operator: '>=' as const, value: 3 },
          { field: 'regret_rate' as const, operator: '<' as const, value: 20 },
        ],
      },
    },
    {
      name: 'Kvalitetsmästare',
      description: 'Kundernas betyg i snitt minst 85 under en månad.',
      period: 'month' as const,
      coins: 100,
      rule: { combine: 'and' as const, conditions: [{ field: 'quality_score' as const, operator: '>=' as const, value: 85 }] },
    },
  ]
  for (const b of badges) await tx.insert(t.gameBadges).values({ id: randomUUID(), ...b, active: true, version: 1, createdAt: now, updatedAt: now })
  await bookSeedRows(
    database,
    tx,
    rows.filter((r) => r.at <= now),
  )
}
