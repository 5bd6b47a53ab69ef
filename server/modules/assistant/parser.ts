import { distance } from 'fastest-levenshtein'
import {
  BI_MAX_QUESTION,
  biQuerySchema,
  type BiDimension,
  type BiEntityKind,
  type BiFilters,
  type BiGranularity,
  type BiMeasure,
  type BiPartial,
  type BiPeriod,
  type BiQuery,
} from '../../../shared/schemas/assistant'
import { defaultGranularity, resolvePeriod } from '../../../shared/rules/assistant'
import { calendarDay } from '../../../shared/schemas/period'
import type { SaleStatus } from '../../../shared/rules/sale'
import { LEXICON, SQL_WORDS, type Concept, type Entry, type Language } from './lexicon'

/**
 * The built-in engine (issue 21, docs/decisions/053): a question in Swedish, English or Finnish becomes a `BiQuery`
 * without any outside service. The words are read against the lexicon (longest match first, then a typo's distance)
 * and against the names the asker may see (people, teams, offices, regions, providers, products: exact, inflected or
 * misspelt); a small grammar then finds the measure, the split, the period, a top N and the filters. What it cannot
 * decide it asks about, keeping what it understood; what is not a question about the data is refused.
 */

/** A name the asker may see, and how the parser may find it. */
export type VocabularyEntry = { kind: BiEntityKind; id: string; name: string }

export type ParseContext = {
  today: string
  vocabulary: readonly VocabularyEntry[]
  /** the last answer's query: a question that leaves parts out follows it up */
  previous?: BiQuery
}

export type ParseResult =
  | { kind: 'query'; query: BiQuery; language: Language }
  | { kind: 'clarify'; reason: 'measure'; partial: BiPartial; measures: BiMeasure[]; language: Language }
  | { kind: 'clarify'; reason: 'entity'; partial: BiPartial; measure: BiMeasure; text: string; candidates: VocabularyEntry[]; language: Language }
  | { kind: 'invalid'; language: Language }

type Item =
  | { kind: 'concept'; concept: Concept; lang: Language | '*'; at: number; word: string }
  | { kind: 'entity'; candidates: VocabularyEntry[]; at: number; text: string; exact: boolean }
  | { kind: 'year'; year: number; at: number }
  | { kind: 'date'; date: string; at: number }
  | { kind: 'quarter'; quarter: number; at: number }
  | { kind: 'unknown'; word: string; at: number }

