import { describe, expect, it } from 'vitest'
import {
  attestationRefusal,
  codeFitsItem,
  commissionMove,
  dayLocked,
  DEFAULT_PAYCODES,
  monthCommission,
  PAY_ITEMS,
  payItemsOfReport,
  sickDayConflicts,
  sickDaysUntilReturn,
  sickNoticeAsks,
  sickNoticeDay,
  sickOccasions,
  sickPeriods,
  wholeSickDay,
  unmappedItems,
  type PayItem,
} from './pay'

describe('the attestation lock', () => {
  const attested = { month: '2026-10', attestedAt: 1 }
  const reopened = { month: '2026-09', attestedAt: null }
  it.each([
    ['a day of an attested month', [attested], '2026-10-15', true],
    ['its first day', [attested], '2026-10-01', true],
    ['its last day', [attested], '2026-10-31', true],
    ['the next month', [attested], '2026-11-01', false],
    ['the month before', [attested], '2026-09-30', false],
    ['a reopened month', [attested, reopened], '2026-09-10', false],
    ['nothing attested', [], '2026-10-15', false],
  ])('%s: locked %s', (_name, attestations, date, locked) => {
    expect(dayLocked(attestations, date)).toBe(locked)
  })

  it.each([
    ['a past month with valid reports', { month: '2026-10', currentMonth: '2026-11', attested: false, invalidDates: [] }, null],
    ['the current month', { month: '2026-11', currentMonth: '2026-11', attested: false, invalidDates: [] }, null],
    ['a month not begun', { month: '2026-12', currentMonth: '2026-11', attested: false, invalidDates: [] }, { refusal: 'futureMonth' }],
    ['a month attested already', { month: '2026-10', currentMonth: '2026-11', attested: true, invalidDates: [] }, { refusal: 'alreadyAttested' }],
    [
      'reports that break the rules, listed by date',
      { month: '2026-10', currentMonth: '2026-11', attested: false, invalidDates: ['2026-10-09', '2026-10-02'] },
      { refusal: 'invalidReports', dates: ['2026-10-02', '2026-10-09'] },
    ],
    [
      'sick days the reports do not show',
      { month: '2026-10', currentMonth: '2026-11', attested: false, invalidDates: [], sickConflictDates: ['2026-10-06', '2026-10-05'] },
      { refusal: 'sickDaysUnreported', dates: ['2026-10-05', '2026-10-06'] },
    ],
  ])('%s', (_name, input, expected) => {
    expect(attestationRefusal(input)).toEqual(expected)
  })
})

describe('sick periods (Swedish rules)', () => {
  const at = (date: string) => ({ date, present: true, absenceType: null })
  const sick = (date: string) => ({ date, present: false, absenceType: 'sick' })
  const today = '2026-11-20'

  it.each([
    ['a notice, then back at work', [{ date: '2026-11-02' }], [at('2026-11-05')], [{ start: '2026-11-02', end: '2026-11-04' }]],
    ['a notice and still sick', [{ date: '2026-11-16' }], [sick('2026-11-16')], [{ start: '2026-11-16', end: null }]],
    ['sick days without a notice, a weekend between', [], [sick('2026-11-06'), sick('2026-11-09')], [{ start: '2026-11-06', end: '2026-11-09' }]],
    [
      'sick days with a work day between are two',
      [],
      [sick('2026-11-03'), sick('2026-11-05')],
      [
        { start: '2026-11-03', end: '2026-11-03' },
        { start: '2026-11-05', end: '2026-11-05' },
      ],
    ],
    ['a sick day inside a notice adds nothing', [{ date: '2026-11-02' }], [sick('2026-11-03'), at('2026-11-04')], [{ start: '2026-11-02', end: '2026-11-03' }]],
    ['a notice dated after today is not counted', [{ date: '2026-11-25' }], [], []],
  ])('%s', (_name, notices, reports, expected) => {
    expect(sickOccasions(notices, reports, today)).toEqual(expected)
  })

  it('a period of 7 calendar days needs no certificate; the 8th day does, and says which day', () => {
    const seven = sickPeriods([{ start: '2026-11-02', end: '2026-11-08' }], today)
    expect(seven).toMatchObject([{ days: 7, certificateFrom: null, continued: false }])
    const eight = sickPeriods([{ start: '2026-11-02', end: '2026-11-09' }], today)
    expect(eight).toMatchObject([{ days: 8, certificateFrom: '2026-11-09' }])
  })

  it('still sick: counted to today, and day 8 is named while it is reached', () => {
    expect(sickPeriods([{ start: '2026-11-14', end: null }], '2026-11-20')).toMatchObject([{ days: 7, end: null, certificateFrom: null }])
    expect(sickPeriods([{ start: '2026-11-14', end: null }], '2026-11-21')).toMatchObject([{ days: 8, certificateFrom: '2026-11-21' }])
  })

  it.each([
    ['5 days after the last one ended: the same period, days counted together', '2026-11-09', true],
    ['6 days after: a new period', '2026-11-10', false],
  ])('%s', (_name, start, continued) => {
    const periods = sickPeriods(
      [
        { start: '2026-11-02', end: '2026-11-04' },
        { start, end: addEnd(start, 4) },
      ],
      today,
    )
    if (continued) {
      expect(periods).toMatchObject([{ start: '2026-11-02', end: addEnd(start, 4), days: 3 + 5, continued: true }])
      // the 8th sick day of the period is the 5th day of the second occasion
      expect(periods[0]!.certificateFrom).toBe(addEnd(start, 4))
    } else {
      expect(periods).toHaveLength(2)
      expect(periods.map((p) => [p.days, p.continued, p.certificateFrom])).toEqual([
        [3, false, null],
        [5, false, null],
      ])
    }
  })
})

