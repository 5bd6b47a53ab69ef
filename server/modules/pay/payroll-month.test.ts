import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { businessMonth, previousMonth } from '../../../shared/rules/work'
import type { AttestationRow } from '../../../shared/schemas/time-reports'
import type { PayExportItem, PayrollMonthState } from '../../../shared/schemas/pay'
import { saleArgs } from '../../test/fixtures'
import { createTestApp } from '../../test/harness'

/**
 * A month of pay as it really comes (issue 70), on SQLite and PostgreSQL: a seller with hours only, one with
 * commission only, one with both and extra income, one whose regret of last month's sale takes the month below zero,
 * one who left mid-month. Everyone payable is on the attestation; nothing leaves for payroll unattested unless the
 * export is asked for the attested people only, naming who it leaves out; the PAXml read back agrees with the screen
 * to the öre.
 */
const app = await createTestApp()
const { database } = app
const { t, db } = database
const admin = await app.login('admin@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const month = businessMonth(Date.now())
const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`

/** A new seller of the demo seller's team, signed in on a phone of their own. */
async function newSeller(firstName: string, employeeId: string) {
  const login = await app.newSeller({ firstName, lastName: 'Lönsson', employeeId })
  return { id: login.answer.userData.id, name: `${firstName} Lönsson`, employeeId, cookie: login.cookie, phone: app.device(login.cookie) }
}
type Seller = Awaited<ReturnType<typeof newSeller>>

const workDay = (date: string, hours = 8) => ({
  id: randomUUID(),
  date,
  present: true,
  workHours: hours,
  absenceHours: 8 - hours,
  absenceType: hours < 8 ? 'other' : null,
  allowanceType: 0,
  travelLocation: null,
  comment: null,
})

async function reportDays(s: Seller, days: Array<ReturnType<typeof workDay>>) {
  for (const d of days) expect(await s.phone.push('saveTimeReport', d)).toMatchObject({ applied: 1 })
}

/** A sale by the seller, approved by back office: the seller's commission of the month. Its id and commission. */
async function approvedSale(s: Seller, customerName: string) {
  const product = (await s.phone.products())[0]!
  const args = saleArgs(
    { providerId: product.providerId, products: [{ productId: product.id, quantity: 2 }] },
    { customerName, address: `${customerName}s väg 1` },
  )
  expect(await s.phone.push('createSale', args)).toMatchObject({ applied: 1 })
  await move(args.id, { status: 'approved' })
  await app.events.settled()
  const [sale] = await db.select({ c: t.sales.sellerCommissionOre }).from(t.sales).where(eq(t.sales.id, args.id))
  expect(sale!.c).toBeGreaterThan(0)
  return { id: args.id, commissionOre: sale!.c }
}

async function move(saleId: string, body: Record<string, unknown>) {
  const [row] = await db.select({ v: t.sales.version }).from(t.sales).where(eq(t.sales.id, saleId))
  const r = await app.request('POST', `/api/sale-reports/${saleId}/status`, { cookie: backoffice.cookie, body: { version: row!.v, ...body } })
  expect(r.status, r.text).toBe(200)
}

const payroll = async () => (await app.request('GET', `/api/payroll?month=${month}`, { cookie: backoffice.cookie })).json as unknown as PayrollMonthState
const attestation = async () =>
  ((await app.request('GET', `/api/time-attestations?month=${month}`, { cookie: backoffice.cookie })).json as { items: AttestationRow[] }).items

async function exported(body: Record<string, unknown>): Promise<{ item: PayExportItem; text: string }> {
  const asked = await app.request('POST', '/api/payroll-exports', { cookie: backoffice.cookie, body: { month, format: 'paxml', ...body } })
  expect(asked.status, asked.text).toBe(202)
  await app.jobs.settled()
  const item = (await app.request('GET', `/api/pay-exports/${(asked.json as unknown as PayExportItem).id}`, { cookie: backoffice.cookie }))
    .json as unknown as PayExportItem
  expect(item.state, JSON.stringify(item)).toBe('done')
  const file = await app.request('GET', `/api/files/${item.fileId}`, { cookie: backoffice.cookie })
  expect(file.status).toBe(200)
  return { item, text: file.text }
}

/** The PAXml file read back per employee number: hours per time code, and the sum of the pay lines' amounts in öre. */
function readPaxml(text: string) {
  const people = new Map<string, { hours: Map<string, number>; amountOre: number; payLines: number }>()
  const of = (id: string) => people.get(id) ?? people.set(id, { hours: new Map(), amountOre: 0, payLines: 0 }).get(id)!
  for (const [, id, body] of text.matchAll(/<tidtrans anstid="([^"]+)"[^>]*>([\s\S]*?)<\/tidtrans>/g)) {
    const code = /<tidkod>(.*?)<\/tidkod>/.exec(body!)![1]!
    const hours = Number(/<timmar>(.*?)<\/timmar>/.exec(body!)![1])
    const p = of(id!)
    p.hours.set(code, (p.hours.get(code) ?? 0) + hours)
  }
  for (const [, id, body] of text.matchAll(/<lonetrans anstid="([^"]+)"[^>]*>([\s\S]*?)<\/lonetrans>/g)) {
    const amount = /<belopp>(.*?)<\/belopp>/.exec(body!)
    const p = of(id!)
    p.payLines++
    if (amount) p.amountOre += Math.round(Number(amount[1]) * 100)
  }
  return people
}

const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0)

describe('a month of pay with every kind of person', () => {
  it('lists everyone payable for attestation, refuses them unattested, and exports the attested only when asked, naming who is left out', async () => {
    const hoursOnly = await newSeller('Hanna', 'L-H1')
    const commissionOnly = await newSeller('Kalle', 'L-K1')
    const both = await newSeller('Bodil', 'L-B1')
    const belowZero = await newSeller('Rune', 'L-R1')
    const left = await newSeller('Lisa', 'L-L1')

    await reportDays(hoursOnly, [workDay(day(1)), workDay(day(2), 6)])
    const kalles = await approvedSale(commissionOnly, 'Kund Ett')
    await reportDays(both, [workDay(day(1))])
    const bodils = await approvedSale(both, 'Kund Två')
    const extra = await app.request('POST', '/api/extra-incomes', {
      cookie: backoffice.cookie,
      body: { userId: both.id, month, amountOre: 750_50, description: 'Tävlingsvinst' },
    })
    expect(extra.status, extra.text).toBe(201)
    // Rune's sale was approved last month (its commission paid then); the customer regrets now: the clawback lands
    // in this month, with nothing this month to set it against.
    await reportDays(belowZero, [workDay(day(2))])
    const runes = await approvedSale(belowZero, 'Kund Tre')
    await db
      .update(t.commissionLines)
      .set({ month: previousMonth(month) })
      .where(and(eq(t.commissionLines.saleId, runes.id), eq(t.commissionLines.kind, 'commission')))
    await move(runes.id, { status: 'regret', reason: 'Kunden ångrade sig.' })
    await app.events.settled()
    // Lisa worked two days, sold, and left the company the same month.
    await reportDays(left, [workDay(day(1)), workDay(day(2))])
    const lisas = await approvedSale(left, 'Kund Fyra')
    const [lisa] = await db.select({ v: t.users.version }).from(t.users).where(eq(t.users.id, left.id))
    const gone = await app.request('POST', `/api/users/${left.id}/deactivate`, { cookie: admin.cookie, body: { reason: 'Slutade', version: lisa!.v } })
    expect(gone.status, gone.text).toBe(200)

    // Everyone payable is on the attestation, with what the month pays them: Kalle without a single hour.
    const rows = new Map((await attestation()).map((r) => [r.userId, r]))
    expect(rows.get(hoursOnly.id)).toMatchObject({ days: 2, workHours: 14, absenceHours: 2, commissionOre: 0, extraIncomeOre: 0, attestedAt: null })
    expect(rows.get(commissionOnly.id)).toMatchObject({ days: 0, workHours: 0, commissionOre: kalles.commissionOre, mayAttest: true })
    expect(rows.get(both.id)).toMatchObject({ days: 1, workHours: 8, commissionOre: bodils.commissionOre, extraIncomeOre: 750_50 })
    expect(rows.get(belowZero.id)).toMatchObject({ days: 1, commissionOre: -runes.commissionOre })
    expect(rows.get(left.id)).toMatchObject({ days: 2, workHours: 16, commissionOre: lisas.commissionOre })

    // Unattested, Kalle blocks the month like the others do, named with what he has.
    const before = await payroll()
    expect(before.problems).toContainEqual({ kind: 'notAttested', userId: commissionOnly.id, name: commissionOnly.name })
    expect(before.unattested.find((p) => p.userId === commissionOnly.id)).toEqual({
      userId: commissionOnly.id,
      name: commissionOnly.name,
      hours: 0,
      absenceHours: 0,
      commissionOre: kalles.commissionOre,
      extraIncomeOre: 0,
    })
    const refused = await app.request('POST', '/api/payroll-exports', { cookie: backoffice.cookie, body: { month, format: 'paxml' } })
    expect(refused.status).toBe(422)
    expect(JSON.stringify(refused.json)).toContain(commissionOnly.id)

    // Our five are attested; the demo's other people are not.
    const ours = [hoursOnly, commissionOnly, both, belowZero, left]
    const attested = await app.request('POST', '/api/time-attestations', { cookie: backoffice.cookie, body: { month, userIds: ours.map((s) => s.id) } })
    expect(attested.json).toMatchObject({ refused: [] })
    const state = await payroll()
    expect(state.unattestedCount).toBeGreaterThan(0)
    expect(state.attestedProblems).toEqual([])
    expect(state.unattested.map((p) => p.userId)).not.toContain(commissionOnly.id)
    expect((await app.request('POST', '/api/payroll-exports', { cookie: backoffice.cookie, body: { month, format: 'paxml' } })).status).toBe(422)

    // Attested only: asked without the list, or with a list that is not who is left out, it is refused.
    const noList = await app.request('POST', '/api/payroll-exports', { cookie: backoffice.cookie, body: { month, format: 'paxml', scope: 'attested' } })
    expect(noList.status).toBe(400)
    expect((noList.json as { fieldErrors: Record<string, string[]> }).fieldErrors.leftOut).toEqual(['Fältet är obligatoriskt'])
    const stale = await app.request('POST', '/api/payroll-exports', {
      cookie: backoffice.cookie,
      body: { month, format: 'paxml', scope: 'attested', leftOut: state.unattested.slice(1).map((p) => p.userId) },
    })
    expect(stale.status).toBe(409)
    expect(stale.json).toMatchObject({ error: 'left_out_changed', details: { leftOutCount: state.unattestedCount } })

    const { item, text } = await exported({ scope: 'attested', leftOut: state.unattested.map((p) => p.userId) })
    expect(item.summary).toMatchObject({
      scope: 'attested',
      leftOutCount: state.unattestedCount,
      leftOut: state.unattested.map((p) => ({ userId: p.userId, name: p.name })),
      hours: state.attestedTotals.hours,
      commissionOre: state.attestedTotals.commissionOre,
      extraIncomeOre: state.attestedTotals.extraIncomeOre,
    })
    const file = readPaxml(text)
    // Nobody unattested is in the file; each of ours is, as the screen says.
    const employeeIds = new Map((await db.select({ id: t.users.id, e: t.users.employeeId }).from(t.users)).map((u) => [u.id, u.e]))
    for (const p of state.unattested) expect(file.has(employeeIds.get(p.userId)!)).toBe(false)
    expect(file.get('L-H1')).toEqual({
      hours: new Map([
        ['TID', 14],
        ['FR2', 2],
      ]),
      amountOre: 0,
      payLines: 0,
    })
    expect(file.get('L-K1')).toEqual({ hours: new Map(), amountOre: kalles.commissionOre, payLines: 1 })
    expect(file.get('L-B1')).toEqual({ hours: new Map([['TID', 8]]), amountOre: bodils.commissionOre + 750_50, payLines: 2 })
    expect(file.get('L-R1')).toEqual({ hours: new Map([['TID', 8]]), amountOre: -runes.commissionOre, payLines: 1 })
    expect(file.get('L-L1')).toEqual({ hours: new Map([['TID', 16]]), amountOre: lisas.commissionOre, payLines: 1 })
    // The file and the screen agree to the öre.
    const all = [...file.values()]
    expect(sum(all.map((p) => p.hours.get('TID') ?? 0))).toBe(state.attestedTotals.hours)
    expect(sum(all.map((p) => p.amountOre))).toBe(state.attestedTotals.commissionOre + state.attestedTotals.extraIncomeOre)
  })

  it('exports everyone once all are attested, and the file adds up to the month on the screen', async () => {
    const open = (await attestation()).filter((r) => r.attestedAt === null).map((r) => r.userId)
    if (open.length)
      expect((await app.request('POST', '/api/time-attestations', { cookie: backoffice.cookie, body: { month, userIds: open } })).json).toMatchObject({
        refused: [],
      })
    const state = await payroll()
    expect([state.unattestedCount, state.problems]).toEqual([0, []])
    expect(state.attested).toBe(state.employees)
    expect(state.totals).toEqual(state.attestedTotals)
    const { item, text } = await exported({})
    expect(item.summary).toMatchObject({ scope: 'all', employees: state.employees, hours: state.totals.hours, absenceHours: state.totals.absenceHours })
    expect(item.summary!.leftOutCount).toBeUndefined()
    const all = [...readPaxml(text).values()]
    const absenceCodes = (p: (typeof all)[number]) => sum([...p.hours].filter(([code]) => code !== 'TID').map(([, h]) => h))
    expect(sum(all.map((p) => p.hours.get('TID') ?? 0))).toBe(state.totals.hours)
    expect(sum(all.map(absenceCodes))).toBe(state.totals.absenceHours)
    expect(sum(all.map((p) => p.amountOre))).toBe(state.totals.commissionOre + state.totals.extraIncomeOre)
    expect(all.length).toBe(state.employees)
  })
})
