import { MESSAGE_LANGUAGES, type MessageLanguage, type RecipientRule } from '../../../../shared/rules/scheduled-messages'
import type { FormatLanguage } from '../../../../shared/format'
import type { Recurrence } from '../../../../shared/schemas/recurrence'
import type { MessageChannel, ScheduledMessageDetail, ScheduledMessageInput } from '../../../../shared/schemas/scheduled-messages'

/**
 * A scheduled message as its editor holds it (docs/decisions/071): strings for every input, each language's texts
 * (blank: not written), the recurrence spread over the fields the kinds use. `toInput` and `fromDetail` map it to and
 * from the API's shape; `formField` names the input a server's field error belongs to.
 */
export type RecurrenceKind = Exclude<Recurrence['kind'], 'hourly'>
export type MessageForm = {
  name: string
  channel: MessageChannel
  active: boolean
  templates: Record<MessageLanguage, { subject: string; body: string }>
  senderName: string
  senderEmail: string
  senderPhone: string
  kind: RecurrenceKind
  date: string
  time: string
  days: number[]
  day: string
  nth: string
  weekday: string
  endDate: string
  quiet: boolean
  quietFrom: string
  quietTo: string
  missed: 'send' | 'skip'
  everyone: boolean
  userIds: string[]
  teamIds: string[]
  officeIds: string[]
  roleIds: string[]
  rule: RecipientRule | ''
}

export function emptyForm(today: string): MessageForm {
  return {
    name: '',
    channel: 'both',
    active: true,
    templates: { sv: { subject: '', body: '' }, en: { subject: '', body: '' }, fi: { subject: '', body: '' } },
    senderName: '',
    senderEmail: '',
    senderPhone: '',
    kind: 'weekly',
    date: today,
    time: '08:00',
    days: [1],
    day: '1',
    nth: '1',
    weekday: '1',
    endDate: '',
    quiet: false,
    quietFrom: '21:00',
    quietTo: '07:00',
    missed: 'send',
    everyone: false,
    userIds: [],
    teamIds: [],
    officeIds: [],
    roleIds: [],
    rule: '',
  }
}

/** The recurrence the fields describe. */
export function recurrenceOf(f: Pick<MessageForm, 'kind' | 'date' | 'time' | 'days' | 'day' | 'nth' | 'weekday'>): Recurrence {
  switch (f.kind) {
    case 'once':
      return { kind: 'once', at: `${f.date}T${f.time}` }
    case 'daily':
      return { kind: 'daily', time: f.time }
    case 'weekly':
      return { kind: 'weekly', days: [...f.days].sort((a, b) => a - b), time: f.time }
    case 'monthly':
      return { kind: 'monthly', day: f.day === 'last' ? 'last' : Number(f.day), time: f.time }
    case 'monthlyWeekday':
      return { kind: 'monthlyWeekday', nth: f.nth === 'last' ? 'last' : Number(f.nth), weekday: Number(f.weekday), time: f.time }
  }
}

export function scheduleOf(f: MessageForm): ScheduledMessageInput['schedule'] {
  return {
    recurrence: recurrenceOf(f),
    endDate: f.kind === 'once' || !f.endDate ? null : f.endDate,
    quietHours: f.quiet ? { from: f.quietFrom, to: f.quietTo } : null,
    missed: f.missed,
  }
}

const blank = (s: string) => s.trim() === ''

export function toInput(f: MessageForm): ScheduledMessageInput {
  const templates = Object.fromEntries(
    MESSAGE_LANGUAGES.map((l) => {
      const x = f.templates[l]
      return [l, blank(x.subject) && blank(x.body) ? null : { subject: x.subject, body: x.body }]
    }),
  )
  return {
    name: f.name,
    channel: f.channel,
    active: f.active,
    templates,
    senderName: f.senderName || null,
    senderEmail: f.senderEmail || null,
    senderPhone: f.senderPhone || null,
    schedule: scheduleOf(f),
    recipients: {
      everyone: f.everyone,
      userIds: f.everyone ? [] : f.userIds,
      teamIds: f.everyone ? [] : f.teamIds,
      officeIds: f.everyone ? [] : f.officeIds,
      roleIds: f.everyone ? [] : f.roleIds,
      rule: f.rule || null,
    },
  }
}

