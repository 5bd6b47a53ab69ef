import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { normalizePersonalNumber } from '../../shared/rules/identity'
import { businessMonth, previousMonth } from '../../shared/rules/work'
import { createTestApp } from '../test/harness'
import { svAssistant } from '../../shared/i18n/sv/assistant'

/**
 * The demo organisation is every newcomer's first impression (issue 41): every seller sells, budgets sit near what
 * they sell, the bells say what the data does, and the assistant's own first suggestion has data to answer.
 */
const app = await createTestApp()
const { db, t } = app.database
const month = businessMonth(Date.now())
const last = previousMonth(month)
const sellers = await db
  .select({ id: t.users.id, name: t.users.firstName, teamName: t.teams.name })
  .from(t.users)
  .innerJoin(t.teams, eq(t.teams.id, t.users.teamId))
  .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
  .where(eq(t.roles.key, 'seller'))

describe('the demo organisation', () => {
  it('gives every demo customer an identity number of their own, each valid', async () => {
    const rows = await db.select({ ssn: t.sales.customerSsn }).from(t.sales)
    const numbers = rows.map((r) => r.ssn).filter((n): n is string => !!n)
    expect(numbers.length).toBeGreaterThanOrEqual(6)
    expect(new Set(numbers).size).toBe(numbers.length)
    for (const n of numbers) expect(normalizePersonalNumber(n), n).toBe(n)
  })

  it('every seller has last month’s sales, none on a day they reported away, and a budget near what they sold', async () => {
    expect(sellers.length).toBeGreaterThanOrEqual(14)
    for (const s of sellers) {
      const sales = await db
        .select({ date: t.sales.sellDate, ore: t.sales.orderValueOre, status: t.sales.status })
        .from(t.sales)
        .where(eq(t.sales.sellerId, s.id))
      const lastMonth = sales.filter((x) => x.date.startsWith(last) && x.status !== 'regret')
      expect(lastMonth.length, s.name).toBeGreaterThanOrEqual(8)
      const away = await db
        .select({ date: t.timeReports.date })
        .from(t.timeReports)
        .where(and(eq(t.timeReports.userId, s.id), eq(t.timeReports.present, false)))
      const awayDays = new Set(away.map((a) => a.date))
      expect(
        sales.filter((x) => awayDays.has(x.date)),
        s.name,
      ).toEqual([])
      const [budget] = await db
        .select({ ore: t.salesBudgets.amountOre })
        .from(t.salesBudgets)
        .where(and(eq(t.salesBudgets.userId, s.id), eq(t.salesBudgets.month, last)))
      const sold = lastMonth.reduce((sum, x) => sum + x.ore, 0)
      // Last month ended within about a tenth of its budget (rounded to whole thousands).
      expect(sold / budget!.ore, s.name).toBeGreaterThan(0.75)
      expect(sold / budget!.ore, s.name).toBeLessThan(1.25)
    }
  })

  it('the back-office bell counts the reports that wait; the manager’s the office’s real progress', async () => {
    const waiting = await db.select({ id: t.sales.id }).from(t.sales).where(eq(t.sales.status, 'finalized'))
    const [bell] = await db.select().from(t.notifications).where(eq(t.notifications.title, 'Nya säljrapporter'))
    expect(bell!.message).toBe(`${waiting.length} säljrapporter väntar på granskning.`)
    expect(waiting.length).toBeGreaterThan(1)
    const [manager] = await db.select().from(t.notifications).where(eq(t.notifications.title, 'Månadens budget'))
    expect(manager!.message).toMatch(/^Malmö har nått \d+ % av månadens budget\.$/)
  })

  it('the competition a bell announces exists and is on; the coach attested only the teams she coaches', async () => {
    const [bell] = await db.select().from(t.notifications).where(eq(t.notifications.link, '/sales-flow/competitions'))
    const [race] = await db.select().from(t.gameCompetitions).where(eq(t.gameCompetitions.name, 'Lagkampen'))
    expect(bell!.title).toContain(race!.name)
    const [coach] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, 'coach@demo.test'))
    const coached = (await db.select({ teamId: t.teamCoaches.teamId }).from(t.teamCoaches).where(eq(t.teamCoaches.userId, coach!.id))).map((c) => c.teamId)
    const attested = await db
      .select({ teamId: t.timeAttestations.teamId })
      .from(t.timeAttestations)
      .where(and(eq(t.timeAttestations.attestedById, coach!.id), isNotNull(t.timeAttestations.attestedAt)))
    expect(attested.length).toBeGreaterThan(0)
    for (const a of attested) expect(coached).toContain(a.teamId)
    const others = await db
      .select({ n: t.timeAttestations.id })
      .from(t.timeAttestations)
      .where(and(ne(t.timeAttestations.attestedById, coach!.id), coached.length ? inArray(t.timeAttestations.teamId, coached) : undefined))
    expect(others).toEqual([])
  })

  it('every suggestion the assistant offers has data to answer', async () => {
    const admin = await app.login('admin@demo.test')
    for (const question of Object.values(svAssistant.assistant.examples)) {
      const r = await app.request('POST', '/api/assistant/ask', { cookie: admin.cookie, body: { question } })
      expect(r.status).toBe(200)
      expect(r.json, question).toMatchObject({ kind: 'answer' })
      expect((r.json as { total: number }).total, question).toBeGreaterThan(0)
    }
  })

  it('order management holds the providers’ orders: most kept sales matched, a few orders waiting to be matched by hand', async () => {
    const orders = await db.select({ saleId: t.orderRegistrations.saleId, by: t.orderRegistrations.matchedBy }).from(t.orderRegistrations)
    const matched = orders.filter((o) => o.saleId)
    expect(matched.length).toBeGreaterThan(20)
    expect(new Set(matched.map((o) => o.by))).toEqual(new Set(['order_number', 'customer_date']))
    expect(orders.filter((o) => !o.saleId).length).toBeGreaterThanOrEqual(2)
    // Each matched order's sale is one that was kept (not regretted, not waiting).
    const sales = await db
      .select({ status: t.sales.status })
      .from(t.sales)
      .where(
        inArray(
          t.sales.id,
          matched.map((o) => o.saleId!),
        ),
      )
    expect(sales.every((x) => ['approved', 'flagged', 'unanswered'].includes(x.status))).toBe(true)
  })
})
