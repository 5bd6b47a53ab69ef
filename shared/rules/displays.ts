/**
 * The office screen (issue 76, docs/decisions/101): what a screen may show, how its pairing code is written, and
 * how long the code and the credential's secrets live.
 */

/** The scenes a screen cycles through, in the order an admin usually picks them. */
export const DISPLAY_SCENES = ['leaderboard_day', 'leaderboard_month', 'competitions', 'budgets', 'office_day', 'welcome', 'guide'] as const
export type DisplayScene = (typeof DISPLAY_SCENES)[number]

/** A screen's state: waiting to be paired, paired (it shows), revoked (it shows nothing and pairs again). */
export const DISPLAY_STATES = ['pending', 'paired', 'revoked'] as const
export type DisplayState = (typeof DISPLAY_STATES)[number]

/** The code's letters: no look-alikes (0/O, 1/I/L, 5/S, 8/B), read from across a room and typed on a phone. */
export const DISPLAY_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY234679'
export const DISPLAY_CODE_LENGTH = 8
/** How long a pairing code can be entered. */
export const DISPLAY_CODE_TTL_MS = 10 * 60_000
/** How often a screen's secret is replaced (the old one works until the new one is first used). */
export const DISPLAY_SECRET_ROTATION_MS = 24 * 3_600_000

/** The code as a person typed it: upper case, without spaces or dashes (`acde fghj` and `ACDE-FGHJ` are one code). */
export const normaliseDisplayCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '')

/** Whether a typed code could be one (its length and letters), before asking the server. */
export function isDisplayCode(code: string): boolean {
  const c = normaliseDisplayCode(code)
  return c.length === DISPLAY_CODE_LENGTH && [...c].every((ch) => DISPLAY_CODE_ALPHABET.includes(ch))
}

/** The code as a screen shows it: two groups of four. */
export const formatDisplayCode = (code: string) => `${code.slice(0, 4)} ${code.slice(4)}`

/**
 * A new code from random bytes (one byte a letter; bytes past the alphabet's last whole multiple are skipped so
 * every letter is as likely). `random(n)` gives n random bytes.
 */
export function displayCodeFrom(random: (n: number) => Uint8Array): string {
  const limit = 256 - (256 % DISPLAY_CODE_ALPHABET.length)
  let code = ''
  while (code.length < DISPLAY_CODE_LENGTH) {
    for (const b of random(DISPLAY_CODE_LENGTH * 2)) {
      if (b < limit && code.length < DISPLAY_CODE_LENGTH) code += DISPLAY_CODE_ALPHABET[b % DISPLAY_CODE_ALPHABET.length]
    }
  }
  return code
}
