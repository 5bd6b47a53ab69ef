import { normalizeFinnishIdentity } from './candidates'
import { normalizeOrganisationNumber, normalizePersonalNumber } from './identity'

/**
 * Lead lists (issue 47, docs/decisions/075): a raw list from a source turned into the list a dialer or the sellers
 * use. These are the rules that need no library: the fields, guessing a mapping from a file's headers, the reasons a
 * row is dropped or marked and in which order they count, reading a NIX answer's status column, and the output's
 * columns. Phone numbers are read by `./phone-numbers.ts` (libphonenumber, server only). Table test beside it.
 */

/**
 * The product's fields a lead list's columns map to. Three phone columns: lists carry a mobile, a home and a work
 * number. A list with first and last name in two columns maps the first to `name` and the last to `surname`: the
 * lead's name is the two joined ("Anna" + "Svensson": "Anna Svensson").
 */
export const LEAD_FIELDS = [
  'name',
  'surname',
  'identityNumber',
  'phone1',
  'phone2',
  'phone3',
  'address',
  'postalCode',
  'city',
  'provider',
  'campaign',
  'source',
] as const
export type LeadField = (typeof LEAD_FIELDS)[number]
export type LeadMapping = Partial<Record<LeadField, string | null>>
export const LEAD_PHONE_FIELDS = ['phone1', 'phone2', 'phone3'] as const

/** What the output can hold: the mapped fields as read (identity numbers and numbers normalised) and what the run found. */
export const LEAD_OUTPUT_FIELDS = [
  'row',
  ...LEAD_FIELDS,
  'phone1Type',
  'phone2Type',
  'phone3Type',
  'mobile',
  'fixed',
  'nix',
  /** the day the list was checked against NIX (docs/decisions/095): every exported number carries it */
  'nixCheckedOn',
  'customer',
  'duplicate',
  'earlier',
  'problems',
] as const
export type LeadOutputField = (typeof LEAD_OUTPUT_FIELDS)[number]

/**
 * Why a row may leave the list, in the order a row is counted by (a row with no valid number is "invalid" whatever
 * else it is). `invalid`: no number that can be valid; `nix`: every callable number is in the NIX answer;
 * `duplicate`: an earlier row of the same list has its identity number or one of its numbers; `earlier`: an earlier
 * list of the same campaign had it; `customer`: the customer register knows the identity number or a number.
 */
export const LEAD_REASONS = ['invalid', 'blocked', 'nix', 'duplicate', 'earlier', 'customer'] as const
export type LeadReason = (typeof LEAD_REASONS)[number]
export type LeadChoice = 'drop' | 'mark'
/**
 * What the person chooses per reason; `blocked` — the person or every number of the row asked not to be contacted
 * (the do-not-contact register, decision 096) — is always dropped, whatever a list's choices say.
 */
export type LeadChoices = Record<Exclude<LeadReason, 'blocked'>, LeadChoice> & { blocked?: 'drop' }
/** What a person starts from: calling a NIX number or the same person twice is what the law and the dialer punish; customers may be called. */
export const DEFAULT_LEAD_CHOICES: LeadChoices = { invalid: 'drop', blocked: 'drop', nix: 'drop', duplicate: 'drop', earlier: 'drop', customer: 'mark' }
/** The reasons a person chooses for. */
export const CHOSEN_REASONS = LEAD_REASONS.filter((r): r is Exclude<LeadReason, 'blocked'> => r !== 'blocked')

/** The countries whose numbering plans the tool knows, and the default region a number without +CC is read in. */
export const LEAD_COUNTRIES = ['SE', 'FI'] as const
export type LeadCountry = (typeof LEAD_COUNTRIES)[number]

export type PhoneKind = 'mobile' | 'fixed' | 'other'

/** A problem a row has; each is shown in the preview and written to the output's `problems` column. */
export type LeadProblem =
  | { kind: 'phoneInvalid'; field: LeadField; value: string }
  | { kind: 'identityInvalid'; value: string }
  | { kind: 'noPhone' }
  | { kind: 'nix'; numbers: string[] }
  /** numbers in the do-not-contact register: never called, whatever else the row is */
  | { kind: 'blocked'; numbers: string[] }

/** What was decided about one row: kept or dropped (and why), the marks it carries. */
export type LeadVerdict = { keep: boolean; droppedFor: LeadReason | null; marks: LeadReason[] }

