import { describe, expect, it } from 'vitest'
import type { PromiseInput, PromiseSellerFigures, PromiseSetterFigures, RunItem, VisitInput } from '../schemas/field'
import { contactRate, PROMISE_LATE_AFTER_MS, promiseFigures, promiseProblems, runOutcome, runTotals, visitProblems, weekDays, type PromiseFact } from './field'

const run = (id: string, date: string, teamId: string, sellers: string[]): RunItem => ({
  id,
  version: 1,
  date,
  teamId,
  teamName: teamId === 't1' ? 'Norr' : 'Söder',
  sellers: sellers.map((s) => ({ id: s, name: s.toUpperCase() })),
  areaId: null,
  areaName: null,
  meetingPlace: null,
  meetingTime: null,
  travelDay: false,
  note: null,
  may: { edit: true },
})
const names = new Map([
  ['a', 'Anna'],
  ['b', 'Bo'],
  ['c', 'Cia'],
])

describe('a run’s day', () => {
  it('each planned seller: reported or not, hours, sales; an unplanned worker shown apart', () => {
    const day = {
      hours: new Map([
        ['a', 8],
        ['c', 6],
      ]),
      sales: new Map([['a', { sales: 2, orderValueOre: 150_00 }]]),
      doors: new Map([['a', { doors: 30, contacts: 12 }]]),
    }
    const out = runOutcome(run('r1', '2026-11-23', 't1', ['a', 'b']), day, names, ['c', 'a'])
    expect(out.outcome.sellers).toEqual([
      { id: 'a', name: 'Anna', planned: true, reported: true, hours: 8, doors: 30, contacts: 12, sales: 2, orderValueOre: 150_00 },
      { id: 'b', name: 'Bo', planned: true, reported: false, hours: 0, doors: 0, contacts: 0, sales: 0, orderValueOre: 0 },
      { id: 'c', name: 'Cia', planned: false, reported: true, hours: 6, doors: 0, contacts: 0, sales: 0, orderValueOre: 0 },
    ])
    expect(out.outcome).toMatchObject({ reported: 1, hours: 14, doors: 30, contacts: 12, sales: 2, orderValueOre: 150_00 })
    expect(contactRate(out.outcome)).toBe(0.4)
    expect(contactRate({ doors: 0, contacts: 0 })).toBeNull()
  })
})

describe('totals per team and week', () => {
  it.each<[string, Array<[string, string, string, string[], number]>, Array<[string, string, number, number, number]>]>([
    [
      'two runs of a team in one week add up; Sunday belongs to the week before Monday',
      [
        ['r1', '2026-11-23', 't1', ['a', 'b'], 8],
        ['r2', '2026-11-29', 't1', ['a'], 6],
        ['r3', '2026-11-30', 't1', ['a'], 4],
      ],
      [
        ['t1', '2026-11-23', 2, 3, 14],
        ['t1', '2026-11-30', 1, 1, 4],
      ],
    ],
    [
      'teams apart, by name within a week',
      [
        ['r1', '2026-11-24', 't2', ['a'], 2],
        ['r2', '2026-11-24', 't1', ['b'], 8],
      ],
      [
        ['t1', '2026-11-23', 1, 1, 8],
        ['t2', '2026-11-23', 1, 1, 2],
      ],
    ],
  ])('%s', (_, runs, expected) => {
    const outcomes = runs.map(([id, date, team, sellers, hours]) =>
      runOutcome(run(id, date, team, sellers), { hours: new Map([[sellers[0]!, hours]]), sales: new Map() }, names),
    )
    expect(runTotals(outcomes).map((t) => [t.teamId, t.week, t.runs, t.planned, t.hours])).toEqual(expected)
  })
})

