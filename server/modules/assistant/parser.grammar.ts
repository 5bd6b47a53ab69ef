import type { BiDimension, BiEntityKind, BiFilters, BiGranularity, BiHoliday, BiMeasure, BiPeriod } from '../../../shared/schemas/assistant'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { Concept, Language } from './lexicon'

/** A name the asker may see, and how the parser may find it. */
export type VocabularyEntry = { kind: BiEntityKind; id: string; name: string }

/** A word or words of the question as read: a concept of the lexicon, a name, a year, a date, a quarter, or not known. */
export type Item =
  | { kind: 'concept'; concept: Concept; lang: Language | '*'; at: number; word: string }
  | { kind: 'entity'; candidates: VocabularyEntry[]; at: number; text: string; exact: boolean }
  | { kind: 'year'; year: number; at: number }
  | { kind: 'date'; date: string; at: number }
  | { kind: 'quarter'; quarter: number; at: number }
  | { kind: 'unknown'; word: string; at: number }

export type Understood = {
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
  /** a holiday said with "förra året", "last year", "viime vuonna": last calendar year's */
  holidayYearsBack?: number
  /** what follows "jämfört med" (or the second of "jämför A och B"): the period set beside the first */
  compare?: PeriodWords & { sameLastYear: boolean; previousOnly: boolean }
  /** "jämför oktober och november", "compare weeks 10 and 12": two periods set beside each other */
  compareVerb: boolean
  /** "hur går det?": the main measures, summed up */
  overview: boolean
}

/** The words of one period, before "today" turns them into dates. */
export type PeriodWords = Pick<Understood, 'period' | 'monthRange' | 'weekRange' | 'since' | 'until' | 'holidayYearsBack'>

export const isConcept = <T extends Concept['type']>(
  item: Item | undefined,
  type: T,
): item is Item & { kind: 'concept'; concept: Extract<Concept, { type: T }> } => item?.kind === 'concept' && item.concept.type === type

/** What a reading starts from: nothing understood yet. */
const nothingUnderstood = (): Understood => ({
  statuses: [],
  overTime: false,
  filters: {},
  ambiguous: [],
  followUp: false,
  meaningful: 0,
  unknown: 0,
  since: false,
  until: false,
  compareVerb: false,
  overview: false,
})

/** One reading of a question: the items past the noise, those a rule has taken, and what is understood so far. */
type Reading = { seq: Item[]; used: Set<Item>; u: Understood; language: Language }

/** The grammar: what the items say about the measure, split, period, order and filters. */
export function understand(items: Item[], language: Language): Understood {
  const u = nothingUnderstood()
  // Noise is skipped when looking at neighbours, so "the last 3 months" reads as "last 3 months".
  const seq = items.filter((i) => !isConcept(i, 'noise'))
  const r: Reading = { seq, used: new Set<Item>(), u, language }
  u.followUp = seq.length > 0 && isConcept(seq[0], 'followUp')
  // A comparison (decision 083): the words before "jämfört med" name the first period, those after it the other
  // ("denna månad jämfört med förra"); after "jämför", the first "och" splits them ("jämför oktober och november").
  u.compareVerb = seq.some((i) => isConcept(i, 'compareVerb'))
  let split = seq.findIndex((i) => isConcept(i, 'compare') || isConcept(i, 'sameLastYear'))
  if (split < 0 && u.compareVerb) split = seq.findIndex((i, k) => k > 0 && isConcept(i, 'followUp'))
  // Periods first: the units they use are not time buckets.
  if (split >= 0) {
    const first: Reading = { ...r, seq: seq.slice(0, split) }
    readPeriods(first)
    const other = { ...nothingUnderstood(), compareVerb: u.compareVerb }
    const rest = seq.slice(isConcept(seq[split], 'sameLastYear') ? split : split + 1)
    readPeriods({ seq: rest, used: r.used, u: other, language })
    const sameLastYear = rest.some((i) => isConcept(i, 'sameLastYear'))
    for (const i of [seq[split]!, ...rest.filter((x) => isConcept(x, 'sameLastYear') || isConcept(x, 'previous'))]) r.used.add(i)
    u.compare = {
      period: other.period,
      monthRange: other.monthRange,
      weekRange: other.weekRange,
      since: false,
      until: false,
      holidayYearsBack: other.holidayYearsBack,
      sameLastYear,
      previousOnly: !other.period && !other.monthRange && !other.weekRange && rest.some((i) => isConcept(i, 'previous')),
    }
    u.meaningful++
  } else readPeriods(r)
  const hints = readNameHints(r)
  readMeasure(r)
  readWords(r, hints)
  if (u.period || u.monthRange) u.meaningful++
  readTopSize(r)
  return u
}

/** The period words of a reading: phrases, holidays, names, since and until. */
function readPeriods(r: Reading): void {
  readHolidays(r)
  readPeriodPhrases(r)
  readNamedPeriods(r)
  readSinceUntil(r)
}

/**
 * A holiday or season (decision 083): "midsommar", "påsken 2025", "julen förra året", "last Christmas", "juhannuksena".
 * A year after it is its year; "förra året" or "i fjol" beside it is last calendar year's.
 */
