/**
 * Scheduled messages (docs/decisions/071): the fields a message's text may use, filling them in for a recipient,
 * which language's template a recipient gets, and the recipient rules. Pure: the server sends with these, the
 * editor previews with them.
 */

/** The fields a subject or body may name as `{{field}}`: a short documented list (the editor lists them). */
export const MESSAGE_FIELDS = [
  'firstName',
  'lastName',
  'fullName',
  'team',
  'office',
  'weekOrderValue',
  'weekSales',
  'unsignedContracts',
  'senderName',
  'senderEmail',
  'senderPhone',
] as const
export type MessageField = (typeof MESSAGE_FIELDS)[number]
export type FieldValues = Partial<Record<MessageField, string>>

const FIELD = /\{\{\s*([A-Za-z]+)\s*\}\}/g

/** The names a text uses that are not fields (the editor refuses them rather than send "{{frstName}}"). */
export function unknownFields(text: string): string[] {
  const known = new Set<string>(MESSAGE_FIELDS)
  return [...new Set([...text.matchAll(FIELD)].map((m) => m[1]!).filter((f) => !known.has(f)))]
}

/** Which fields a text uses (only those are looked up for each recipient). */
export function usedFields(text: string): MessageField[] {
  const known = new Set<string>(MESSAGE_FIELDS)
  return [...new Set([...text.matchAll(FIELD)].map((m) => m[1]!).filter((f): f is MessageField => known.has(f)))]
}

/** The text with each field filled in; a field without a value for this recipient becomes empty. */
export function fillFields(text: string, values: FieldValues): string {
  const known = new Set<string>(MESSAGE_FIELDS)
  return text.replace(FIELD, (whole, name: string) => (known.has(name) ? (Object.hasOwn(values, name) ? (values[name as MessageField] ?? '') : '') : whole))
}

export const MESSAGE_LANGUAGES = ['sv', 'en', 'fi'] as const
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number]

/** The template a recipient gets: their own language's, else English (the fallback), else Swedish, else any. */
export function templateFor<T>(templates: Partial<Record<MessageLanguage, T | null>>, language: string): { language: MessageLanguage; template: T } | null {
  const order = [language, 'en', 'sv', 'fi'].filter(
    (l, i, all): l is MessageLanguage => (MESSAGE_LANGUAGES as readonly string[]).includes(l) && all.indexOf(l) === i,
  )
  for (const l of order) {
    const found = templates[l]
    if (found) return { language: l, template: found }
  }
  return null
}

/**
 * Who a rule picks, decided when each occurrence runs. A rule of people narrows the chosen people (or picks among
 * everyone when none are chosen); a rule of candidates picks candidates, who get e-mail only. Added here and
 * answered by the area that knows (server/composition/areas.ts): nothing else changes.
 */
export const RECIPIENT_RULES = {
  notCheckedOutToday: { of: 'users' },
  mustReadUnacknowledged: { of: 'users' },
  candidatesUnsignedContract: { of: 'candidates' },
} as const
export type RecipientRule = keyof typeof RECIPIENT_RULES
export const RECIPIENT_RULE_NAMES = Object.keys(RECIPIENT_RULES) as [RecipientRule, ...RecipientRule[]]

/** Longest a message may stay late before "skip what was missed" skips it (a restart of a minute sends). */
export const MISSED_GRACE_MS = 15 * 60_000