/**
 * The verdict on a row from the reasons that apply to it and the person's choices: dropped for the first reason (in
 * `LEAD_REASONS` order) chosen as "drop"; every other reason that applies is a mark.
 */
export function verdictOf(applies: ReadonlySet<LeadReason>, choices: LeadChoices): LeadVerdict {
  const reasons = LEAD_REASONS.filter((r) => applies.has(r))
  const droppedFor = reasons.find((r) => r === 'blocked' || choices[r] === 'drop') ?? null
  return { keep: droppedFor === null, droppedFor, marks: droppedFor ? [] : reasons }
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '')

/** Header words (folded: lower case, no accents, no spaces) that name each field, in Swedish, Finnish and English. */
const HEADER_WORDS: Record<LeadField, string[]> = {
  name: ['namn', 'name', 'nimi', 'fullname', 'kundnamn', 'fornamnefternamn', 'foretag', 'company', 'yritys', 'fornamn', 'firstname', 'etunimi', 'tilltalsnamn'],
  surname: ['efternamn', 'lastname', 'surname', 'familyname', 'sukunimi'],
  identityNumber: [
    'personnummer',
    'personnr',
    'pnr',
    'persnr',
    'orgnr',
    'organisationsnummer',
    'identitet',
    'ssn',
    'hetu',
    'henkilotunnus',
    'ytunnus',
    'idnumber',
    'identitynumber',
  ],
  phone1: [
    'telefon',
    'tel',
    'telefonnummer',
    'phone',
    'puhelin',
    'puhelinnumero',
    'mobil',
    'mobilnummer',
    'mobilnr',
    'mobile',
    'mobiltelefon',
    'matkapuhelin',
    'gsm',
    'telefon1',
    'phone1',
    'tel1',
  ],
  phone2: ['telefon2', 'tel2', 'phone2', 'hemtelefon', 'bostad', 'home', 'kotipuhelin', 'puhelin2'],
  phone3: ['telefon3', 'tel3', 'phone3', 'arbete', 'work', 'tyopuhelin', 'puhelin3', 'arbetstelefon'],
  address: ['adress', 'address', 'gatuadress', 'gata', 'utdelningsadress', 'osoite', 'katuosoite', 'lahiosoite', 'street'],
  postalCode: ['postnummer', 'postnr', 'postalcode', 'zip', 'zipcode', 'postinumero'],
  city: ['ort', 'postort', 'stad', 'city', 'town', 'kaupunki', 'postitoimipaikka', 'kunta'],
  provider: ['leverantor', 'provider', 'bolag', 'toimittaja'],
  campaign: ['kampanj', 'campaign', 'kampanja'],
  source: ['kalla', 'source', 'lahde', 'listkalla'],
}

/** A mapping guessed from a file's headers: each field takes the first header that names it, each header one field. */
export function guessLeadMapping(headers: readonly string[]): LeadMapping {
  const mapping: LeadMapping = {}
  const taken = new Set<string>()
  const folded = headers.map(fold)
  for (const field of LEAD_FIELDS) {
    const i = folded.findIndex((h, j) => !taken.has(headers[j]!) && HEADER_WORDS[field].includes(h))
    if (i >= 0) {
      mapping[field] = headers[i]!
      taken.add(headers[i]!)
    }
  }
  // A second and third phone column named like the first ("Telefon", "Telefon" again, "Mobil" after "Telefon").
  for (const field of ['phone2', 'phone3'] as const) {
    if (mapping[field]) continue
    const i = folded.findIndex((h, j) => !taken.has(headers[j]!) && HEADER_WORDS.phone1.includes(h))
    if (i >= 0) {
      mapping[field] = headers[i]!
      taken.add(headers[i]!)
    }
  }
  return mapping
}

/** The mapping's problems against a file's headers: a column that is not in the file, a column used twice, no phone column. */
export function leadMappingProblems(
  mapping: LeadMapping,
  headers: readonly string[],
): Partial<Record<LeadField | 'mapping', 'missingColumn' | 'usedTwice' | 'noPhone'>> {
  const problems: Partial<Record<LeadField | 'mapping', 'missingColumn' | 'usedTwice' | 'noPhone'>> = {}
  const seen = new Map<string, LeadField>()
  for (const field of LEAD_FIELDS) {
    const column = mapping[field]
    if (!column) continue
    if (!headers.includes(column)) problems[field] = 'missingColumn'
    else if (seen.has(column)) problems[field] = 'usedTwice'
    seen.set(column, field)
  }
  if (!LEAD_PHONE_FIELDS.some((f) => mapping[f])) problems.mapping = 'noPhone'
  return problems
}

