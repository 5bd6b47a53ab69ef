import {
  LEAD_FIELDS,
  LEAD_PHONE_FIELDS,
  leadIdentityKey,
  verdictOf,
  type LeadChoices,
  type LeadCountry,
  type LeadField,
  type LeadMapping,
  type LeadOutputField,
  type LeadProblem,
  type LeadReason,
  type LeadVerdict,
  type PhoneKind,
} from '../../../shared/rules/leads'
import { readPhone } from '../../../shared/rules/phone-numbers'
import type { LeadSummary } from '../../../shared/schemas/leads'
import type { Translator } from '../../../shared/i18n'

/**
 * One row of a lead list read and judged (docs/decisions/075): its fields by the mapping, its numbers normalised
 * and classified, its identity number checked, and the reasons that apply to it against the NIX answer, the
 * customer register, the rows before it and the campaign's earlier lists. Used by the preview and the run alike.
 */

export type LeadPhone = { field: LeadField; text: string; e164: string | null; kind: PhoneKind | null; nix: boolean; blocked?: boolean }
/** The do-not-contact register as a run reads it (decision 096): its numbers (E.164) and its people's keys. */
export type Blocked = { phones: ReadonlySet<string>; keys: ReadonlySet<string> }
const NOTHING_BLOCKED: Blocked = { phones: new Set(), keys: new Set() }
export type ReadLead = {
  line: number
  text: Record<LeadField, string>
  identityKey: string | null
  /** the person (identity key) is in the do-not-contact register */
  personBlocked?: boolean
  phones: LeadPhone[]
  problems: LeadProblem[]
}

/** The column of each mapped field in the header row. */
export function columnsOf(mapping: LeadMapping, headers: readonly string[]): Partial<Record<LeadField, number>> {
  const columns: Partial<Record<LeadField, number>> = {}
  for (const field of LEAD_FIELDS) {
    const header = mapping[field]
    const i = header ? headers.indexOf(header) : -1
    if (i >= 0) columns[field] = i
  }
  return columns
}

/** A row's fields, numbers and identity number as read; numbers the NIX answer lists are marked. */
export function readLead(
  line: number,
  cells: readonly string[],
  columns: Partial<Record<LeadField, number>>,
  country: LeadCountry,
  nix: ReadonlySet<string>,
  blocked: Blocked = NOTHING_BLOCKED,
): ReadLead {
  const text = {} as Record<LeadField, string>
  for (const field of LEAD_FIELDS) {
    const i = columns[field]
    text[field] = i === undefined ? '' : (cells[i] ?? '').trim()
  }
  // First and last name in two columns make one name.
  if (text.surname) text.name = `${text.name} ${text.surname}`.trim()
  const problems: LeadProblem[] = []
  const phones: LeadPhone[] = []
  const seen = new Set<string>()
  for (const field of LEAD_PHONE_FIELDS) {
    const value = text[field]
    if (!value) continue
    const reading = readPhone(value, country)
    if (!reading.ok) {
      problems.push({ kind: 'phoneInvalid', field, value })
      phones.push({ field, text: value, e164: null, kind: null, nix: false })
      continue
    }
    if (seen.has(reading.e164)) continue // the same number in two columns is one number
    seen.add(reading.e164)
    phones.push({ field, text: value, e164: reading.e164, kind: reading.kind, nix: nix.has(reading.e164), blocked: blocked.phones.has(reading.e164) })
  }
  if (!phones.some((p) => p.e164)) problems.push({ kind: 'noPhone' })
  const nixNumbers = phones.filter((p) => p.nix).map((p) => p.e164!)
  if (nixNumbers.length) problems.push({ kind: 'nix', numbers: nixNumbers })
  const blockedNumbers = phones.filter((p) => p.blocked).map((p) => p.e164!)
  if (blockedNumbers.length) problems.push({ kind: 'blocked', numbers: blockedNumbers })
  const identityKey = text.identityNumber ? leadIdentityKey(text.identityNumber) : null
  if (text.identityNumber && !identityKey) problems.push({ kind: 'identityInvalid', value: text.identityNumber })
  return { line, text, identityKey, personBlocked: identityKey !== null && blocked.keys.has(identityKey), phones, problems }
}

/** The keys a row is known by: its identity number and its valid numbers. */
export function keysOf(lead: ReadLead): string[] {
  const keys = lead.phones.flatMap((p) => (p.e164 ? [p.e164] : []))
  if (lead.identityKey) keys.push(lead.identityKey)
  return keys
}

/** The customer register as the run asks it: is this identity key, this number (E.164) a customer's? */
export type Customers = { hasKey(key: string): boolean; hasPhone(e164: string): boolean }

/** Which reasons apply to a row: `seen` holds the keys of the list's rows before it, `earlier` the campaign's earlier lists' keys among them. */
export function reasonsFor(lead: ReadLead, seen: ReadonlySet<string>, earlier: ReadonlySet<string>, customers: Customers): Set<LeadReason> {
  const applies = new Set<LeadReason>()
  const valid = lead.phones.filter((p) => p.e164)
  if (valid.length === 0) applies.add('invalid')
  else if (lead.personBlocked || valid.every((p) => p.blocked)) applies.add('blocked')
  else if (valid.every((p) => p.nix || p.blocked)) applies.add('nix')
  const keys = keysOf(lead)
  if (keys.some((k) => seen.has(k))) applies.add('duplicate')
  if (keys.some((k) => earlier.has(k))) applies.add('earlier')
  if ((lead.identityKey && customers.hasKey(lead.identityKey)) || valid.some((p) => customers.hasPhone(p.e164!))) applies.add('customer')
  return applies
}

