import { distance } from 'fastest-levenshtein'
import {
  BI_MAX_QUESTION,
  biQuerySchema,
  type BiDimension,
  type BiFilters,
  type BiMeasure,
  type BiPartial,
  type BiPeriod,
  type BiQuery,
} from '../../../shared/schemas/assistant'
import { defaultGranularity, periodBefore, resolvePeriod, sameLastYear } from '../../../shared/rules/assistant'
import { calendarDay } from '../../../shared/schemas/period'
import { LEXICON, SQL_WORDS, type Entry, type Language } from './lexicon'
import { understand, type Item, type PeriodWords, type Understood, type VocabularyEntry } from './parser.grammar'

export type { VocabularyEntry } from './parser.grammar'

/**
 * The built-in engine (issue 21, docs/decisions/053): a question in Swedish, English or Finnish becomes a `BiQuery`
 * without any outside service. The words are read against the lexicon (longest match first, then a typo's distance)
 * and against the names the asker may see (people, teams, offices, regions, providers, products: exact, inflected or
 * misspelt); a small grammar then finds the measure, the split, the period, a top N and the filters. What it cannot
 * decide it asks about, keeping what it understood; what is not a question about the data is refused.
 */

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
  let compare: BiPeriod | undefined
  // "jämför oktober och november", "compare weeks 10 and 12": two periods, not a range between them.
  const pair = u.compareVerb && !u.compare ? (u.monthRange ?? u.weekRange) : undefined
  if (pair) {
    u.period = pair[0]
    compare = pair[1]
    u.monthRange = u.weekRange = undefined
  } else if (u.monthRange ?? u.weekRange) u.meaningful++
  u.period = periodFrom(u, ctx.today)
  if (u.compare) compare = comparedPeriod(u.compare, u.period, ctx.today)
  // Only the period compared with named ("jämfört med förra månaden"): the first is the same unit's current one.
  if (compare && !u.period) u.period = compare.kind === 'relative' ? { ...compare, offset: 0 } : { kind: 'relative', unit: 'month', offset: 0 }
  // "Hur går det?": the main measures of the period, summed up (order value leads); not split, not compared.
  const overview = u.overview && !u.measure && !u.category
  if (overview) u.measure = 'orderValue'
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
  if (compare && !overview) {
    // Two periods side by side: by category or in all, not in time buckets.
    partial.compare = compare
    partial.groupBy = partial.groupBy.filter((d) => d !== 'time')
    delete partial.granularity
  } else if (isFollowUp && ((u.period && !compare) || partial.groupBy.includes('time'))) delete partial.compare
  if (overview) {
    partial.overview = true
    partial.groupBy = []
    delete partial.granularity
    delete partial.compare
    delete partial.order
    delete partial.limit
  } else delete partial.overview
  if (u.ambiguous.length > 0 && partial.measure) {
    const [first] = u.ambiguous
    return { kind: 'clarify', reason: 'entity', partial, measure: partial.measure, text: first!.text, candidates: first!.candidates.slice(0, 6), language }
  }
  if (!partial.measure) return { kind: 'clarify', reason: 'measure', partial, measures: measuresFor(partial), language }
  const parsed = biQuerySchema.safeParse(partial)
  if (!parsed.success) return { kind: 'clarify', reason: 'measure', partial: { ...partial, measure: undefined }, measures: measuresFor(partial), language }
  return { kind: 'query', query: parsed.data, language }
}

/** A period's words made a period: two ends a range, "since" and "until" reaching today or back to the year's start. */
function periodFrom(words: PeriodWords, today: string): BiPeriod | undefined {
  const ends = words.monthRange ?? words.weekRange
  if (ends) {
    const a = resolvePeriod(ends[0], today)
    const b = resolvePeriod(ends[1], today)
    return { kind: 'range', from: a.from < b.from ? a.from : b.from, to: a.to > b.to ? a.to : b.to }
  }
  let period = words.period
  if (period?.kind === 'holiday' && words.holidayYearsBack && period.year === undefined) {
    // "julen förra året": last calendar year's (in November 2026, Christmas 2025).
    period = { ...period, year: Number(today.slice(0, 4)) - words.holidayYearsBack }
  }
  if (period && (words.since || words.until)) {
    const p = resolvePeriod(period, today)
    if (words.since) return { kind: 'range', from: p.from, to: today > p.from ? today : p.to }
    return { kind: 'range', from: `${p.to.slice(0, 4)}-01-01`, to: p.to }
  }
  return period
}

/**
 * The period a first one is set beside (decision 083): "samma vecka förra året" the first a year back; "förra" alone
 * the one before it; "förra året" beside a month, week or quarter that month a year back; else the period named.
 */
function comparedPeriod(words: NonNullable<Understood['compare']>, first: BiPeriod | undefined, today: string): BiPeriod | undefined {
  const base: BiPeriod = first ?? { kind: 'relative', unit: 'month', offset: 0 }
  if (words.sameLastYear) return sameLastYear(base, today)
  const named = periodFrom(words, today)
  if (!named) return words.previousOnly ? periodBefore(base, today) : undefined
  const lastYear = named.kind === 'relative' && named.unit === 'year' && named.offset === -1
  const smaller =
    base.kind === 'month' ||
    base.kind === 'week' ||
    base.kind === 'quarter' ||
    base.kind === 'holiday' ||
    (base.kind === 'relative' && base.unit !== 'year' && base.unit !== 'day')
  return lastYear && first && smaller ? sameLastYear(base, today) : named
}

/** The measures that make sense with what else a question asked for. */
export function measuresFor(partial: BiPartial): BiMeasure[] {
  const all: BiMeasure[] = ['orderValue', 'orders', 'quantity', 'hours', 'regretRate', 'averageGrade']
  return all.filter((measure) => biQuerySchema.safeParse({ ...partial, measure }).success)
}
