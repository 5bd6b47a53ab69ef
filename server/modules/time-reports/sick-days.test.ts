import { randomUUID } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import type { PayExportItem } from '../../../shared/schemas/pay'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import type { AttestAnswer, AttestationRow, TimeReportListItem } from '../../../shared/schemas/time-reports'
import { createTestApp } from '../../test/harness'

/**
 * A sick notice and the time report tell one story (docs/decisions/060): the notice writes its day into the report
 * as the seller said, a return fills the days between, back office sees where they still disagree, cannot attest
 * the month until they agree, and the absence export shows what the sick list does.
 */
const app = await createTestApp()
const seller = await app.login('seller@demo.test')
const coach = await app.login('coach@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const sellerId = seller.answer.userData.id
const push = app.device(seller.cookie).push

const report = (date: string, workHours = 8, absenceType: string | null = null) => ({
  id: randomUUID(),
  date,
  present: workHours > 0,
  workHours,
  absenceHours: 8 - workHours,
  absenceType,
  allowanceType: 0,
  travelLocation: null,
  comment: null,
})
const notice = (date: string, sameDay?: 'wholeDay' | 'restOfDay') => ({
  id: randomUUID(),
  date,
  message: 'Feber',
  sentAt: Date.now(),
  ...(sameDay ? { sameDay } : {}),
})

const reportsOf = async (from: string, to: string) => {
  const items: TimeReportListItem[] = []
  for (const month of new Set([from.slice(0, 7), to.slice(0, 7)])) {
    const r = await app.request('GET', `/api/time-reports?month=${month}&userId=${sellerId}&sortBy=date&orderBy=asc&itemsPerPage=50`, {
      cookie: backoffice.cookie,
    })
    expect(r.status, JSON.stringify(r.json)).toBe(200)
    items.push(...(r.json as unknown as ListAnswer<TimeReportListItem>).items)
  }
  return items
    .filter((i) => i.date >= from && i.date <= to)
    .map((i) => ({
      date: i.date,
      present: i.present,
      work: i.workHours,
      absence: i.absenceHours,
      type: i.absenceType,
    }))
}
const attestationOf = async (month: string) => {
  const r = await app.request('GET', `/api/time-attestations?month=${month}`, { cookie: backoffice.cookie })
  return (r.json as { items: AttestationRow[] }).items.find((i) => i.userId === sellerId)!
}
const attest = async (month: string) =>
  (await app.request('POST', '/api/time-attestations', { cookie: coach.cookie, body: { month, userIds: [sellerId] } })).json as unknown as AttestAnswer

async function absenceExport(from: string, to: string): Promise<string[][]> {
  const asked = await app.request('POST', '/api/absence-exports', { cookie: backoffice.cookie, body: { from, to, format: 'csv', userId: sellerId } })
  expect(asked.status, JSON.stringify(asked.json)).toBe(202)
  const id = (asked.json as unknown as PayExportItem).id
  let done: PayExportItem
  for (;;) {
    await app.jobs.settled()
    done = (await app.request('GET', `/api/pay-exports/${id}`, { cookie: backoffice.cookie })).json as unknown as PayExportItem
    if (done.state === 'done' || done.state === 'failed') break
  }
  expect(done.state).toBe('done')
  const bytes = Buffer.from(
    await (await app.app.request(`http://localhost/api/files/${done.fileId}`, { headers: { cookie: backoffice.cookie } })).arrayBuffer(),
  )
  return (parse(bytes.subarray(3).toString('utf8'), { delimiter: ';' }) as string[][]).slice(1).map((r) => [r[4]!, r[5]!, r[6]!, r[7]!, r[8]!])
}

describe('a sick notice for a day with work reported', () => {
  it('"sick the whole day" makes the worked day a sick day; coming back fills the days between; every list agrees', async () => {
    // Monday 3 March 2025: 8 hours reported, then sick for the whole of it after all.
    expect(await push('saveTimeReport', report('2025-03-03'))).toMatchObject({ applied: 1 })
    expect(await push('createSickNotice', notice('2025-03-03', 'wholeDay'))).toMatchObject({ applied: 1 })
    expect(await reportsOf('2025-03-01', '2025-03-31')).toEqual([{ date: '2025-03-03', present: false, work: 0, absence: 8, type: 'sick' }])
    // Still sick on Tuesday and Wednesday: those days are not reported, and the attestation screen says so.
    expect((await attestationOf('2025-03')).sickConflicts.slice(0, 2)).toEqual([
      { date: '2025-03-04', kind: 'unreported' },
      { date: '2025-03-05', kind: 'unreported' },
    ])
    // Back at work on Thursday: Tuesday and Wednesday become sick days.
    expect(await push('saveTimeReport', report('2025-03-06'))).toMatchObject({ applied: 1 })
    expect(await reportsOf('2025-03-01', '2025-03-31')).toEqual([
      { date: '2025-03-03', present: false, work: 0, absence: 8, type: 'sick' },
      { date: '2025-03-04', present: false, work: 0, absence: 8, type: 'sick' },
      { date: '2025-03-05', present: false, work: 0, absence: 8, type: 'sick' },
      { date: '2025-03-06', present: true, work: 8, absence: 0, type: null },
    ])
    expect(await absenceExport('2025-03-01', '2025-03-31')).toEqual([['Sjuk', '3', '24', '2025-03-03', '2025-03-05']])
    expect((await attestationOf('2025-03')).sickConflicts).toEqual([])
    expect(await attest('2025-03')).toEqual({ attested: [sellerId], refused: [] })
  })

  it('without an answer a fully worked day stays worked: back office sees the conflict and cannot attest until it is settled', async () => {
    expect(await push('saveTimeReport', report('2025-05-05'))).toMatchObject({ applied: 1 })
    expect(await push('createSickNotice', notice('2025-05-05'))).toMatchObject({ applied: 1 })
    expect(await push('saveTimeReport', report('2025-05-07'))).toMatchObject({ applied: 1 })
    expect(await reportsOf('2025-05-05', '2025-05-07')).toEqual([
      { date: '2025-05-05', present: true, work: 8, absence: 0, type: null },
      { date: '2025-05-06', present: false, work: 0, absence: 8, type: 'sick' },
      { date: '2025-05-07', present: true, work: 8, absence: 0, type: null },
    ])
    expect((await attestationOf('2025-05')).sickConflicts).toEqual([{ date: '2025-05-05', kind: 'worked' }])
    expect(await attest('2025-05')).toMatchObject({ attested: [], refused: [{ userId: sellerId, refusal: 'sickDaysUnreported', dates: ['2025-05-05'] }] })
    // Back office settles the day on its report (a correction with a reason): then the month can be attested.
    const list = await app.request('GET', `/api/time-reports?month=2025-05&userId=${sellerId}&sortBy=date`, { cookie: backoffice.cookie })
    const row = (list.json as unknown as ListAnswer<TimeReportListItem>).items[0]!
    expect(row.date).toBe('2025-05-05')
    const corrected = await app.request('PATCH', `/api/time-reports/${row.id}`, {
      cookie: backoffice.cookie,
      body: {
        present: false,
        workHours: 0,
        absenceHours: 8,
        absenceType: 'sick',
        allowanceType: 0,
        travelLocation: null,
        version: row.version,
        reason: 'Sjuk hela dagen',
      },
    })
    expect(corrected.status, JSON.stringify(corrected.json)).toBe(200)
    expect((await attestationOf('2025-05')).sickConflicts).toEqual([])
    expect(await attest('2025-05')).toEqual({ attested: [sellerId], refused: [] })
  })
})

describe('sick days nobody reported', () => {
  it('back office records them in one step; a coach may not; the return after them adds nothing', async () => {
    // Monday 1 September 2025, sick, and not back within the month.
    expect(await push('createSickNotice', notice('2025-09-01'))).toMatchObject({ applied: 1 })
    expect(await reportsOf('2025-09-01', '2025-09-30')).toEqual([{ date: '2025-09-01', present: false, work: 0, absence: 8, type: 'sick' }])
    const row = await attestationOf('2025-09')
    expect(row.sickConflicts).toHaveLength(21)
    expect(row.sickConflicts[0]).toEqual({ date: '2025-09-02', kind: 'unreported' })
    expect(row.sickConflicts.at(-1)).toEqual({ date: '2025-09-30', kind: 'unreported' })
    expect((await attest('2025-09')).refused).toMatchObject([{ refusal: 'sickDaysUnreported' }])

    const byCoach = await app.request('POST', '/api/time-attestations/sick-days', { cookie: coach.cookie, body: { month: '2025-09', userId: sellerId } })
    expect(byCoach.status).toBe(403)
    const bad = await app.request('POST', '/api/time-attestations/sick-days', { cookie: backoffice.cookie, body: { month: '2025-13', userId: sellerId } })
    expect(bad.status).toBe(400)
    const recorded = await app.request('POST', '/api/time-attestations/sick-days', { cookie: backoffice.cookie, body: { month: '2025-09', userId: sellerId } })
    expect(recorded.status, JSON.stringify(recorded.json)).toBe(200)
    expect((recorded.json as { dates: string[] }).dates).toHaveLength(21)
    // Once more changes nothing.
    const again = await app.request('POST', '/api/time-attestations/sick-days', { cookie: backoffice.cookie, body: { month: '2025-09', userId: sellerId } })
    expect(again.json).toEqual({ dates: [] })
    expect(await reportsOf('2025-09-01', '2025-09-30')).toHaveLength(22)
    expect(await absenceExport('2025-09-01', '2025-09-30')).toEqual([['Sjuk', '22', '176', '2025-09-01', '2025-09-30']])
    expect(await attest('2025-09')).toEqual({ attested: [sellerId], refused: [] })
    // Back on 1 October: nothing is left to fill, and an attested month is never written.
    expect(await push('saveTimeReport', report('2025-10-01'))).toMatchObject({ applied: 1 })
    expect(await reportsOf('2025-09-01', '2025-10-31')).toHaveLength(23)
    // Attested: back office may not record days in it.
    const locked = await app.request('POST', '/api/time-attestations/sick-days', { cookie: backoffice.cookie, body: { month: '2025-09', userId: sellerId } })
    expect(locked.status).toBe(409)
  })

  it('a partly worked day keeps its hours and is sick for the rest (he went home sick)', async () => {
    expect(await push('saveTimeReport', report('2025-11-03', 4, 'other'))).toMatchObject({ applied: 1 })
    expect(await push('createSickNotice', notice('2025-11-03'))).toMatchObject({ applied: 1 })
    expect(await reportsOf('2025-11-03', '2025-11-03')).toEqual([{ date: '2025-11-03', present: true, work: 4, absence: 4, type: 'sick' }])
    expect(await push('saveTimeReport', report('2025-11-04'))).toMatchObject({ applied: 1 })
  })
  it('a notice in an attested month leaves the locked report alone', async () => {
    expect(await push('saveTimeReport', report('2025-12-01'))).toMatchObject({ applied: 1 })
    expect(await attest('2025-12')).toEqual({ attested: [sellerId], refused: [] })
    expect(await push('createSickNotice', notice('2025-12-01', 'wholeDay'))).toMatchObject({ applied: 1 })
    expect(await reportsOf('2025-12-01', '2025-12-01')).toEqual([{ date: '2025-12-01', present: true, work: 8, absence: 0, type: null }])
  })
})