function addEnd(date: string, n: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
}

describe('commission with clawback', () => {
  it.each([
    ['the first approval pays the commission', 0, 'approved', 500_00, { kind: 'commission', amountOre: 500_00 }],
    ['approved again after a deviation pays nothing more', 500_00, 'approved', 500_00, null],
    ['a regret of a paid sale takes back what was paid', 500_00, 'regret', 600_00, { kind: 'clawback', amountOre: -500_00 }],
    ['a regret of a sale never paid takes nothing', 0, 'regret', 500_00, null],
    ['a deviation of a paid sale is not a regret', 500_00, 'deviation', 500_00, null],
    ['approved again after a clawback pays again', 0, 'approved', 500_00, { kind: 'commission', amountOre: 500_00 }],
    ['a sale without commission pays nothing', 0, 'approved', 0, null],
  ] as const)('%s', (_name, paid, to, commission, expected) => {
    expect(commissionMove(paid, to, commission)).toEqual(expected)
  })

  it('a month: its approvals minus its regrets of sales paid earlier; same-month approve and regret cancel out', () => {
    const lines = [
      { saleId: 'a', kind: 'commission' as const, amountOre: 300_00, month: '2026-10' },
      { saleId: 'b', kind: 'commission' as const, amountOre: 400_00, month: '2026-11' },
      { saleId: 'a', kind: 'clawback' as const, amountOre: -300_00, month: '2026-11' },
      { saleId: 'c', kind: 'commission' as const, amountOre: 200_00, month: '2026-11' },
      { saleId: 'c', kind: 'clawback' as const, amountOre: -200_00, month: '2026-11' },
    ]
    const nov = monthCommission(lines, '2026-11')
    expect(nov).toMatchObject({ earnedOre: 600_00, clawbackOre: -500_00, netOre: 100_00 })
    expect(nov.lines.map((l) => l.saleId)).toEqual(['b', 'a', 'c', 'c'])
    expect(monthCommission(lines, '2026-10')).toMatchObject({ netOre: 300_00 })
  })
})

describe('pay codes', () => {
  it('every pay item has a default code of its own kind', () => {
    for (const item of PAY_ITEMS) expect([item, codeFitsItem(item, DEFAULT_PAYCODES[item].code)]).toEqual([item, true])
  })

  it.each([
    ['work', 'TID', true],
    ['work', 'PROVISION', false],
    ['absence.sick', 'SJK', true],
    ['absence.sick', 'INRHEL_FRI', false],
    ['allowance.full', 'INRHEL_FRI', true],
    ['commission', 'SEM', false],
    ['extra_income', 'BONUS', true],
    ['absence.other', 'ÖB1', false],
    ['extra_income', 'NETTO', false],
    ['commission', 'BRUTTO', false],
    ['absence.sick', 'SJK_KAR', true],
    ['extra_income', 'ÖT1', true],
  ] as const)('%s → %s fits: %s', (item, code, fits) => {
    expect(codeFitsItem(item, code)).toBe(fits)
  })

  it('an export names each item it needs that has no code, in the list order', () => {
    const mapping = new Map<PayItem, string | null>(PAY_ITEMS.map((i) => [i, DEFAULT_PAYCODES[i].code]))
    mapping.set('absence.other', null)
    mapping.delete('extra_income')
    expect(unmappedItems(['work', 'extra_income', 'absence.other', 'absence.other'], mapping)).toEqual(['absence.other', 'extra_income'])
    expect(unmappedItems(['work', 'absence.sick'], mapping)).toEqual([])
  })

  it.each([
    ['a day at work with full per diem', { workHours: 8, absenceHours: 0, absenceType: null, allowanceType: 2 }, ['work', 'allowance.full']],
    ['half a day of vacation', { workHours: 4, absenceHours: 4, absenceType: 'vacation', allowanceType: 0 }, ['work', 'absence.vacation']],
    ['sick the whole day', { workHours: 0, absenceHours: 8, absenceType: 'sick', allowanceType: 0 }, ['absence.sick']],
    ['half per diem', { workHours: 8, absenceHours: 0, absenceType: null, allowanceType: 1 }, ['work', 'allowance.half']],
  ] as const)('%s', (_name, report, items) => {
    expect(payItemsOfReport(report)).toEqual(items)
  })
})