/** Lower-cased words; å, ä and ö kept, other marks dropped; "v12", "q3" and "top5" split into their parts. */
export function tokenize(text: string): string[] {
  const lowered = text
    .toLowerCase()
    .replace(/[’'´`]/g, '')
    .normalize('NFD')
    // keep the rings and dots of å, ä, ö (combining ring above, diaeresis); drop the rest
    .replace(/[\u0300-\u0307\u0309-\u0309\u030b-\u036f]/g, '')
    .normalize('NFC')
  const words = lowered.match(/\d{4}-\d{2}-\d{2}|[\p{L}\p{N}]+(?::[ae])?/gu) ?? []
  const out: string[] = []
  for (const w of words) {
    const split = /^(v|w|vk|q|top|topp)(\d{1,2})$/.exec(w)
    if (split) out.push(split[1] === 'vk' ? 'v' : split[1]!, split[2]!)
    else out.push(w)
  }
  return out
}

const patternMatches = (pattern: string, word: string) => (pattern.endsWith('*') ? word.startsWith(pattern.slice(0, -1)) : word === pattern)

/**
 * A misspelt word's match: within one edit of a word (five letters or more), or of a stem's length of it; the first
 * letter as written (a typo rarely starts a word, and "tycker" is not "styck").
 */
function fuzzyMatches(pattern: string, word: string): boolean {
  if (pattern[0] !== word[0]) return false
  if (pattern.endsWith('*')) {
    const stem = pattern.slice(0, -1)
    if (stem.length < 5 || word.length < stem.length - 1) return false
    return [stem.length - 1, stem.length, stem.length + 1].some((n) => n <= word.length && distance(word.slice(0, n), stem) <= 1)
  }
  return pattern.length >= 5 && Math.abs(pattern.length - word.length) <= 1 && distance(pattern, word) <= 1
}

const FI_SUFFIXES = [
  'n',
  'in',
  'en',
  'ssa',
  'ssä',
  'sta',
  'stä',
  'lla',
  'llä',
  'lta',
  'ltä',
  'lle',
  'a',
  'ä',
  'na',
  'nä',
  'ksi',
  'han',
  'hin',
  'hen',
  'iin',
  'ineen',
]
const SV_SUFFIXES = ['s', 'es', 'n', 'en', 'et']
const SUFFIXES = [...new Set([...FI_SUFFIXES, ...SV_SUFFIXES])]

/** How far a name's word may be from what was written: exact for short words, a typo or two for longer ones. */
const allowed = (word: string) => (word.length <= 3 ? 0 : word.length <= 6 ? 1 : 2)

/** Whether a written word is a name's word: the same, inflected (Annas, Lundin, Virtasen, Helsingin) or misspelt. */
function nameWordMatches(written: string, word: string): 'exact' | 'near' | null {
  if (written === word) return 'exact'
  const stems = [written]
  for (const s of SUFFIXES) if (written.length - s.length >= 3 && written.endsWith(s)) stems.push(written.slice(0, -s.length))
  // Finnish -nen names: Virtanen → Virtasen, Virtaselle
  if (word.endsWith('nen')) for (const stem of [...stems]) if (stem.endsWith('se') || stem.endsWith('s')) stems.push(`${stem.replace(/se?$/, '')}nen`)
  if (stems.slice(1).some((s) => s === word)) return 'exact'
  const max = allowed(word)
  if (max === 0) return null
  return stems.some((s) => Math.abs(s.length - word.length) <= max && distance(s, word) <= max) ? 'near' : null
}

const KIND_WORDS = new Set(['team', 'region', 'kontor', 'office', 'tiimi', 'toimisto', 'alue', 'lag'])

type Alias = { words: string[]; entry: VocabularyEntry; full: boolean }

/** The ways a name may be written: whole; a team's or region's without its kind word; a person's first or last name. */
function aliasesOf(vocabulary: readonly VocabularyEntry[]): Alias[] {
  const out: Alias[] = []
  for (const entry of vocabulary) {
    const words = tokenize(entry.name)
    if (words.length === 0) continue
    out.push({ words, entry, full: true })
    if (words.length > 1 && KIND_WORDS.has(words[0]!)) out.push({ words: words.slice(1), entry, full: false })
    if (entry.kind === 'seller' && words.length > 1) {
      out.push({ words: [words[0]!], entry, full: false })
      out.push({ words: [words[words.length - 1]!], entry, full: false })
    }
  }
  return out
}

/** Reads the words into items: names first where a whole name of several words stands, then the lexicon, names, typos. */
function read(words: string[], vocabulary: readonly VocabularyEntry[]): Item[] {
  const items: Array<Item | undefined> = new Array(words.length)
  const taken = new Array<boolean>(words.length).fill(false)
  const aliases = aliasesOf(vocabulary)
  const place = (at: number, length: number, item: Item) => {
    items[at] = item
    for (let k = at; k < at + length; k++) taken[k] = true
  }
  const free = (at: number, length: number) => at + length <= words.length && taken.slice(at, at + length).every((x) => !x)

  // Whole names of two words or more, written as they are (a seller called Per is not the word "per").
  const multi = aliases.filter((a) => a.words.length > 1).sort((a, b) => b.words.length - a.words.length)
  for (let i = 0; i < words.length; i++) {
    const found = multi.filter((a) => free(i, a.words.length) && a.words.every((w, k) => nameWordMatches(words[i + k]!, w) === 'exact'))
    if (found.length === 0) continue
    const longest = found[0]!.words.length
    const best = found.filter((a) => a.words.length === longest)
    place(i, longest, { kind: 'entity', candidates: uniqueEntries(best.map((a) => a.entry)), at: i, text: words.slice(i, i + longest).join(' '), exact: true })
  }

  // Literals: dates, years, quarters, numbers.
  words.forEach((w, i) => {
    // A date outside the one date rule (0000-01-01, 2026-02-30) is not a date: the question is not understood.
    if (/^\d{4}-\d{2}-\d{2}$/.test(w)) {
      if (calendarDay.safeParse(w).success) place(i, 1, { kind: 'date', date: w, at: i })
    } else if (/^\d{4}$/.test(w) && Number(w) >= 2000 && Number(w) <= 2100) place(i, 1, { kind: 'year', year: Number(w), at: i })
    else if (/^\d{1,3}(?::[ae])?$/.test(w)) place(i, 1, { kind: 'concept', concept: { type: 'number', n: parseInt(w, 10) }, lang: '*', at: i, word: w })
  })
  words.forEach((w, i) => {
    if (w === 'q' && /^[1-4]$/.test(words[i + 1] ?? '') && !taken[i]) {
      items[i + 1] = undefined
      taken[i + 1] = false
      place(i, 2, { kind: 'quarter', quarter: Number(words[i + 1]), at: i })
    }
  })

  // The lexicon, exactly; a word that only fills a sentence gives way to a name written the same ("Anna" is Finnish
  // for "give").
  const singleNames = new Set(aliases.filter((a) => a.words.length === 1).map((a) => a.words[0]!))
  for (let i = 0; i < words.length; i++) {
    if (taken[i]) continue
    let entry = LEXICON.find(
      (e) =>
        free(i, e.phrase.length) && e.phrase.every((p, k) => patternMatches(p, words[i + k]!)) && !(e.concept.type === 'noise' && singleNames.has(words[i]!)),
    )
    // A stem that leaves much of the word unread ("tilaus" of "tilausarvvo"): a longer stem within a typo wins.
    const pattern = entry?.phrase.length === 1 ? entry.phrase[0]! : null
    if (pattern?.endsWith('*') && words[i]!.length - pattern.length >= 2) {
      const longer = LEXICON.find(
        (e) => e.phrase.length === 1 && e.phrase[0]!.endsWith('*') && e.phrase[0]!.length > pattern.length && fuzzyMatches(e.phrase[0]!, words[i]!),
      )
      if (longer) entry = longer
    }
    if (entry) place(i, entry.phrase.length, concept(entry, i, words))
  }

  // Single-word names: exact or inflected, then misspelt.
  const single = aliases.filter((a) => a.words.length === 1)
  for (const exactness of ['exact', 'near'] as const) {
    for (let i = 0; i < words.length; i++) {
      if (taken[i] || words[i]!.length < 2) continue
      const found = single.filter((a) => {
        const how = nameWordMatches(words[i]!, a.words[0]!)
        return how === 'exact' || (exactness === 'near' && how === 'near')
      })
      if (found.length === 0) continue
      // A whole name before a part of one (the team "Lund" before a seller whose first name is Lund…).
      const whole = found.filter((a) => a.full || a.entry.kind !== 'seller')
      const chosen = whole.length > 0 ? whole : found
      place(i, 1, { kind: 'entity', candidates: uniqueEntries(chosen.map((a) => a.entry)), at: i, text: words[i]!, exact: exactness === 'exact' })
    }
    if (exactness === 'exact') {
      // Misspelt lexicon words before misspelt names: "ordervärdde" is the measure, not a person.
      for (let i = 0; i < words.length; i++) {
        if (taken[i] || words[i]!.length < 4) continue
        const entry = LEXICON.find((e) => e.phrase.length === 1 && e.concept.type !== 'noise' && fuzzyMatches(e.phrase[0]!, words[i]!))
        if (entry) place(i, 1, concept(entry, i, words))
      }
    }
  }
  words.forEach((w, i) => {
    if (!taken[i]) items[i] = { kind: 'unknown', word: w, at: i }
  })
  return items.filter((x): x is Item => x !== undefined)
}

function uniqueEntries(entries: VocabularyEntry[]): VocabularyEntry[] {
  const seen = new Map<string, VocabularyEntry>()
  for (const e of entries) seen.set(`${e.kind}:${e.id}`, e)
  return [...seen.values()]
}

const concept = (entry: Entry, at: number, words: string[]): Item => ({
  kind: 'concept',
  concept: entry.concept,
  lang: entry.lang,
  at,
  word: words.slice(at, at + entry.phrase.length).join(' '),
})

/** The language most of the words came from (Swedish when it cannot tell). */
function languageOf(items: Item[]): Language {
  const score: Record<Language, number> = { sv: 0, en: 0, fi: 0 }
  for (const item of items) {
    if (item.kind !== 'concept' || item.lang === '*') continue
    // A word several languages share counts for each of them.
    const langs = new Set(
      LEXICON.filter((e) => e.phrase.join(' ') === item.word || e.phrase.every((p, k) => patternMatches(p, item.word.split(' ')[k] ?? ''))).map((e) => e.lang),
    )
    for (const l of langs.size ? langs : [item.lang]) if (l !== '*') score[l] += item.concept.type === 'noise' ? 1 : 2
  }
  const best = (Object.keys(score) as Language[]).sort((a, b) => score[b] - score[a])
  return score[best[0]!] === score.sv ? 'sv' : best[0]!
}

type Understood = {
  measure?: BiMeasure
  measureStatus?: SaleStatus
  statuses: SaleStatus[]
  category?: Exclude<BiDimension, 'time'>
  granularity?: BiGranularity
  overTime: boolean
  period?: BiPeriod
  order?: 'asc' | 'desc'
  limit?: number
  filters: BiFilters
  ambiguous: Array<{ text: string; candidates: VocabularyEntry[] }>
  /** "från januari till mars": two named months, resolved to dates once "today" is known */
  monthRange?: [BiPeriod, BiPeriod]
  /** "vecka 10 till 12", "weeks 10-12", "viikosta 10 viikkoon 12": two weeks, resolved likewise */
  weekRange?: [BiPeriod, BiPeriod]
  /** "sedan mars", "since week 10": from the period's start until today */
  since: boolean
  /** "fram till mars", "until yesterday": from the start of the period's year until the period's end */
  until: boolean
  followUp: boolean
  meaningful: number
  unknown: number
}

const isConcept = <T extends Concept['type']>(item: Item | undefined, type: T): item is Item & { kind: 'concept'; concept: Extract<Concept, { type: T }> } =>
  item?.kind === 'concept' && item.concept.type === type

/** The grammar: what the items say about the measure, split, period, order and filters. */
function understand(items: Item[], language: Language): Understood {
  const u: Understood = {
    statuses: [],
    overTime: false,
    filters: {},
    ambiguous: [],
    followUp: false,
    meaningful: 0,
    unknown: 0,
    since: false,
    until: false,
  }
  // Noise is skipped when looking at neighbours, so "the last 3 months" reads as "last 3 months".
  const seq = items.filter((i) => !isConcept(i, 'noise'))
  const used = new Set<Item>()
  const next = (i: number) => seq[i + 1]
  const prev = (i: number) => seq[i - 1]
  u.followUp = seq.length > 0 && isConcept(seq[0], 'followUp')
  const hasWhich = seq.some((i) => isConcept(i, 'which') || isConcept(i, 'who'))
  /** "5 säljare": a number right before a dimension, the size of a top list. */
  const countedDimension = seq.find((item, i) => isConcept(item, 'number') && isConcept(seq[i + 1], 'dimension')) as
    (Item & { concept: { type: 'number'; n: number } }) | undefined
  /** A dimension in the singular within two words of a superlative: the question asks for one item. */
  const singularNear = (i: number) => [seq[i + 1], seq[i + 2], seq[i - 1], seq[i - 2]].some((x) => isConcept(x, 'dimension') && singularWord(x.word, language))

  /** A year said after a week or quarter: "vecka 53 2020", "viikolla 53 vuonna 2020". */
  const yearAt = (i: number): Item | undefined => {
    const a = seq[i]
    if (a?.kind === 'year') return a
    if (isConcept(a, 'unit') && a.concept.unit === 'year' && seq[i + 1]?.kind === 'year') {
      used.add(a)
      return seq[i + 1]
    }
    return undefined
  }
  // Periods first: the units they use are not time buckets.
  seq.forEach((item, i) => {
    if (used.has(item)) return
    const n1 = next(i)
    const n2 = seq[i + 2]
    const fixed: BiPeriod | null = isConcept(item, 'today')
      ? { kind: 'relative', unit: 'day', offset: 0 }
      : isConcept(item, 'yesterday')
        ? { kind: 'relative', unit: 'day', offset: -1 }
        : isConcept(item, 'lastYear')
          ? { kind: 'relative', unit: 'year', offset: -1 }
          : null
    if (fixed) {
      u.period = fixed
      used.add(item)
    } else if ((isConcept(item, 'this') || isConcept(item, 'in')) && isConcept(n1, 'unit')) {
      u.period = { kind: 'relative', unit: n1.concept.unit, offset: 0 }
      used.add(item).add(n1)
      if (isConcept(item, 'this') && isConcept(n2, 'in') && isConcept(seq[i + 3], 'unit')) used.add(n2).add(seq[i + 3]!)
    } else if (isConcept(item, 'this') && isConcept(n1, 'in') && isConcept(n2, 'unit')) {
      // "hittills i år"
      u.period = { kind: 'relative', unit: n2.concept.unit, offset: 0 }
      used.add(item).add(n1).add(n2)
    } else if (isConcept(item, 'previous') && isConcept(n1, 'number') && isConcept(n2, 'unit')) {
      u.period = { kind: 'last', unit: n2.concept.unit, count: Math.max(1, Math.min(400, n1.concept.n)) }
      used.add(item).add(n1).add(n2)
    } else if (isConcept(item, 'number') && isConcept(n1, 'previous') && isConcept(n2, 'unit')) {
      u.period = { kind: 'last', unit: n2.concept.unit, count: Math.max(1, Math.min(400, item.concept.n)) }
      used.add(item).add(n1).add(n2)
    } else if (isConcept(item, 'previous') && isConcept(n1, 'unit')) {
      u.period = { kind: 'relative', unit: n1.concept.unit, offset: -1 }
      used.add(item).add(n1)
    } else if (isConcept(item, 'unit') && item.concept.unit === 'week' && isConcept(n1, 'number') && n1.concept.n >= 1 && n1.concept.n <= 53) {
      // A range of weeks: "vecka 10 till 12", "v10-12", "weeks 10 to 12", "viikosta 10 viikkoon 12".
      let j = i + 2
      if (isConcept(seq[j], 'until')) j++
      if (isConcept(seq[j], 'unit') && (seq[j] as Item & { concept: { unit: BiGranularity } }).concept.unit === 'week') j++
      const end = seq[j]
      const y = yearAt(isConcept(end, 'number') && j > i + 1 ? j + 1 : i + 2)
      const year = y?.kind === 'year' ? y.year : undefined
      if (isConcept(end, 'number') && end.concept.n > n1.concept.n && end.concept.n <= 53) {
        u.weekRange = [
          { kind: 'week', week: n1.concept.n, ...(year ? { year } : {}) },
          { kind: 'week', week: end.concept.n, ...(year ? { year } : {}) },
        ]
        for (let k = i; k <= j; k++) used.add(seq[k]!)
      } else {
        u.period = { kind: 'week', week: n1.concept.n, ...(year ? { year } : {}) }
        used.add(item).add(n1)
      }
      if (y) used.add(y)
    } else if (isConcept(item, 'unit') && item.concept.unit === 'quarter' && isConcept(n1, 'number') && n1.concept.n >= 1 && n1.concept.n <= 4) {
      const y = yearAt(i + 2)
      const year = y?.kind === 'year' ? y.year : undefined
      u.period = { kind: 'quarter', quarter: n1.concept.n, ...(year ? { year } : {}) }
      used.add(item).add(n1)
      if (y) used.add(y)
    } else if (isConcept(item, 'ordinal') && isConcept(n1, 'unit') && n1.concept.unit === 'quarter') {
      const y = yearAt(i + 2)
      const year = y?.kind === 'year' ? y.year : undefined
      u.period = { kind: 'quarter', quarter: item.concept.n, ...(year ? { year } : {}) }
      used.add(item).add(n1)
      if (y) used.add(y)
    } else if (item.kind === 'quarter') {
      const year = n1?.kind === 'year' ? n1.year : prev(i)?.kind === 'year' ? (prev(i) as { year: number }).year : undefined
      u.period = { kind: 'quarter', quarter: item.quarter, ...(year ? { year } : {}) }
      used.add(item)
      if (n1?.kind === 'year') used.add(n1)
      else if (prev(i)?.kind === 'year') used.add(prev(i)!)
    }
  })
  const months = seq.filter((i) => isConcept(i, 'monthName') && !used.has(i)) as Array<Item & { concept: { type: 'monthName'; month: number } }>
  if (months.length > 0 && !u.period && !u.weekRange) {
    // a named month with a year: "mars 2025"; two of them: a range
    const yearAfter = (m: Item) => {
      const after = seq[seq.indexOf(m) + 1]
      if (after?.kind === 'year') {
        used.add(after)
        return after.year
      }
      return undefined
    }
    const first = months[0]!
    const y1 = yearAfter(first)
    if (months.length >= 2) {
      const last = months[months.length - 1]!
      const y2 = yearAfter(last) ?? y1
      const p1: BiPeriod = { kind: 'month', month: first.concept.month, ...((y1 ?? y2) ? { year: (y1 ?? y2)! } : {}) }
      const p2: BiPeriod = { kind: 'month', month: last.concept.month, ...(y2 ? { year: y2 } : {}) }
      u.monthRange = [p1, p2]
    } else u.period = { kind: 'month', month: first.concept.month, ...(y1 ? { year: y1 } : {}) }
    for (const m of months) used.add(m)
  }
  const dates = seq.filter((i): i is Item & { kind: 'date' } => i.kind === 'date')
  if (dates.length > 0 && !u.period && !u.weekRange) {
    const sorted = dates.map((d) => d.date).sort()
    u.period = { kind: 'range', from: sorted[0]!, to: sorted[sorted.length - 1]! }
    for (const d of dates) used.add(d)
  }
  const years = seq.filter((i): i is Item & { kind: 'year' } => i.kind === 'year' && !used.has(i))
  if (years.length > 0 && !u.period && !u.weekRange) {
    const sorted = years.map((y) => y.year).sort()
    u.period =
      sorted.length === 1 ? { kind: 'year', year: sorted[0]! } : { kind: 'range', from: `${sorted[0]}-01-01`, to: `${sorted[sorted.length - 1]}-12-31` }
    for (const y of years) used.add(y)
  }
  // "Since" and "until" next to a single period (a range of two already has both ends): its start until today, or
  // the start of its year until its end.
  const periodItem = (x: Item | undefined) =>
    x !== undefined &&
    (x.kind === 'date' ||
      x.kind === 'year' ||
      x.kind === 'quarter' ||
      isConcept(x, 'monthName') ||
      isConcept(x, 'unit') ||
      isConcept(x, 'previous') ||
      isConcept(x, 'this') ||
      isConcept(x, 'today') ||
      isConcept(x, 'yesterday') ||
      isConcept(x, 'lastYear') ||
      isConcept(x, 'ordinal'))
  if (u.period && u.period.kind !== 'range') {
    seq.forEach((x, i) => {
      if (used.has(x) || !(isConcept(x, 'since') || isConcept(x, 'until'))) return
      // Before the period ("sedan mars", "until last week"), or after it in Finnish ("maaliskuusta lähtien").
      if (!periodItem(seq[i + 1]) && !periodItem(seq[i - 1])) return
      if (isConcept(x, 'since')) u.since = true
      else u.until = true
      used.add(x)
    })
  }

  // Entities next to a dimension word of their kind are named, not split by ("team Lund", "Lund-tiimin").
  const hints = new Set<Item>()
  // Neighbours past a Swedish "i" ("kontoret i Malmö").
  const beside = (i: number, step: 1 | -1) => {
    let j = i + step
    while (isConcept(seq[j], 'in')) j += step
    return seq[j]
  }
  seq.forEach((item, i) => {
    if (item.kind !== 'entity') return
    for (const near of [beside(i, -1), beside(i, 1)]) {
      if (isConcept(near, 'dimension') && item.candidates.some((c) => c.kind === near.concept.dimension)) {
        hints.add(near)
        if (item.candidates.length > 1) item.candidates = item.candidates.filter((c) => c.kind === near.concept.dimension)
      }
    }
  })

  const measureItems = seq.filter((i) => isConcept(i, 'measure')) as Array<Item & { concept: { type: 'measure'; measure: BiMeasure; status?: SaleStatus } }>
  const plain = measureItems.find((i) => !i.concept.status)
  const statusMeasure = measureItems.find((i) => i.concept.status)
  if (plain && statusMeasure && plain.concept.measure !== 'regretRate') {
    u.measure = plain.concept.measure
    u.statuses.push(statusMeasure.concept.status!)
  } else if (measureItems[0]) {
    u.measure = measureItems[0].concept.measure
    if (measureItems[0].concept.status) u.measureStatus = measureItems[0].concept.status
  }

  seq.forEach((item, i) => {
    if (used.has(item)) return
    const n1 = next(i)
    const p1 = prev(i)
    switch (item.kind) {
      case 'entity':
        if (item.candidates.length === 1) {
          const c = item.candidates[0]!
          const list = (u.filters[c.kind] ??= [])
          if (!list.includes(c.id)) list.push(c.id)
        } else u.ambiguous.push({ text: item.text, candidates: item.candidates })
        u.meaningful++
        return
      case 'unknown':
        u.unknown++
        return
      case 'concept':
        break
      default:
        return
    }
    const c = item.concept
    switch (c.type) {
      case 'measure':
        u.meaningful++
        return
      case 'status':
        if (!u.statuses.includes(c.status)) u.statuses.push(c.status)
        u.meaningful++
        return
      case 'dimension':
        u.meaningful++
        if (!hints.has(item) && !u.category) u.category = c.dimension
        return
      case 'time':
        u.overTime = true
        u.meaningful++
        return
      case 'granularity':
        u.granularity = c.unit
        u.meaningful++
        return
      case 'unit':
        // "per vecka", "each week", "viikkoa kohden", and "per team och vecka"
        if (
          isConcept(p1, 'per') ||
          isConcept(p1, 'every') ||
          isConcept(n1, 'postPer') ||
          (isConcept(p1, 'followUp') && seq.slice(0, i).some((x) => isConcept(x, 'per')))
        ) {
          u.granularity = c.unit
          u.meaningful++
        }
        return
      case 'top':
      case 'bottom': {
        u.order = c.type === 'top' ? 'desc' : 'asc'
        // "topp 5", "5 bästa", or the number before the dimension ("vilka 5 säljare hade högst ordervärde").
        const number = isConcept(n1, 'number') ? n1.concept.n : isConcept(p1, 'number') ? p1.concept.n : countedDimension?.concept.n
        if (number !== undefined) u.limit = Math.max(1, Math.min(50, number))
        // "Which team…", "who sold most", "the best seller", "bästa säljaren", "paras myyjä": the single top item.
        else if (hasWhich || singularNear(i)) u.limit = 1
        else if (['top', 'topp', 'kärki'].includes(item.word)) u.limit = 10
        u.meaningful++
        return
      }
      case 'who':
        if (!u.category) u.category = 'seller'
        return
      default:
        return
    }
  })
  if (u.period || u.monthRange) u.meaningful++
  // "5 säljare med flest order": the number before the dimension is the top's.
  if (u.order && u.limit === undefined) {
    const n = seq.find((item, i) => isConcept(item, 'number') && !used.has(item) && isConcept(next(i), 'dimension'))
    if (n && isConcept(n, 'number')) u.limit = Math.max(1, Math.min(50, n.concept.n))
  }
  return u
}

/**
 * Whether a dimension's word is singular: English without a plural -s, Finnish without a plural -t, Swedish in the
 * definite singular ("säljaren", "teamet": the bare "säljare", "team" and "kontor" are plural too).
 */
function singularWord(word: string, language: Language): boolean {
  if (language === 'en') return !word.endsWith('s') && !['people', 'salespeople'].includes(word)
  if (language === 'fi') return !word.endsWith('t')
  return /(en|et)$/.test(word) && !['teamen', 'kontoren', 'lagen'].includes(word)
}

const howManyWords = new Set(['många', 'many', 'montako', 'monta'])

/** Parses a question into a query, a question back, or a refusal. */
export function parseQuestion(text: string, ctx: ParseContext): ParseResult {
  const words = tokenize(text)
  if (text.length > BI_MAX_QUESTION || words.length === 0 || words.length > 60) return { kind: 'invalid', language: 'sv' }
  const items = read(words, ctx.vocabulary)
  const language = languageOf(items)
  // A question about the database itself is not a question about the sales.
  if (words.filter((w) => SQL_WORDS.has(w)).length >= 2 || /;|--|\/\*|\*\/|\bor\s+1\s*=\s*1\b/i.test(text)) return { kind: 'invalid', language }
  const u = understand(items, language)
  const ends = u.monthRange ?? u.weekRange
  if (ends) {
    const a = resolvePeriod(ends[0], ctx.today)
    const b = resolvePeriod(ends[1], ctx.today)
    u.period = { kind: 'range', from: a.from < b.from ? a.from : b.from, to: a.to > b.to ? a.to : b.to }
    u.meaningful++
  } else if (u.period && (u.since || u.until)) {
    const p = resolvePeriod(u.period, ctx.today)
    if (u.since) u.period = { kind: 'range', from: p.from, to: ctx.today > p.from ? ctx.today : p.to }
    else u.period = { kind: 'range', from: `${p.to.slice(0, 4)}-01-01`, to: p.to }
  }
  if (!u.measure && words.some((w) => howManyWords.has(w))) u.measure = 'orders'
  if (!u.measure && u.measureStatus) u.measure = 'orders'

  // A follow-up changes the last question: it says so ("och i Lund?", "what about last month") or is a fragment
  // without a measure ("per team", "förra månaden"). A complete question starts from scratch, also right after a
  // follow-up: it names a measure, or ranks a dimension in a period ("top 5 sellers last month").
  const complete = !!u.measure || (!!u.category && (!!u.order || !!u.period))
  const isFollowUp = ctx.previous !== undefined && u.meaningful > 0 && (u.followUp || !complete)
  // A ranking without a measure ranks by order value, as the sales screens do; the answer says how it was read.
  if (!u.measure && !isFollowUp && u.order && u.category) u.measure = 'orderValue'
  if (u.meaningful === 0 || (!u.measure && !isFollowUp && u.unknown > 2 && !u.category && !u.period)) return { kind: 'invalid', language }

  const base: BiPartial = isFollowUp ? structuredClone(ctx.previous!) : { filters: {} }
  const partial: BiPartial = { ...base, filters: { ...(base.filters ?? {}) } }
  if (u.measure) partial.measure = u.measure
  const statuses = [...u.statuses, ...(u.measureStatus ? [u.measureStatus] : [])]
  if (u.measure && isFollowUp && u.measure !== ctx.previous!.measure) delete partial.filters!.status
  if (statuses.length > 0) partial.filters!.status = [...new Set(statuses)]
  for (const [kind, ids] of Object.entries(u.filters) as Array<[keyof BiFilters, string[]]>) (partial.filters as Record<string, string[]>)[kind] = ids
  // The split: a new category replaces the old; new time buckets replace the old.
  const groupBy = new Set<BiDimension>(partial.groupBy ?? [])
  if (u.category) {
    for (const d of [...groupBy]) if (d !== 'time') groupBy.delete(d)
    groupBy.add(u.category)
  }
  if (u.period) partial.period = u.period
  // Without a period: this month, this year for weeks, months and quarters, the last five years by year.
  if (!partial.period)
    partial.period =
      u.granularity === 'year'
        ? { kind: 'last', unit: 'year', count: 5 }
        : (u.granularity && u.granularity !== 'day') || (u.overTime && !u.granularity)
          ? { kind: 'relative', unit: 'year', offset: 0 }
          : { kind: 'relative', unit: 'month', offset: 0 }
  if (u.granularity || u.overTime) {
    groupBy.add('time')
    const range = resolvePeriod(partial.period, ctx.today)
    partial.granularity = u.granularity ?? defaultGranularity(range.from, range.to)
  }
  // Time first, then the category: a line per category.
  partial.groupBy = [...groupBy].sort((a, b) => (a === 'time' ? -1 : b === 'time' ? 1 : 0))
  if (!partial.groupBy.includes('time')) delete partial.granularity
  if (u.order) partial.order = u.order
  if (u.limit !== undefined) partial.limit = u.limit
  if (u.ambiguous.length > 0 && partial.measure) {
    const [first] = u.ambiguous
    return { kind: 'clarify', reason: 'entity', partial, measure: partial.measure, text: first!.text, candidates: first!.candidates.slice(0, 6), language }
  }
  if (!partial.measure) return { kind: 'clarify', reason: 'measure', partial, measures: measuresFor(partial), language }
  const parsed = biQuerySchema.safeParse(partial)
  if (!parsed.success) return { kind: 'clarify', reason: 'measure', partial: { ...partial, measure: undefined }, measures: measuresFor(partial), language }
  return { kind: 'query', query: parsed.data, language }
}

/** The measures that make sense with what else a question asked for. */
export function measuresFor(partial: BiPartial): BiMeasure[] {
  const all: BiMeasure[] = ['orderValue', 'orders', 'quantity', 'hours', 'regretRate', 'averageGrade']
  return all.filter((measure) => biQuerySchema.safeParse({ ...partial, measure }).success)
}
