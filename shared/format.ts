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
const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) => cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options))

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

function toDate(value: Date | string | number): Date | null {
  const d = value instanceof Date ? value : new Date(value)
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
  return dateFormat(language ? LOCALES[language] : 'en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(d)
}

/** A time of day, hours and minutes, in the user's language ("14:05"). */
export function formatTime(value: Date | number, language: FormatLanguage = 'sv'): string {
  return dateFormat(LOCALES[language], { hour: '2-digit', minute: '2-digit' }).format(value)
}

/** Money in Swedish kronor: "1 234,50 kr" (whole kronor without decimals). */
export function formatKr(kronor: number, language: FormatLanguage = 'sv'): string {
  const whole = Number.isInteger(kronor)
  const n = numberFormat(LOCALES[language], { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(kronor)
  return `${n} kr`
}

/** Money stored in öre (integer), shown in kronor. */
export function formatOre(ore: number, language: FormatLanguage = 'sv'): string {
  return formatKr(ore / 100, language)
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
