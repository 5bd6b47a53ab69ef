import { describe, expect, it } from 'vitest'
import { TRANSLATORS } from '../../../../shared/i18n'
import type { ScheduledMessageDetail } from '../../../../shared/schemas/scheduled-messages'
import { scheduledMessageInputSchema } from '../../../../shared/schemas/scheduled-messages'
import { emptyForm, formField, fromDetail, recurrenceInWords, toInput, type MessageForm } from './message-form'

const form = (over: Partial<MessageForm>): MessageForm => ({
  ...emptyForm('2026-11-28'),
  name: 'Veckobrev',
  templates: { sv: { subject: 'Hej {{firstName}}', body: 'Text' }, en: { subject: '', body: '' }, fi: { subject: ' ', body: '' } },
  teamIds: ['8a5c2f7e-1d3b-4e6a-9f0c-2b7d4e1a6c3f'],
  ...over,
})

describe('the message editor’s form and the API', () => {
  it.each<[string, Partial<MessageForm>, unknown]>([
    ['weekly, days in order', { kind: 'weekly', days: [5, 1], time: '07:30' }, { kind: 'weekly', days: [1, 5], time: '07:30' }],
    ['once, a date and a time', { kind: 'once', date: '2026-12-24', time: '15:00' }, { kind: 'once', at: '2026-12-24T15:00' }],
    ['the last day of the month', { kind: 'monthly', day: 'last' }, { kind: 'monthly', day: 'last', time: '08:00' }],
    ['the 15th', { kind: 'monthly', day: '15' }, { kind: 'monthly', day: 15, time: '08:00' }],
    ['the first Monday', { kind: 'monthlyWeekday', nth: '1', weekday: '1' }, { kind: 'monthlyWeekday', nth: 1, weekday: 1, time: '08:00' }],
    ['the last Friday', { kind: 'monthlyWeekday', nth: 'last', weekday: '5' }, { kind: 'monthlyWeekday', nth: 'last', weekday: 5, time: '08:00' }],
  ])('%s', (_name, over, recurrence) => {
    const input = toInput(form(over))
    expect(input.schedule.recurrence).toEqual(recurrence)
    expect(scheduledMessageInputSchema.safeParse(input).success).toBe(true)
  })

  it('blank languages are left out, quiet hours and the end date only when set, everyone clears the chosen', () => {
    const input = toInput(form({ quiet: true, endDate: '2027-01-31', everyone: true }))
    expect(input.templates).toEqual({ sv: { subject: 'Hej {{firstName}}', body: 'Text' }, en: null, fi: null })
    expect(input.schedule).toMatchObject({ quietHours: { from: '21:00', to: '07:00' }, endDate: '2027-01-31' })
    expect(input.recipients).toMatchObject({ everyone: true, teamIds: [] })
    expect(toInput(form({ kind: 'once', endDate: '2027-01-31' })).schedule.endDate).toBeNull()
  })

  it('a stored message comes back to the same form', () => {
    const f = form({
      kind: 'monthlyWeekday',
      nth: 'last',
      weekday: '5',
      time: '16:00',
      quiet: true,
      quietFrom: '20:00',
      quietTo: '08:00',
      rule: 'notCheckedOutToday',
      senderName: 'Bea',
    })
    const input = scheduledMessageInputSchema.parse(toInput(f))
    const detail = { ...input, schedule: input.schedule, templates: input.templates, recipients: input.recipients } as unknown as ScheduledMessageDetail
    const back = fromDetail(detail, '2026-11-28')
    expect(toInput(back)).toEqual(toInput(f))
  })

  it('a server field error lands on its input', () => {
    expect(formField('schedule.recurrence.time')).toBe('time')
    expect(formField('templates.en.body')).toBe('templates.en.body')
    expect(formField('templates.sv')).toBe('templates.sv.subject')
    expect(formField('recipients.teamIds')).toBe('recipients')
    expect(formField('constructor')).toBeNull()
  })

  it('a recurrence in words, in Swedish and English', () => {
    const day = (d: string) => d
    const sv = TRANSLATORS.sv
    const en = TRANSLATORS.en
    expect(recurrenceInWords(sv, { kind: 'weekly', days: [5, 1], time: '08:00' }, null, day, 'sv')).toBe('Varje måndag och fredag kl. 08:00')
    expect(recurrenceInWords(en, { kind: 'weekly', days: [1, 3, 5], time: '08:00' }, null, day, 'en')).toBe('Every Monday, Wednesday, and Friday at 08:00')
    expect(recurrenceInWords(en, { kind: 'monthlyWeekday', nth: 1, weekday: 1, time: '08:00' }, '2027-06-30', day, 'en')).toBe(
      'The first Monday of every month at 08:00 until 2027-06-30',
    )
    expect(recurrenceInWords(sv, { kind: 'monthly', day: 'last', time: '17:00' }, null, day)).toBe('Sista dagen varje månad kl. 17:00')
    expect(recurrenceInWords(sv, { kind: 'monthlyWeekday', nth: 'last', weekday: 5, time: '16:00' }, null, day, 'sv')).toBe(
      'Sista fredag varje månad kl. 16:00',
    )
  })
})
