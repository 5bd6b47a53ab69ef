import type { SaleStatus } from './sale'
import { addDays, monthRange } from './work'

/**
 * The sales game's rules (docs/decisions/052): what a sale earns, the ledger's difference for it, levels, the periods
 * badges and leaderboards count in, and the ranks around one's own. Pure functions, shared by the server and the app.
 */

/** Only an approved sale earns XP and Key Coins; any other status earns nothing (a regret takes back what it had). */
export const GAME_EARNING_STATUSES: readonly SaleStatus[] = ['approved']

/** A step of the quality weighting: a survey score (0–100) from which the sale's XP is weighted by `weightPercent`. */
export type QualityStep = { minScore: number; weightPercent: number }

/** The default steps, highest first (admins may change them). */
export const DEFAULT_QUALITY_STEPS: readonly QualityStep[] = [
  { minScore: 85, weightPercent: 150 },
  { minScore: 70, weightPercent: 125 },
  { minScore: 50, weightPercent: 100 },
  { minScore: 0, weightPercent: 50 },
]

/** A sale that was not surveyed, or not yet, weighs as a middling one. */
export const UNSURVEYED_WEIGHT_PERCENT = 100

/** A sale's game points: each line's product points times its quantity, fixed when the game first sees the sale. */
export function salePoints(lines: ReadonlyArray<{ productId: string; quantity: number }>, pointsOf: (productId: string) => number): number {
  return lines.reduce((sum, line) => sum + Math.max(0, pointsOf(line.productId)) * Math.max(0, line.quantity), 0)
}

/** The weight (percent) of a survey score in tenths of a point (850 = 85.0), or of no score. */
export function qualityWeightPercent(scoreTenths: number | null, steps: readonly QualityStep[] = DEFAULT_QUALITY_STEPS): number {
  if (scoreTenths === null) return UNSURVEYED_WEIGHT_PERCENT
  const step = steps.find((s) => scoreTenths >= s.minScore * 10)
  return step?.weightPercent ?? UNSURVEYED_WEIGHT_PERCENT
}

export type GameAmounts = { xp: number; coins: number }

/**
 * What a sale earns as it stands: nothing unless approved; then its points in coins, and its points weighted by its
 * quality in XP (rounded half up to a whole point).
 */
export function earned(
  sale: { status: SaleStatus; points: number; scoreTenths: number | null },
  steps: readonly QualityStep[] = DEFAULT_QUALITY_STEPS,
): GameAmounts {
  if (!GAME_EARNING_STATUSES.includes(sale.status) || sale.points <= 0) return { xp: 0, coins: 0 }
  return { xp: Math.floor((sale.points * qualityWeightPercent(sale.scoreTenths, steps)) / 100 + 0.5), coins: sale.points }
}

/**
 * The ledger row a sale needs: what it earns now less what its rows already sum to, or null when they agree (a
 * replayed event writes nothing).
 */
export function difference(target: GameAmounts, booked: GameAmounts): GameAmounts | null {
  const xp = target.xp - booked.xp
  const coins = target.coins - booked.coins
  return xp === 0 && coins === 0 ? null : { xp, coins }
}

export type Level = { number: number; name: string; requiredXp: number }

/** The level XP holds (the highest whose required XP it has), the next one, and how far towards it. */
export function levelOf<L extends Level>(
  xp: number,
  levels: readonly L[],
): { current: L | null; next: L | null; xpToNext: number | null; progressPercent: number } {
  const sorted = [...levels].sort((a, b) => a.requiredXp - b.requiredXp || a.number - b.number)
  let current: L | null = null
  let next: L | null = null
  for (const level of sorted) {
    if (xp >= level.requiredXp) current = level
    else {
      next = level
      break
    }
  }
  if (!next) return { current, next: null, xpToNext: null, progressPercent: 100 }
  const from = current?.requiredXp ?? 0
  const span = next.requiredXp - from
  const progressPercent = span <= 0 ? 0 : Math.max(0, Math.min(100, Math.floor(((xp - from) * 100) / span)))
  return { current, next, xpToNext: next.requiredXp - xp, progressPercent }
}

/** The levels reached when XP rises from `before` to `after` (none when it falls), lowest first. */
export function levelsCrossed<L extends Level>(before: number, after: number, levels: readonly L[]): L[] {
  if (after <= before) return []
  return levels.filter((l) => l.requiredXp > before && l.requiredXp <= after).sort((a, b) => a.requiredXp - b.requiredXp || a.number - b.number)
}

/** The periods a badge is earned in, and leaderboards count. */
export const GAME_PERIODS = ['day', 'week', 'month', 'all'] as const
export type GamePeriod = (typeof GAME_PERIODS)[number]

/** Monday of the ISO week of a day (YYYY-MM-DD). */
function mondayOf(day: string): string {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7
  return addDays(day, -weekday)
}

/**
 * The key of the period a day falls in: the day itself, its ISO week (`2026-W48`: the week's Thursday names the
 * year), its month, or `all`. A badge is awarded once per key.
 */
export function periodKey(period: GamePeriod, day: string): string {
  switch (period) {
    case 'day':
      return day
    case 'week': {
      const thursday = addDays(mondayOf(day), 3)
      const year = thursday.slice(0, 4)
      const firstThursday = addDays(mondayOf(`${year}-01-04`), 3)
      const week = Math.round((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${firstThursday}T00:00:00Z`)) / (7 * 86_400_000)) + 1
      return `${year}-W${String(week).padStart(2, '0')}`
    }
    case 'month':
      return day.slice(0, 7)
    case 'all':
      return 'all'
  }
}

/** The days (inclusive) of the period a day falls in; null for all time. */
export function periodRange(period: GamePeriod, day: string): { from: string; to: string } | null {
  switch (period) {
    case 'day':
      return { from: day, to: day }
    case 'week': {
      const from = mondayOf(day)
      return { from, to: addDays(from, 6) }
    }
    case 'month':
      return monthRange(day.slice(0, 7))
    case 'all':
      return null
  }
}

/**
 * The ranks a seller sees around their own below the top: `around` above and below, within 1 … total. Null when
 * they have no rank (not ranked, or within the top, which is shown anyway).
 */
export function neighbourhood(rank: number | null, total: number, top = 10, around = 5): { from: number; to: number } | null {
  if (rank === null || rank < 1 || rank > total || rank <= top) return null
  return { from: Math.max(top + 1, rank - around), to: Math.min(total, rank + around) }
}

/**
 * The ranks of a list sorted by XP, most first: equal XP, equal rank, and the next rank after a tie skips the tied
 * places (100, 80, 80, 60 → 1, 2, 2, 4).
 */
export function rankOf(sorted: ReadonlyArray<{ xp: number }>): number[] {
  const out: number[] = []
  sorted.forEach((row, i) => out.push(i > 0 && sorted[i - 1]!.xp === row.xp ? out[i - 1]! : i + 1))
  return out
}
