/**
 * Swedish identity numbers, postal codes and phone numbers: the checks the sales form runs on the
 * device and the server runs again (through the shared sale schema).
 */

/** Luhn (mod 10) over a string of digits, the check digit included. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

const PNR = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+]?)(\d{3})(\d)$/

/**
 * A Swedish personal identity number (personnummer) or co-ordination number (samordningsnummer, day + 60):
 * YYMMDD-NNNC, YYMMDD+NNNC (100 years or older) or YYYYMMDDNNNC, with a valid date and Luhn check digit.
 * Returns the normalised 12-digit form (YYYYMMDDNNNC) or null.
 */
export function normalizePersonalNumber(input: string, today: Date = new Date()): string | null {
  const m = PNR.exec(input.replace(/\s/g, ''))
  if (!m) return null
  const [, century, yy, mm, dd, sep, serial, check] = m as unknown as [string, string | undefined, string, string, string, string, string, string]
  if (!luhnValid(`${yy}${mm}${dd}${serial}${check}`)) return null
  const day = Number(dd) > 60 ? Number(dd) - 60 : Number(dd)
  let year: number
  if (century) {
    year = Number(`${century}${yy}`)
  } else {
    const thisYear = today.getFullYear()
    year = Math.floor(thisYear / 100) * 100 + Number(yy)
    if (year > thisYear) year -= 100
    if (sep === '+') year -= 100
  }
  const date = new Date(Date.UTC(year, Number(mm) - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== Number(mm) - 1 || date.getUTCDate() !== day) return null
  if (date.getTime() > today.getTime()) return null
  return `${String(year).padStart(4, '0')}${mm}${dd}${serial}${check}`
}

/** The 12-digit personal number of a birth date (YYYYMMDD) and serial (NNN), with its Luhn check digit. */
export function personalNumberOf(birthDate: string, serial: string): string {
  if (!/^\d{8}$/.test(birthDate) || !/^\d{3}$/.test(serial)) throw new Error(`Bad birth date or serial: ${birthDate} ${serial}`)
  const nine = `${birthDate.slice(2)}${serial}`
  for (let check = 0; check <= 9; check++) if (luhnValid(`${nine}${check}`)) return `${birthDate}${serial}${check}`
  throw new Error('unreachable: one check digit always fits')
}

/**
 * An identity number as lists show it to everyone: the birth date, the rest hidden ("19811218-****").
 * The full number is shown only where a permission allows it (the seller who registered the sale, on request).
 */
export function maskPersonalNumber(normalized: string | null | undefined): string {
  if (!normalized) return ''
  const digits = normalized.replace(/\D/g, '')
  if (digits.length < 8) return '****'
  return `${digits.slice(0, 8)}-****`
}

/** The normalised number written as people read it: "19811218-9876". */
export function formatPersonalNumber(normalized: string | null | undefined): string {
  if (!normalized) return ''
  return /^\d{12}$/.test(normalized) ? `${normalized.slice(0, 8)}-${normalized.slice(8)}` : normalized
}

export function isPersonalNumber(input: string): boolean {
  return normalizePersonalNumber(input) !== null
}

const ORGNR = /^(16)?(\d{6})-?(\d{4})$/

/**
 * A Swedish organisation number: NNNNNN-NNNC (optionally with the "16" prefix), the third digit 2 or more
 * (which sets it apart from a personal number), Luhn check digit. A sole trader's business uses the
 * owner's personal number, which is accepted too. Returns the normalised form NNNNNN-NNNN or null.
 */
export function normalizeOrganisationNumber(input: string): string | null {
  const compact = input.replace(/\s/g, '')
  const m = ORGNR.exec(compact)
  if (m) {
    const [, , head, tail] = m as unknown as [string, string | undefined, string, string]
    if (Number(head[2]) >= 2 && luhnValid(`${head}${tail}`)) return `${head}-${tail}`
  }
  const personal = normalizePersonalNumber(compact)
  return personal ? `${personal.slice(2, 8)}-${personal.slice(8)}` : null
}

export function isOrganisationNumber(input: string): boolean {
  return normalizeOrganisationNumber(input) !== null
}

/** A Swedish postal code: five digits, first not 0, optionally written "NNN NN". Returns "NNN NN" or null. */
export function normalizePostalCode(input: string): string | null {
  const m = /^([1-9]\d{2})\s?(\d{2})$/.exec(input.trim())
  return m ? `${m[1]} ${m[2]}` : null
}

/** A phone number as people write it: +46 or 0 first, 7–15 digits, spaces, dashes and brackets allowed. */
export function isPhoneNumber(input: string): boolean {
  const v = input.trim()
  if (!/^\+?[\d\s()-]+$/.test(v)) return false
  const digits = v.replace(/\D/g, '')
  return digits.length >= 7 && digits.length <= 15
}

/** A Swedish bank clearing number: 4 digits, or 5 for Swedbank's (8xxx-x). Returns the digits or null. */
export function normalizeClearingNumber(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '')
  if (!/^\d{4,5}$/.test(digits)) return null
  if (digits.length === 5 && !digits.startsWith('8')) return null
  return digits
}

/** A bank account number: 6 to 15 digits once spaces, dashes and dots are taken out. Returns the digits or null. */
export function normalizeBankAccount(input: string): string | null {
  const digits = input.replace(/[\s.-]/g, '')
  return /^\d{6,15}$/.test(digits) ? digits : null
}

/** An account number as a screen shows it without reading it: the last four digits. */
export function maskBankAccount(digits: string | null | undefined): string {
  if (!digits) return ''
  return `••••${digits.slice(-4)}`
}
