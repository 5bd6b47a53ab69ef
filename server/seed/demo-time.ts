import { randomUUID } from 'node:crypto'
import { and, eq, inArray, isNull, lt } from 'drizzle-orm'
import { addDays, businessDay, businessMonth, isWeekend } from '../../shared/rules/work'
import type { AbsenceType } from '../../shared/rules/time-report'
import { raiseChangeBaseline } from '../db/change-counter'
import type { Database, Db } from '../db/client'
import { prng } from './vocabulary'

/**
 * The demo's hours hold together with its sales (issue 70, docs/decisions/080): every seller who sold has a time
 * report for every weekday from their first sale to yesterday, and for a weekend day they sold on; a day they sold is
 * a worked day of eight hours, a weekday without a sale now and then a day of care of a child (VAB) or vacation.
 * Reports already there (the time staff's hand-made month) stay as they are. Then every month before this one is
 * attested for everyone it pays (hours, commission or extra income): the coach attests the teams she coaches, back
 * office the others, on the first of the next month. Deterministic: the same days every time for the same day.
 * Runs after the sales and the commission ledger are seeded, before the hours by month are added up.
 */
export async function seedDemoWorkedDays(
  database: Database,
  tx: Db,
  now: number,
  attesters: { coachId: string; coachTeamIds: string[]; backofficeId: string },
) {
  const { t } = database
  const rng = prng(`saljkraft-demo-time:${businessDay(now)}`)
  const today = businessDay(now)
  const thisMonth = businessMonth(now)
  const sales = await tx.select({ sellerId: t.sales.sellerId, soldAt: t.sales.soldAt }).from(t.sales)
  const soldOn = new Map<string, Set<string>>()
  for (const s of sales) {
    const day = businessDay(s.soldAt)
    if (day >= today) continue
    ;(soldOn.get(s.sellerId) ?? soldOn.set(s.sellerId, new Set()).get(s.sellerId)!).add(day)
  }
  const sellers = soldOn.size
    ? await tx
        .select({ id: t.users.id, teamId: t.users.teamId, officeId: t.teams.officeId })
        .from(t.users)
        .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
        .where(inArray(t.users.id, [...soldOn.keys()]))
    : []
  const reported = new Set(
    (await tx.select({ userId: t.timeReports.userId, date: t.timeReports.date }).from(t.timeReports)).map((r) => `${r.userId}|${r.date}`),
  )
  await raiseChangeBaseline(tx, t, 0)
  const [counter] = await tx.select({ version: t.syncVersion.version }).from(t.syncVersion).where(eq(t.syncVersion.id, 'global'))
  let version = counter?.version ?? 0
  const rows: Array<typeof t.timeReports.$inferInsert> = []
  for (const seller of sellers) {
    const days = soldOn.get(seller.id)!
    const first = [...days].sort()[0]!
    for (let date = first; date < today; date = addDays(date, 1)) {
      const sold = days.has(date)
      if ((!sold && isWeekend(date)) || reported.has(`${seller.id}|${date}`)) continue
      // A weekday without a sale: most are days at the doors that sold nothing; a few a child sick at home, or a day off.
      const roll = sold ? 1 : rng.next()
      const absenceType: AbsenceType | null = roll < 0.12 ? 'child_care' : roll < 0.2 ? 'vacation' : null
      const at = Date.parse(`${date}T16:45:00Z`)
      rows.push({
        id: randomUUID(),
        userId: seller.id,
        teamId: seller.teamId,
        officeId: seller.officeId,
        date,
        present: absenceType === null,
        workHours: absenceType ? 0 : 8,
        absenceHours: absenceType ? 8 : 0,
        absenceType,
        allowanceType: 0,
        travelLocation: null,
        comment: null,
        version: ++version,
        createdAt: at,
        updatedAt: at,
      })
    }
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(t.timeReports).values(rows.slice(i, i + 500))
  version = await attestPastMonths(database, tx, thisMonth, attesters, version)
  await raiseChangeBaseline(tx, t, version)
  return { reports: rows.length }
}

/**
 * Every month before `thisMonth` attested for each person it pays (their time reports, unless `reports` is false:
 * a data set that attests its reporters itself), who is not attested yet. The last version used.
 */
export async function attestPastMonths(
  database: Database,
  tx: Db,
  thisMonth: string,
  attesters: { coachId: string; coachTeamIds: string[]; backofficeId: string } | null,
  version: number,
  opts: { reports: boolean } = { reports: true },
) {
  const { t } = database
  const payable = new Set<string>()
  if (opts.reports)
    for (const r of await tx
      .selectDistinct({ userId: t.timeReports.userId, date: t.timeReports.date })
      .from(t.timeReports)
      .where(lt(t.timeReports.date, `${thisMonth}-01`)))
      payable.add(`${r.userId}|${r.date.slice(0, 7)}`)
  for (const r of await tx
    .selectDistinct({ userId: t.commissionLines.userId, month: t.commissionLines.month })
    .from(t.commissionLines)
    .where(lt(t.commissionLines.month, thisMonth)))
    payable.add(`${r.userId}|${r.month}`)
  for (const r of await tx
    .selectDistinct({ userId: t.extraIncomes.userId, month: t.extraIncomes.month })
    .from(t.extraIncomes)
    .where(and(lt(t.extraIncomes.month, thisMonth), isNull(t.extraIncomes.removedAt))))
    payable.add(`${r.userId}|${r.month}`)
  for (const a of await tx.select({ userId: t.timeAttestations.userId, month: t.timeAttestations.month }).from(t.timeAttestations))
    payable.delete(`${a.userId}|${a.month}`)
  if (!payable.size) return version
  const people = new Map(
    (
      await tx
        .select({ id: t.users.id, teamId: t.users.teamId, officeId: t.teams.officeId })
        .from(t.users)
        .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
        .where(inArray(t.users.id, [...new Set([...payable].map((k) => k.split('|')[0]!))]))
    ).map((p) => [p.id, p]),
  )
  const rows: Array<typeof t.timeAttestations.$inferInsert> = []
  for (const key of [...payable].sort()) {
    const [userId, month] = key.split('|') as [string, string]
    const p = people.get(userId)
    if (!p) continue
    const [y, m] = month.split('-').map(Number) as [number, number]
    const attestedAt = Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1, 8, 0)
    rows.push({
      id: randomUUID(),
      userId,
      teamId: p.teamId,
      officeId: p.officeId,
      month,
      attestedAt,
      attestedById: !attesters ? null : p.teamId && attesters.coachTeamIds.includes(p.teamId) ? attesters.coachId : attesters.backofficeId,
      reopenedAt: null,
      reopenedById: null,
      reopenReason: null,
      version: ++version,
      updatedAt: attestedAt,
    })
  }
  for (let i = 0; i < rows.length; i += 500) await tx.insert(t.timeAttestations).values(rows.slice(i, i + 500))
  return version
}
