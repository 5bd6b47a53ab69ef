import lib from 'google-libphonenumber'
import type { LeadCountry, PhoneKind } from './leads'

/**
 * A phone number as a lead list writes it, read by Google's libphonenumber (its numbering-plan metadata, offline):
 * normalised to E.164 and classified by the plan of its country. A number without a country code is read in the
 * list's country (Sweden or Finland). The server's; the browser never loads the metadata (a third of a megabyte).
 */
const util = lib.PhoneNumberUtil.getInstance()
const { PhoneNumberType: Type, PhoneNumberFormat: Format } = lib

export type PhoneReading = { ok: true; e164: string; kind: PhoneKind; country: string | null } | { ok: false }

/** Text that is no number at all: not worth handing to the parser (letters, an e-mail address). */
const NOT_A_NUMBER = /[a-zåäö@]/i

/**
 * The number in `text`, or not ok when it cannot be a valid number of any plan (too short or long for its range,
 * an unassigned prefix, letters). Mobile and fixed are the plan's own words; toll-free, premium, shared-cost,
 * VoIP, personal and "fixed line or mobile" numbers are `other`.
 */
export function readPhone(text: string, country: LeadCountry): PhoneReading {
  const trimmed = text.trim()
  if (trimmed === '' || NOT_A_NUMBER.test(trimmed)) return { ok: false }
  // "0046 70…" and "+46 (0)70…" are how people write the country code; the parser reads both.
  let parsed: lib.PhoneNumber
  try {
    parsed = util.parse(trimmed, country)
  } catch {
    return { ok: false }
  }
  if (!util.isValidNumber(parsed)) return { ok: false }
  const type = util.getNumberType(parsed)
  const kind: PhoneKind = type === Type.MOBILE ? 'mobile' : type === Type.FIXED_LINE ? 'fixed' : 'other'
  return { ok: true, e164: util.format(parsed, Format.E164), kind, country: util.getRegionCodeForNumber(parsed) ?? null }
}