export function fromDetail(d: ScheduledMessageDetail, today: string): MessageForm {
  const base = emptyForm(today)
  const r = d.schedule.recurrence
  const time = 'time' in r ? r.time : base.time
  const templates = { ...base.templates }
  for (const l of MESSAGE_LANGUAGES) {
    const x = d.templates[l]
    if (x) templates[l] = { subject: x.subject, body: x.body }
  }
  return {
    ...base,
    name: d.name,
    channel: d.channel,
    active: d.active,
    templates,
    senderName: d.senderName ?? '',
    senderEmail: d.senderEmail ?? '',
    senderPhone: d.senderPhone ?? '',
    // A message's recurrence is never hourly (its schema refuses it).
    kind: r.kind as RecurrenceKind,
    time: r.kind === 'once' ? r.at.slice(11, 16) : time,
    date: r.kind === 'once' ? r.at.slice(0, 10) : base.date,
    days: r.kind === 'weekly' ? r.days : base.days,
    day: r.kind === 'monthly' ? String(r.day) : base.day,
    nth: r.kind === 'monthlyWeekday' ? String(r.nth) : base.nth,
    weekday: r.kind === 'monthlyWeekday' ? String(r.weekday) : base.weekday,
    endDate: d.schedule.endDate ?? '',
    quiet: d.schedule.quietHours !== null,
    quietFrom: d.schedule.quietHours?.from ?? base.quietFrom,
    quietTo: d.schedule.quietHours?.to ?? base.quietTo,
    missed: d.schedule.missed,
    everyone: d.recipients.everyone,
    userIds: d.recipients.userIds,
    teamIds: d.recipients.teamIds,
    officeIds: d.recipients.officeIds,
    roleIds: d.recipients.roleIds,
    rule: d.recipients.rule ?? '',
  }
}

/** The input a server's field error (`schedule.recurrence.time`, `templates.en.body`) belongs to, or null for the form's top. */
export function formField(path: string): string | null {
  const direct: Record<string, string> = {
    name: 'name',
    channel: 'channel',
    senderName: 'senderName',
    senderEmail: 'senderEmail',
    senderPhone: 'senderPhone',
    'schedule.recurrence.time': 'time',
    'schedule.recurrence.at': 'date',
    'schedule.recurrence.days': 'days',
    'schedule.endDate': 'endDate',
    'schedule.quietHours.from': 'quietFrom',
    'schedule.quietHours.to': 'quietTo',
    'recipients.everyone': 'recipients',
    'recipients.userIds': 'recipients',
    'recipients.teamIds': 'recipients',
    'recipients.officeIds': 'recipients',
    'recipients.roleIds': 'recipients',
  }
  if (Object.hasOwn(direct, path)) return direct[path]!
  const text = /^templates\.(sv|en|fi)(?:\.(subject|body))?$/.exec(path)
  if (text) return `templates.${text[1]}.${text[2] ?? 'subject'}`
  return null
}

type T = (key: string, params?: Record<string, unknown>) => string

/** A recurrence in words, in the reader's language ("Varje måndag och fredag kl. 08:00"). */
export function recurrenceInWords(t: T, r: Recurrence, endDate: string | null, formatDay: (isoDate: string) => string, language = 'sv'): string {
  const w = 'scheduled.recurrence.words'
  const list = (items: string[]) => new Intl.ListFormat(language, { type: 'conjunction' }).format(items)
  let text: string
  switch (r.kind) {
    case 'once':
      return t(`${w}.once`, { date: formatDay(r.at.slice(0, 10)), time: r.at.slice(11, 16) })
    case 'hourly':
      return `:${String(r.minute).padStart(2, '0')}`
    case 'daily':
      text = t(`${w}.daily`, { time: r.time })
      break
    case 'weekly':
      text = t(`${w}.weekly`, { days: list([...r.days].sort((a, b) => a - b).map((d) => t(`scheduled.weekdays.${d}`))), time: r.time })
      break
    case 'monthly':
      text = r.day === 'last' ? t(`${w}.monthlyLast`, { time: r.time }) : t(`${w}.monthly`, { day: r.day, time: r.time })
      break
    case 'monthlyWeekday':
      text = t(`${w}.monthlyWeekday`, {
        nth: t(`scheduled.recurrence.nths.${r.nth}`).toLocaleLowerCase(),
        weekday: t(`scheduled.weekdays.${r.weekday}`),
        time: r.time,
      })
      break
  }
  const whole = endDate ? `${text}${t(`${w}.until`, { date: formatDay(endDate) })}` : text
  return whole.charAt(0).toLocaleUpperCase(language) + whole.slice(1)
}

/** A send in the organisation's time zone: "mån 7 dec. 2026 08:00". */
export function inZone(ms: number, timezone: string, lang: FormatLanguage): string {
  const locale = { sv: 'sv-SE', en: 'en-GB', fi: 'fi-FI' }[lang]
  return new Intl.DateTimeFormat(locale, {
    timeZone: timezone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms)
}