function readHolidays(r: Reading): void {
  const { seq, used, u } = r
  const at = seq.findIndex((i) => isConcept(i, 'holiday') && !used.has(i))
  if (at < 0) return
  const item = seq[at] as Item & { concept: { type: 'holiday'; holiday: BiHoliday } }
  used.add(item)
  const after = seq[at + 1]
  const before = seq[at - 1]
  if (after?.kind === 'year') {
    used.add(after)
    u.period = { kind: 'holiday', holiday: item.concept.holiday, year: after.year }
    return
  }
  u.period = { kind: 'holiday', holiday: item.concept.holiday }
  // "julen förra året", "juhannus viime vuonna", "i fjol": the one a year before the latest.
  for (const [a, b] of [
    [after, seq[at + 2]],
    [seq[at - 2], before],
  ] as const) {
    if (isConcept(a, 'lastYear')) {
      used.add(a)
      u.holidayYearsBack = 1
    } else if (isConcept(a, 'previous') && isConcept(b, 'unit') && b.concept.unit === 'year') {
      used.add(a).add(b)
      u.holidayYearsBack = 1
    }
  }
  // "förra julen", "last Christmas": the latest, as the word alone.
  if (isConcept(before, 'previous')) used.add(before)
}

/** Periods said in words: today, this or last week, the last 3 months, week 10 (to 12), quarter 3, Q2. */
function readPeriodPhrases(r: Reading): void {
  const { seq, used, u } = r
  const next = (i: number) => seq[i + 1]
  const prev = (i: number) => seq[i - 1]
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
      // Or a list of them, "veckorna 10, 11 och 12": the range from the first to the last. A later week written
      // smaller is in the next year ("vecka 50 till 2").
      let j = i + 2
      const joins = (x: Item | undefined) => isConcept(x, 'until') || (isConcept(x, 'followUp') && !r.u.compareVerb)
      const weekWord = (x: Item | undefined) => isConcept(x, 'unit') && x.concept.unit === 'week'
      let k = j
      for (;;) {
        let m = k
        if (joins(seq[m])) m++
        if (weekWord(seq[m])) m++
        const n = seq[m]
        if (!(isConcept(n, 'number') && n.concept.n >= 1 && n.concept.n <= 53)) break
        j = m
        k = m + 1
      }
      const end = j > i + 1 ? seq[j] : undefined
      const y = yearAt(end ? j + 1 : i + 2)
      const year = y?.kind === 'year' ? y.year : undefined
      if (isConcept(end, 'number') && end.concept.n !== n1.concept.n) {
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
}

/** Periods named: a month (or two, a range), dates, years. */
function readNamedPeriods(r: Reading): void {
  const { seq, used, u } = r
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
}

/** "Since" and "until" beside a period. */
function readSinceUntil(r: Reading): void {
  const { seq, used, u } = r
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
}

/** Dimension words beside a name of their kind: they name it ("team Lund") rather than split by it. */
function readNameHints(r: Reading): Set<Item> {
  const { seq } = r
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
  return hints
}

/** The measure asked for, and a status it names ("ånger", "regrets"). */
function readMeasure(r: Reading): void {
  const { seq, u } = r
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
}

/** The rest of the words: names as filters, statuses, the split, time, per-unit buckets, a top or bottom list. */
function readWords(r: Reading, hints: Set<Item>): void {
  const { seq, used, u, language } = r
  const next = (i: number) => seq[i + 1]
  const prev = (i: number) => seq[i - 1]
  const hasWhich = seq.some((i) => isConcept(i, 'which') || isConcept(i, 'who'))
  /** "5 säljare": a number right before a dimension, the size of a top list. */
  const countedDimension = seq.find((item, i) => isConcept(item, 'number') && isConcept(seq[i + 1], 'dimension')) as
    (Item & { concept: { type: 'number'; n: number } }) | undefined
  /** A dimension in the singular within two words of a superlative: the question asks for one item. */
  const singularNear = (i: number) => [seq[i + 1], seq[i + 2], seq[i - 1], seq[i - 2]].some((x) => isConcept(x, 'dimension') && singularWord(x.word, language))
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
      case 'overview':
        u.overview = true
        u.meaningful++
        return
      default:
        return
    }
  })
}

/** "5 säljare med flest order": the number before the dimension is the top's. */
function readTopSize(r: Reading): void {
  const { seq, used, u } = r
  const next = (i: number) => seq[i + 1]
  if (u.order && u.limit === undefined) {
    const n = seq.find((item, i) => isConcept(item, 'number') && !used.has(item) && isConcept(next(i), 'dimension'))
    if (n && isConcept(n, 'number')) u.limit = Math.max(1, Math.min(50, n.concept.n))
  }
}

/**
 * Whether a dimension's word is singular: English without a plural -s, Finnish without a plural -t, Swedish in the
 * definite singular ("säljaren", "teamet": the bare "säljare", "team" and "kontor" are plural too).
 */
export function singularWord(word: string, language: Language): boolean {
  if (language === 'en') return !word.endsWith('s') && !['people', 'salespeople'].includes(word)
  if (language === 'fi') return !word.endsWith('t')
  return /(en|et)$/.test(word) && !['teamen', 'kontoren', 'lagen'].includes(word)
}