it('a week is Monday to Sunday, across a month and a year', () => {
  expect(weekDays('2026-12-31')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03'])
  expect(weekDays('2026-11-30')[0]).toBe('2026-11-30')
})

describe('a door visit', () => {
  const NOW = Date.UTC(2026, 10, 28, 12)
  const H = 3600_000
  const base: VisitInput = {
    id: 'x',
    outcome: 'notHome',
    address: 'Storgatan 1',
    postalCode: null,
    city: null,
    note: null,
    comeBackAt: null,
    visitedAt: NOW - H,
    position: null,
    runId: null,
  }
  it.each<[string, Partial<VisitInput>, Record<string, string>]>([
    ['not home', {}, {}],
    ['come back in two hours', { outcome: 'comeBack', comeBackAt: NOW + 2 * H }, {}],
    ['come back without a time', { outcome: 'comeBack' }, { comeBackAt: 'validation.visits.comeBackMissing' }],
    ['come back before the visit', { outcome: 'comeBack', comeBackAt: NOW - 2 * H }, { comeBackAt: 'validation.visits.comeBackPast' }],
    ['come back in 61 days', { outcome: 'comeBack', comeBackAt: NOW + 61 * 24 * H }, { comeBackAt: 'validation.visits.comeBackFar' }],
    ['a time on a sale', { outcome: 'sale', comeBackAt: NOW + H }, { comeBackAt: 'validation.visits.comeBackOnlyForComeBack' }],
    ['a visit an hour ahead of the clock', { visitedAt: NOW + H }, { visitedAt: 'validation.visits.future' }],
  ])('%s', (_, over, expected) => {
    expect(visitProblems({ ...base, ...over }, NOW)).toEqual(expected)
  })
})

describe('a call-back or an appointment made on the device', () => {
  const now = Date.parse('2026-11-20T12:00:00Z')
  const base: PromiseInput = {
    id: '00000000-0000-4000-8000-000000000001',
    kind: 'callBack',
    customerName: 'Karin',
    phone: '070-1234567',
    address: null,
    note: null,
    dueAt: now + 3_600_000,
    closerId: null,
    createdAt: now,
  }
  it.each<[string, Partial<PromiseInput>, Record<string, string>]>([
    ['a call-back with a number, in an hour', {}, {}],
    ['made offline yesterday, due before it arrived', { createdAt: now - 86_400_000, dueAt: now - 3_600_000 }, {}],
    ['due before it was made', { dueAt: now - 1 }, { dueAt: 'validation.promises.past' }],
    ['more than 60 days ahead', { dueAt: now + 61 * 86_400_000 }, { dueAt: 'validation.promises.far' }],
    ['made in the future', { createdAt: now + 10 * 60_000, dueAt: now + 86_400_000 }, { createdAt: 'validation.promises.future' }],
    ['a call-back without a number', { phone: ' ' }, { phone: 'validation.promises.phone' }],
    ['a call-back for a closer', { closerId: '00000000-0000-4000-8000-000000000002' }, { closerId: 'validation.promises.closerOnlyAppointment' }],
    ['an appointment without an address', { kind: 'appointment', phone: null }, { address: 'validation.promises.address' }],
    ['an appointment for a closer, at an address', { kind: 'appointment', address: 'Storgatan 1', closerId: '00000000-0000-4000-8000-000000000002' }, {}],
  ])('%s', (_, change, problems) => {
    expect(promiseProblems({ ...base, ...change }, now)).toEqual(problems)
  })
})

describe('kept, late and missed promises; no-shows per setter', () => {
  const now = Date.parse('2026-11-20T12:00:00Z')
  const due = now - 86_400_000
  const names = new Map([
    ['anna', 'Anna'],
    ['bo', 'Bo'],
    ['sam', 'Sam'],
  ])
  const p = (change: Partial<PromiseFact>): PromiseFact => ({
    kind: 'callBack',
    userId: 'anna',
    createdById: 'anna',
    dueAt: due,
    state: 'kept',
    closedAt: due,
    missedById: null,
    takenAt: null,
    ...change,
  })
  it.each<[string, PromiseFact[], Array<Partial<PromiseSellerFigures>>, Array<Partial<PromiseSetterFigures>>]>([
    ['kept on time, and within half an hour', [p({}), p({ closedAt: due + PROMISE_LATE_AFTER_MS })], [{ id: 'anna', due: 2, kept: 2, late: 0 }], []],
    ['kept more than half an hour late', [p({ closedAt: due + PROMISE_LATE_AFTER_MS + 1 })], [{ id: 'anna', due: 1, kept: 0, late: 1 }], []],
    [
      'open past its time, and not yet due',
      [p({ state: 'open', closedAt: null }), p({ state: 'open', closedAt: null, dueAt: now + 1 })],
      [{ id: 'anna', due: 1, open: 1 }],
      [],
    ],
    ['cancelled counts for no one', [p({ state: 'cancelled' })], [], []],
    [
      'missed: against its holder; the teammate who took it counts it taken',
      [p({ userId: 'bo', missedById: 'anna', takenAt: now, state: 'kept', closedAt: now })],
      [
        { id: 'anna', due: 1, missed: 1, kept: 0 },
        { id: 'bo', due: 0, taken: 1 },
      ],
      [],
    ],
    [
      'an appointment booked by a setter: the closer went, the customer was not there',
      [p({ kind: 'appointment', createdById: 'sam', userId: 'bo', state: 'noShow' }), p({ kind: 'appointment', createdById: 'sam', userId: 'bo' })],
      [{ id: 'bo', due: 2, kept: 2 }],
      [{ id: 'sam', name: 'Sam', booked: 2, noShows: 1 }],
    ],
    ['an appointment the closer booked for themself has no setter', [p({ kind: 'appointment', state: 'noShow' })], [{ id: 'anna', kept: 1 }], []],
  ])('%s', (_, rows, sellers, setters) => {
    const out = promiseFigures(rows, now, names)
    expect(out.sellers).toEqual(sellers.map((s) => expect.objectContaining(s)))
    expect(out.setters).toEqual(setters.map((s) => expect.objectContaining(s)))
  })
})
