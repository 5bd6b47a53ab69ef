/**
 * The do-not-contact register on the seller's phone (docs/decisions/096, 099). The phone holds no number of the
 * register, only each number's fingerprint: the first 12 hex digits of SHA-256 over "dnc:" and the number in E.164.
 * The phone reads what the seller typed without the numbering plans (the server's libphonenumber is a third of a
 * megabyte): as a Swedish and as a Finnish number, and warns when either fingerprint is in the register.
 */
export const BLOCK_HASH_CHARS = 12

/** The E.164 forms a typed number may have: as written with a country code, else read in Sweden and in Finland. */
export function phoneCandidates(text: string): string[] {
  // "+46 (0)70…" drops the bracketed trunk zero; "0046…" is "+46…".
  const cleaned = text.replace(/\(0\)/g, '').trim()
  const plus = cleaned.startsWith('+') || cleaned.startsWith('00')
  const digits = cleaned.replace(/\D/g, '').replace(/^00/, '')
  if (digits.length < 6 || digits.length > 15) return []
  if (plus) return [`+${digits}`]
  const national = digits.replace(/^0/, '')
  return [`+46${national}`, `+358${national}`]
}

/** A number's fingerprint (E.164 in), the same on the server and in the browser (Web Crypto in both). */
export async function blockHash(e164: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`dnc:${e164}`))
  return Array.from(new Uint8Array(digest).slice(0, BLOCK_HASH_CHARS / 2), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Whether a typed number is in the register (its fingerprints). */
export async function phoneBlocked(text: string, register: ReadonlySet<string>): Promise<boolean> {
  if (register.size === 0) return false
  for (const e164 of phoneCandidates(text)) if (register.has(await blockHash(e164))) return true
  return false
}
