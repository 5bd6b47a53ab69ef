/**
 * The office screen (issue 76, docs/decisions/101): what a screen may show, how its pairing code is written, and
 * how long the code and the credential's secrets live.
 */
import type { SaleStatus } from './sale'

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

/** The sales that stand (entered and not regretted, a deviation or an absence): what the office's day counts. */
export const STANDING_SALE_STATUSES: readonly SaleStatus[] = ['finalized', 'approved', 'flagged', 'unanswered']

/** A new starter is welcomed on the screen this many days from their first day. */
export const WELCOME_DAYS = 14

/**
 * The screen's queue of moments to show (issue 76): bursts never flood it. When the next one is due, every queued
 * flash of the same kind and team as the first is merged into it ("3 new sales for Team Lund"); the others wait their
 * turn in the order they came.
 */
export function nextFlash<F extends { kind: string; teamId: string | null }>(queue: F[]): { show: F[]; rest: F[] } {
  if (queue.length === 0) return { show: [], rest: [] }
  const head = queue[0]!
  const same = (f: F) => f.kind === head.kind && f.teamId === head.teamId
  return { show: queue.filter(same), rest: queue.filter((f) => !same(f)) }
}

/** At most this many flashes wait; more push out the oldest. */
export const FLASH_QUEUE_LIMIT = 30

/** The queue with a flash added (one heard twice, by its id, is not added again). */
export function queueFlash<F extends { id: string }>(queue: F[], flash: F): F[] {
  if (queue.some((f) => f.id === flash.id)) return queue
  return [...queue, flash].slice(-FLASH_QUEUE_LIMIT)
}
