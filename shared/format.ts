/** Formatting helpers shared by the client, the server and exports (spec section 9). */

export type FormatLanguage = 'sv' | 'en' | 'fi'

const LOCALES: Record<FormatLanguage, string> = { sv: 'sv-SE', en: 'en-GB', fi: 'fi-FI' }
const PIECES: Record<FormatLanguage, string> = { sv: 'st', en: 'pcs', fi: 'kpl' }

// Building an Intl formatter or collator costs far more than using one (a list of a hundred amounts built a
// hundred of them): each is made once per locale and options, and kept.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator>()
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined
  if (!formatter) formatters.set(key, (formatter = make()))
  return formatter
}
const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options))
const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options))

/** Compares two texts in the language's alphabetical order (å, ä, ö after z in Swedish), for sorting lists. */
export function compareText(a: string, b: string, language: FormatLanguage = 'sv'): number {
  return cached(`c|${language}`, () => new Intl.Collator(LOCALES[language])).compare(a, b)
}

/** Full name → uppercase initials of each word; empty when there is no name. */
export function initials(fullName: string | null | undefined): string {
  if (!fullName) return ''
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('')
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A calendar day ("2026-11-22") is that day wherever the device is: read at noon UTC and shown in UTC. */
function toDate(value: Date | string | number): Date | null {
  const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null
  const d = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12)) : value instanceof Date ? value : new Date(value)
  return Number.isNaN(d.getTime()) ? null : d
}

/**
 * A date as short month, numeric day, numeric year: in US English by default ("Nov 21, 2026"),
 * in the user's language where a screen asks for it ("21 nov. 2026"). Invalid input gives "".
 */
export function formatDate(value: Date | string | number | null | undefined, language?: FormatLanguage): string {
  if (value === null || value === undefined || value === '') return ''
  const d = toDate(value)
  if (!d) return ''
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' }
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) options.timeZone = 'UTC'
  return dateFormat(language ? LOCALES[language] : 'en-US', options).format(d)
}

/** A month ("2026-11") in the user's language: "november 2026", "November 2026", "marraskuu 2026". */
export function formatMonth(value: string, language: FormatLanguage = 'sv'): string {
  const m = /^(\d{4})-(\d{2})$/.exec(value)
  if (!m) return value
  return dateFormat(LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 15)))
}

/**
 * Formats named in translations as `{{param, name}}` (i18next's syntax), the same in the app (i18next) and on
 * the server (shared/i18n translator): `day` for a calendar day or time stamp, `month` for "YYYY-MM".
 */
export const MESSAGE_FORMATS: Record<string, (value: unknown, language: FormatLanguage) => string> = {
  day: (value, language) => formatDate(value as string | number, language) || String(value ?? ''),
  month: (value, language) => formatMonth(String(value ?? ''), language),
  /** a moment: its day and time of day ("23 nov. 2026 14:05") */
  datetime: (value, language) => (typeof value === 'number' ? `${formatDate(value, language)} ${formatTime(value, language)}` : String(value ?? '')),
}

/** A time of day, hours and minutes, in the user's language ("14:05"). */
export function formatTime(value: Date | number, language: FormatLanguage = 'sv'): string {
  return dateFormat(LOCALES[language], { hour: '2-digit', minute: '2-digit' }).format(value)
}

/** Money in Swedish kronor, always whole kronor where a person reads it: "1 235 kr". */
export function formatKr(kronor: number, language: FormatLanguage = 'sv'): string {
  const n = numberFormat(LOCALES[language], { maximumFractionDigits: 0 }).format(Math.round(kronor) || 0)
  return `${n} kr`
}

/** Money stored in öre (integer), shown in kronor. */
export function formatOre(ore: number, language: FormatLanguage = 'sv'): string {
  return formatKr(ore / 100, language)
}

/** A price in öre with its öre when it has any ("349 kr", "349,50 kr"): catalog amounts, which are not rounded. */
export function formatPrice(ore: number, language: FormatLanguage = 'sv'): string {
  const cents = ore % 100 !== 0
  const n = numberFormat(LOCALES[language], { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 }).format(ore / 100)
  return `${n} kr`
}

/** A share (0–1) as a whole percent in the language's way: "12 %" in Swedish and Finnish, "12%" in English. */
export function formatPercent(share: number, language: FormatLanguage = 'sv'): string {
  return numberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: 0 }).format(share)
}

/** Orders per hour stored in hundredths, with two decimals in the language's way: "1,25" (OPH targets). */
export function formatOph(hundredths: number, language: FormatLanguage = 'sv'): string {
  return numberFormat(LOCALES[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(hundredths / 100)
}

/** A quantity in pieces: "3 st" (pcs in English, kpl in Finnish). */
export function formatPieces(count: number, language: FormatLanguage = 'sv'): string {
  return `${numberFormat(LOCALES[language]).format(count)} ${PIECES[language]}`
}

/**
 * Builds the formatters nearly every signed-in screen uses: money, and times of day, in the user's language.
 * The first formatter of each kind a page builds loads the browser's locale data for it (30–70 ms each on a
 * slowed phone); the app runs these before its first render, each in a task of its own
 * (client/app/root-shell.tsx), so that cost does not land in the render's task.
 */
export function commonFormatterBuilds(language: FormatLanguage): Array<() => unknown> {
  return [() => formatKr(0, language), () => formatTime(0, language)]
}

/** A figure with at most one decimal in the language's way: "67,5" in Swedish and Finnish, "67.5" in English. */
export function formatDecimal(value: number, language: FormatLanguage = 'sv'): string {
  return numberFormat(LOCALES[language], { maximumFractionDigits: 1 }).format(value)
}

/** Folds case and diacritics, so "lon" finds "Lönekoder" and "sjuk" finds "Sjukanmälningar": for matching typed words. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

/**
 * A size in words: "840 B", "12,4 kB", "3,1 MB"; a dash when it is not known. `binary`: steps of 1024, as devices'
 * storage is counted (an MDM's "4000 MB" free is "3,9 GB", not 4,2).
 */
export function formatBytes(bytes: number | null, language: FormatLanguage = 'sv', opts: { binary?: boolean } = {}): string {
  if (bytes === null) return '–'
  const units = ['B', 'kB', 'MB', 'GB', 'TB']
  const step = opts.binary ? 1024 : 1000
  let n = bytes
  let u = 0
  while (n >= step && u < units.length - 1) {
    n /= step
    u++
  }
  return `${new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: u === 0 ? 0 : 1 }).format(n)} ${units[u]}`
}
