/** Formatting helpers shared by the client, the server and exports (spec section 9). */

export type FormatLanguage = 'sv' | 'en' | 'fi'

const LOCALES: Record<FormatLanguage, string> = { sv: 'sv-SE', en: 'en-GB', fi: 'fi-FI' }
const PIECES: Record<FormatLanguage, string> = { sv: 'st', en: 'pcs', fi: 'kpl' }

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
  return new Intl.DateTimeFormat(language ? LOCALES[language] : 'en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(d)
}

/** A time of day, hours and minutes, in the user's language ("14:05"). */
export function formatTime(value: Date | number, language: FormatLanguage = 'sv'): string {
  return new Intl.DateTimeFormat(LOCALES[language], { hour: '2-digit', minute: '2-digit' }).format(value)
}

/** Money in Swedish kronor: "1 234,50 kr" (whole kronor without decimals). */
export function formatKr(kronor: number, language: FormatLanguage = 'sv'): string {
  const whole = Number.isInteger(kronor)
  const n = new Intl.NumberFormat(LOCALES[language], {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(kronor)
  return `${n} kr`
}

/** Money stored in öre (integer), shown in kronor. */
export function formatOre(ore: number, language: FormatLanguage = 'sv'): string {
  return formatKr(ore / 100, language)
}

/** A quantity in pieces: "3 st" (pcs in English, kpl in Finnish). */
export function formatPieces(count: number, language: FormatLanguage = 'sv'): string {
  return `${new Intl.NumberFormat(LOCALES[language]).format(count)} ${PIECES[language]}`
}