describe('a sick notice and the time report of its day (decision 060)', () => {
  const report = (workHours: number, absenceType: string | null = null, allowanceType: 0 | 1 | 2 = 0, travelLocation: string | null = null) => ({
    present: workHours > 0,
    workHours,
    absenceHours: 8 - workHours,
    absenceType: absenceType as never,
    allowanceType,
    travelLocation,
  })
  const sickDay = { present: false, workHours: 0, absenceHours: 8, absenceType: 'sick', allowanceType: 0, travelLocation: null }
  it.each([
    ['no report: a whole sick day', null, null, sickDay],
    ['a day off of another kind becomes sick', report(0, 'vacation'), null, sickDay],
    ['already a sick day: nothing changes', report(0, 'sick'), null, null],
    ['half worked: sick for the rest', report(4, 'vacation'), null, { ...report(4, 'sick'), absenceHours: 4 }],
    ['half worked, "the rest of the day"', report(4, 'other'), 'restOfDay', { ...report(4, 'sick'), absenceHours: 4 }],
    ['half worked, "the whole day"', report(4, 'other'), 'wholeDay', sickDay],
    ['fully worked and no answer: the report stays (a conflict)', report(8), null, null],
    ['fully worked, "the whole day": the hours go', report(8), 'wholeDay', sickDay],
    ['went home sick already, "the rest of the day": nothing', report(6, 'sick'), 'restOfDay', null],
    ['a roadtrip day keeps its per diem', report(8, null, 2, 'Umeå'), 'wholeDay', { ...sickDay, allowanceType: 2, travelLocation: 'Umeå' }],
  ] as const)('%s', (_name, before, sameDay, expected) => {
    expect(sickNoticeDay(before as never, sameDay)).toEqual(expected)
  })

  it('asks only when work was reported, and what it asks depends on how much', () => {
    expect(sickNoticeAsks(null)).toBeNull()
    expect(sickNoticeAsks({ workHours: 0, absenceType: 'vacation' })).toBeNull()
    expect(sickNoticeAsks({ workHours: 8, absenceType: null })).toBe('fullyWorked')
    expect(sickNoticeAsks({ workHours: 4, absenceType: 'other' })).toBe('partlyWorked')
    expect(sickNoticeAsks({ workHours: 4, absenceType: 'sick' })).toBeNull()
  })

  it('a whole sick day keeps the time-report rules', () => {
    expect(wholeSickDay()).toEqual(sickDay)
  })

  const at = (date: string) => ({ date, present: true, absenceType: null })
  const sick = (date: string) => ({ date, present: false, absenceType: 'sick' })
  it.each([
    ['a notice whose day is a sick day, back the next day', [{ date: '2026-11-02' }], [sick('2026-11-02'), at('2026-11-03')], []],
    ['a notice whose day is reported worked', [{ date: '2026-11-02' }], [at('2026-11-02'), at('2026-11-03')], [{ date: '2026-11-02', kind: 'worked' }]],
    [
      'back on Thursday with Tuesday and Wednesday unreported',
      [{ date: '2026-11-02' }],
      [sick('2026-11-02'), at('2026-11-05')],
      [
        { date: '2026-11-03', kind: 'unreported' },
        { date: '2026-11-04', kind: 'unreported' },
      ],
    ],
    ['the weekend of an occasion is not a report', [{ date: '2026-11-06' }], [sick('2026-11-06'), at('2026-11-09')], []],
    [
      'still sick: weekdays up to the day asked about',
      [{ date: '2026-11-09' }],
      [sick('2026-11-09')],
      [
        { date: '2026-11-10', kind: 'unreported' },
        { date: '2026-11-11', kind: 'unreported' },
      ],
    ],
    ['a notice after the day asked about', [{ date: '2026-11-20' }], [], []],
  ])('%s', (_name, notices, reports, expected) => {
    expect(sickDayConflicts(notices, reports, '2026-11-11')).toEqual(expected)
  })

  it('a notice nobody came back from asks for nothing past its 90 days', () => {
    const asked = sickDayConflicts([{ date: '2026-08-03' }], [sick('2026-08-03')], '2026-11-11')
    expect(asked[0]).toEqual({ date: '2026-08-04', kind: 'unreported' })
    expect(asked.at(-1)).toEqual({ date: '2026-10-30', kind: 'unreported' })
  })

  it('coming back fills the weekdays since the notice that have no report, and only those', () => {
    expect(sickDaysUntilReturn({ date: '2026-11-04' }, '2026-11-10', new Set(['2026-11-04', '2026-11-05']))).toEqual(['2026-11-06', '2026-11-09'])
    expect(sickDaysUntilReturn({ date: '2026-11-04' }, '2026-11-04', new Set())).toEqual([])
    expect(sickDaysUntilReturn(null, '2026-11-10', new Set())).toEqual([])
    // A notice older than the sick list's 90 days is a return never reported: nothing is filled.
    expect(sickDaysUntilReturn({ date: '2026-06-01' }, '2026-11-10', new Set())).toEqual([])
  })
})
