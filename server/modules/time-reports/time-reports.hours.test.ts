import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { monthHoursRecount } from './time-reports.fill'
import { createTestApp } from '../../test/harness'

/**
 * The work hours by month (docs/decisions/051) are kept by the time reports' two write paths — a device's save (new
 * or replacing the day's report) and back office's correction — and after any sequence of them equal a recount
 * from the reports themselves, rows reaching 0 hours included (they are removed).
 */
const app = await createTestApp()
const { db, t } = app.database
const sellers = [await app.login('seller@demo.test'), await app.login('sara.nystrom@demo.test')]
const push = sellers.map((s) => app.device(s.cookie).push)
const backoffice = await app.login('backoffice@demo.test')

/** A valid day: present with 2–8 work hours (the rest "other" absence), or sick the whole day (0 hours). */
const report = (date: string, workHours: number) =>
  workHours === 0
    ? { date, present: false, workHours: 0, absenceHours: 8, absenceType: 'sick', allowanceType: 0, travelLocation: null, comment: null }
    : {
        date,
        present: true,
        workHours,
        absenceHours: 8 - workHours,
        absenceType: workHours < 8 ? 'other' : null,
        allowanceType: 0,
        travelLocation: null,
        comment: null,
      }

const kept = async () =>
  (await db.select().from(t.timeMonthHours))
    .map((r) => ({ ...r }))
    .sort((a, b) => `${a.month}${a.userId}${a.teamId}`.localeCompare(`${b.month}${b.userId}${b.teamId}`))
const recounted = async () =>
  (await monthHoursRecount(db, t)).map((r) => ({ ...r })).sort((a, b) => `${a.month}${a.userId}${a.teamId}`.localeCompare(`${b.month}${b.userId}${b.teamId}`))

describe('the work hours by month', () => {
  it('equal a recount after random saves and corrections across two months', async () => {
    // Days at the end of one month and the start of the next, in a year nobody has attested.
    const days = ['2034-01-30', '2034-01-31', '2034-02-01', '2034-02-02']
    const step = fc.record({
      kind: fc.constantFrom('save', 'correct'),
      seller: fc.integer({ min: 0, max: 1 }),
      day: fc.integer({ min: 0, max: days.length - 1 }),
      hours: fc.constantFrom(0, 2, 4, 6, 8),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        for (const s of steps) {
          const date = days[s.day]!
          const userId = sellers[s.seller]!.answer.userData.id
          const [existing] = await db
            .select()
            .from(t.timeReports)
            .where(and(eq(t.timeReports.userId, userId), eq(t.timeReports.date, date)))
          if (s.kind === 'save' || !existing) {
            await push[s.seller]!('saveTimeReport', { id: randomUUID(), ...report(date, s.hours) })
          } else {
            const { date: _date, ...fields } = report(date, s.hours)
            const r = await app.request('PATCH', `/api/time-reports/${existing.id}`, {
              cookie: backoffice.cookie,
              body: { ...fields, version: existing.version, reason: 'Rättning' },
            })
            expect(r.status, r.text).toBe(200)
          }
        }
        expect(await kept()).toEqual(await recounted())
      }),
      { numRuns: 12 },
    )
    // The runs left hours in both months.
    expect((await kept()).filter((r) => r.month.startsWith('2034')).length).toBeGreaterThan(0)
  })
})