/** A problem as the person reads it, in their language. */
export function problemText(problem: LeadProblem, tr: Translator): string {
  switch (problem.kind) {
    case 'phoneInvalid':
      return tr('leads.problems.phoneInvalid', { field: tr(`leads.fields.${problem.field}`), value: problem.value })
    case 'identityInvalid':
      return tr('leads.problems.identityInvalid', { value: problem.value })
    case 'noPhone':
      return tr('leads.problems.noPhone')
    case 'nix':
      return tr('leads.problems.nix', { numbers: problem.numbers.join(', ') })
    case 'blocked':
      return tr('leads.problems.blocked', { numbers: problem.numbers.join(', ') })
  }
}

/** An identity key written as people read it ("19811218-9876", "556677-8899", "131052-308T"). */
export function identityText(key: string): string {
  const body = key.slice(1)
  return key.startsWith('p') ? `${body.slice(0, 8)}-${body.slice(8)}` : body
}

export type OutputContext = { campaign: string; source: string; tr: Translator; choices: LeadChoices; nixCheckedOn?: string | null }

/**
 * A kept row's output cells for the format's columns. Callable numbers are written first (phone1 the first of them);
 * with NIX chosen as "drop", the numbers the NIX answer lists leave the row.
 */
export function outputRow(lead: ReadLead, verdict: LeadVerdict, columns: ReadonlyArray<{ field: LeadOutputField }>, ctx: OutputContext): string[] {
  // A number in the do-not-contact register is never written out; a NIX number only when the person chose to mark them.
  const callable = lead.phones.filter((p) => p.e164 && !p.blocked && !(p.nix && ctx.choices.nix === 'drop'))
  const yes = ctx.tr('leads.output.yes')
  const mark = (r: LeadReason) => (verdict.marks.includes(r) ? yes : '')
  return columns.map(({ field }) => {
    switch (field) {
      case 'row':
        return String(lead.line)
      case 'phone1':
      case 'phone2':
      case 'phone3':
        return callable[Number(field.slice(5)) - 1]?.e164 ?? ''
      case 'phone1Type':
      case 'phone2Type':
      case 'phone3Type': {
        const kind = callable[Number(field.slice(5, 6)) - 1]?.kind
        return kind ? ctx.tr(`leads.kinds.${kind}`) : ''
      }
      case 'mobile':
        return callable.find((p) => p.kind === 'mobile')?.e164 ?? ''
      case 'fixed':
        return callable.find((p) => p.kind === 'fixed')?.e164 ?? ''
      case 'identityNumber':
        return lead.identityKey ? identityText(lead.identityKey) : lead.text.identityNumber
      case 'campaign':
        return lead.text.campaign || ctx.campaign
      case 'source':
        return lead.text.source || ctx.source
      case 'nix': {
        const listed = lead.phones.filter((p) => p.nix).map((p) => p.e164!)
        return listed.length && ctx.choices.nix === 'mark' ? listed.join(' ') : ''
      }
      case 'nixCheckedOn':
        return ctx.nixCheckedOn ?? ''
      case 'customer':
      case 'duplicate':
      case 'earlier':
        return mark(field)
      case 'problems':
        return (
          lead.problems
            // NIX and do-not-contact numbers stay out of the file, in the problems column too.
            .filter((p) => p.kind !== 'nix' && p.kind !== 'blocked')
            .map((p) => problemText(p, ctx.tr))
            .join('; ')
        )
      default:
        return lead.text[field]
    }
  })
}

/** An empty summary, counted up as rows are judged. */
export function emptySummary(): LeadSummary {
  const zero = { invalid: 0, blocked: 0, nix: 0, duplicate: 0, earlier: 0, customer: 0 }
  return {
    rowsIn: 0,
    rowsOut: 0,
    dropped: { ...zero },
    marked: { ...zero },
    numbers: { mobile: 0, fixed: 0, other: 0, invalid: 0 },
    nixNumbersRemoved: 0,
    identityInvalid: 0,
    skipped: 0,
    skippedLines: [],
  }
}

/** Counts one judged row into the summary. */
export function count(summary: LeadSummary, lead: ReadLead, verdict: LeadVerdict, choices: LeadChoices) {
  summary.rowsIn += 1
  for (const p of lead.phones) summary.numbers[p.kind ?? 'invalid'] += 1
  if (lead.problems.some((p) => p.kind === 'identityInvalid')) summary.identityInvalid += 1
  if (!verdict.keep) {
    summary.dropped[verdict.droppedFor!] += 1
    return
  }
  summary.rowsOut += 1
  for (const r of verdict.marks) summary.marked[r] += 1
  if (choices.nix === 'drop') summary.nixNumbersRemoved += lead.phones.filter((p) => p.nix).length
}

/** Judges a row: the reasons that apply and the verdict under the person's choices. */
export function judge(lead: ReadLead, seen: ReadonlySet<string>, earlier: ReadonlySet<string>, customers: Customers, choices: LeadChoices) {
  const applies = reasonsFor(lead, seen, earlier, customers)
  return { applies, verdict: verdictOf(applies, choices) }
}