/** Which columns of a NIX answer say whether a number is registered, and which of their values mean "registered". */
const NIX_STATUS_HEADERS = ['nix', 'status', 'sparrad', 'sparr', 'registrerad', 'spärrad', 'blocked', 'registered', 'kielletty']
const NIX_YES = new Set(['ja', 'j', 'yes', 'y', '1', 'x', 'true', 'sparrad', 'registrerad', 'blocked', 'registered', 'nix', 'kylla', 'k'])

/**
 * The NIX answer's status column, when it has one (index), else null: a file with a status column lists every
 * number sent with "ja"/"nej"; a file without one lists only the registered numbers.
 */
export function nixStatusColumn(headers: readonly string[]): number | null {
  const i = headers.findIndex((h) => NIX_STATUS_HEADERS.includes(fold(h)))
  return i >= 0 ? i : null
}

/** Whether a NIX answer's status cell says the number is registered. */
export function nixRegistered(cell: string): boolean {
  return NIX_YES.has(fold(cell))
}

/** Delimiters and encodings an output format may use. */
export const LEAD_DELIMITERS = [';', ',', '\t', '|'] as const
export const LEAD_ENCODINGS = ['utf-8-bom', 'utf-8', 'windows-1252'] as const
export type LeadEncoding = (typeof LEAD_ENCODINGS)[number]
export const LEAD_FILE_TYPES = ['csv', 'xlsx'] as const

/** A campaign's name as the earlier-lists check compares it: trimmed, one space, lower case. */
export function campaignKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase()
}

/** A Finnish business ID (Y-tunnus): seven digits, a dash, a check digit (weights 7 9 10 5 8 4 2, mod 11). "NNNNNNN-N" or null. */
export function normalizeBusinessId(input: string): string | null {
  const m = /^(\d{6,7})-?(\d)$/.exec(input.replace(/\s/g, ''))
  if (!m) return null
  const digits = m[1]!.padStart(7, '0')
  const sum = [7, 9, 10, 5, 8, 4, 2].reduce((acc, w, i) => acc + w * Number(digits[i]), 0)
  const rest = sum % 11
  if (rest === 1) return null
  return (rest === 0 ? 0 : 11 - rest) === Number(m[2]) ? `${digits}-${m[2]}` : null
}

/**
 * A lead's identity number as one key, as the customer register keys its customers: "p" and the twelve-digit
 * personal number or "o" and the organisation number (Sweden), "f" and the henkilötunnus or "y" and the business
 * ID (Finland). Either country's numbers are read in a list of either. Null when it is none of them.
 */
export function leadIdentityKey(input: string, today: Date = new Date()): string | null {
  const text = input.trim()
  if (text === '') return null
  const personal = normalizePersonalNumber(text, today)
  if (personal) return `p${personal}`
  const organisation = normalizeOrganisationNumber(text)
  if (organisation) return `o${organisation}`
  const finnish = normalizeFinnishIdentity(text)
  if (finnish) return `f${finnish}`
  const business = normalizeBusinessId(text)
  return business ? `y${business}` : null
}

/**
 * NIX-Telefon's terms (docs/decisions/095): a list checked against the register may be used for two months after the
 * check. The last day a list checked on `checkedOn` may be called from or exported: the same day two months later
 * (the month's last day when it has no such day), less one.
 */
export const NIX_VALID_MONTHS = 2
export function nixLastDay(checkedOn: string): string {
  const [y, m, d] = checkedOn.split('-').map(Number) as [number, number, number]
  const month = m - 1 + NIX_VALID_MONTHS
  const year = y + Math.floor(month / 12)
  const monthInYear = month % 12
  const lastOfMonth = new Date(Date.UTC(year, monthInYear + 1, 0)).getUTCDate()
  const end = new Date(Date.UTC(year, monthInYear, Math.min(d, lastOfMonth)) - 86_400_000)
  return end.toISOString().slice(0, 10)
}
/** Whether a list checked against NIX on `checkedOn` may still be used on `today` (both business days, YYYY-MM-DD). */
export const nixUsable = (checkedOn: string, today: string) => today <= nixLastDay(checkedOn)
