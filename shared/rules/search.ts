import { foldText } from '../format'

/**
 * How well a hit's title matches what was typed, for the global search's order (issue 70): the whole title (3), a
 * whole word of it or its start (2), the start of a word (1), anywhere else (0). Case and accents aside, so "sven"
 * is a whole word of "Sven Säljare" and only the start of one in "Karin Svensson".
 */
export function matchScore(title: string, typed: string): number {
  const t = foldText(title).trim()
  const q = foldText(typed).trim()
  if (!q) return 0
  if (t === q) return 3
  const words = t.split(/[\s,.\-/]+/).filter(Boolean)
  const qWords = q.split(/\s+/).filter(Boolean)
  if (t.startsWith(`${q} `) || (qWords.length === 1 && words.includes(q))) return 2
  if (qWords.every((w) => words.some((x) => x.startsWith(w)))) return 1
  return 0
}

/**
 * Kinds in the order their best hit matches (ties keep the fixed order), hits in each by how well they match: an
 * exact person or record comes first, whatever its kind.
 */
export function rankByMatch<K extends string, H extends { kind: K; title: string }>(
  kinds: readonly K[],
  hits: readonly H[],
  typed: string,
): { kinds: K[]; hits: H[] } {
  const score = new Map(hits.map((h) => [h, matchScore(h.title, typed)]))
  const best = (k: K) => Math.max(-1, ...hits.filter((h) => h.kind === k).map((h) => score.get(h)!))
  const order = kinds.map((k, i) => ({ k, i, best: best(k) })).sort((a, b) => b.best - a.best || a.i - b.i)
  const ranked = order.flatMap(({ k }) =>
    hits
      .map((h, i) => ({ h, i }))
      .filter(({ h }) => h.kind === k)
      .sort((a, b) => score.get(b.h)! - score.get(a.h)! || a.i - b.i)
      .map(({ h }) => h),
  )
  return { kinds: order.map((o) => o.k), hits: ranked }
}
