import { afterAll, describe, expect, it } from 'vitest'
import { biQuerySchema, type BiQuery } from '../../../shared/schemas/assistant'
import { FIXTURE, FIXTURE_TODAY, FIXTURE_VOCABULARY } from './fixture'
import { parseQuestion, tokenize, type ParseContext } from './parser'

const ctx: ParseContext = { today: FIXTURE_TODAY, vocabulary: FIXTURE_VOCABULARY }
const parse = (text: string, previous?: BiQuery) => parseQuestion(text, { ...ctx, previous })

describe('the fixture: 150 questions as staff ask them', () => {
  const scores: Record<string, { right: number; total: number; wrong: string[] }> = {}
  afterAll(() => {
    // The figure per language, printed for the closing note and docs/benchmarks.md.
    for (const [language, s] of Object.entries(scores))
      console.log(
        `assistant fixture ${language}: ${s.right}/${s.total} (${((100 * s.right) / s.total).toFixed(1)} %)${s.wrong.length ? `; missed: ${s.wrong.join(' | ')}` : ''}`,
      )
  })

  for (const language of ['sv', 'en', 'fi'] as const) {
    it(`answers at least 95 % of the ${language} questions exactly, and every answer passes the schema`, () => {
      const cases = FIXTURE.filter((c) => c.language === language)
      expect(cases.length).toBeGreaterThanOrEqual(50)
      const s = (scores[language] = { right: 0, total: cases.length, wrong: [] as string[] })
      for (const c of cases) {
        const result = parse(c.question)
        if (result.kind === 'query') expect(biQuerySchema.safeParse(result.query).success).toBe(true)
        const expected = biQuerySchema.parse(c.expected)
        if (result.kind === 'query' && JSON.stringify(sorted(result.query)) === JSON.stringify(sorted(expected))) s.right++
        else s.wrong.push(`${c.question} → ${result.kind === 'query' ? JSON.stringify(result.query) : result.kind}`)
      }
      expect(s.right / s.total).toBeGreaterThanOrEqual(0.95)
    })
  }
})

/** Keys in order, filter lists sorted: two equal queries print the same. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sorted(v)]),
    )
  return value
}

describe('follow-ups change one part of the last question', () => {
  const first = () => {
    const r = parse('ordervärde per team förra månaden')
    if (r.kind !== 'query') throw new Error('expected a query')
    return r.query
  }
  it('"och per vecka?" splits the same figures by week', () => {
    const r = parse('och per vecka?', first())
    expect(r).toMatchObject({
      kind: 'query',
      query: { measure: 'orderValue', groupBy: ['time', 'team'], granularity: 'week', period: { kind: 'relative', unit: 'month', offset: -1 } },
    })
  })
  it('"only team Lund" narrows to the team and keeps the rest', () => {
    const r = parse('only team Lund', first())
    expect(r).toMatchObject({ kind: 'query', query: { measure: 'orderValue', groupBy: ['team'], filters: { team: ['team-lund'] } } })
  })
  it('"entä viime vuonna?" moves the period', () => {
    const r = parse('entä viime vuonna?', first())
    expect(r).toMatchObject({ kind: 'query', query: { measure: 'orderValue', period: { kind: 'relative', unit: 'year', offset: -1 } } })
  })
  it('"och antal order istället" changes the measure only', () => {
    const r = parse('och antal order istället', first())
    expect(r).toMatchObject({ kind: 'query', query: { measure: 'orders', groupBy: ['team'], period: { kind: 'relative', unit: 'month', offset: -1 } } })
  })
  it('a whole new question does not inherit', () => {
    const r = parse('timmar per kontor i år', first())
    expect(r).toMatchObject({ kind: 'query', query: { measure: 'hours', groupBy: ['office'], filters: {} } })
  })
})

describe('asking back and refusing', () => {
  it('asks for the measure when none is named, keeping what it understood', () => {
    const r = parse('per team förra månaden')
    expect(r.kind).toBe('clarify')
    if (r.kind !== 'clarify' || r.reason !== 'measure') throw new Error('expected a measure question')
    expect(r.partial).toMatchObject({ groupBy: ['team'], period: { kind: 'relative', unit: 'month', offset: -1 } })
    expect(r.measures).toContain('orderValue')
  })
  it('offers only the measures that can be split by products', () => {
    const r = parse('per produkt i år')
    if (r.kind !== 'clarify' || r.reason !== 'measure') throw new Error('expected a measure question')
    expect(r.measures).toEqual(['orderValue', 'orders', 'quantity', 'regretRate'])
  })
  it('asks which one when a name fits several of what the user may see', () => {
    const r = parseQuestion('ordervärde för Anna i år', {
      ...ctx,
      vocabulary: [...FIXTURE_VOCABULARY, { kind: 'seller', id: 's-anna2', name: 'Anna Berg' }],
    })
    expect(r).toMatchObject({ kind: 'clarify', reason: 'entity', measure: 'orderValue' })
    if (r.kind === 'clarify' && r.reason === 'entity') expect(r.candidates.map((c) => c.id).sort()).toEqual(['s-anna', 's-anna2'])
  })
  it('never matches a name the user may not see', () => {
    const r = parseQuestion('ordervärde för Anna Svensson i år', { ...ctx, vocabulary: FIXTURE_VOCABULARY.filter((v) => v.id !== 's-anna') })
    expect(r.kind === 'query' ? r.query.filters.seller : undefined).toBeUndefined()
  })
  it.each([
    'vad är klockan?',
    'tell me a joke about cats',
    'SELECT * FROM users; DROP TABLE sales',
    "ordervärde'; drop table sale_reports; --",
    'x'.repeat(600),
    '',
    '🙂🙂🙂',
    'lorem ipsum dolor sit amet',
  ])('"%s" is not a question about the data', (text) => {
    const r = parse(text)
    expect(r.kind).toBe('invalid')
  })
})

describe('words', () => {
  it('keeps å, ä and ö, drops other marks, splits v12 and q3', () => {
    expect(tokenize('Ordervärde v12 Q3, café')).toEqual(['ordervärde', 'v', '12', 'q', '3', 'cafe'])
  })
})

/** Issue 41: ranges of weeks, "since" and "until", and the single top item, in each language (today 2026-11-26). */
describe('periods with two ends, and superlatives', () => {
  const weeks10to12 = { kind: 'range', from: '2026-03-02', to: '2026-03-22' }
  const sinceMarch = { kind: 'range', from: '2026-03-01', to: '2026-11-26' }
  const untilMarch = { kind: 'range', from: '2026-01-01', to: '2026-03-31' }
  it.each([
    ['ordervärde vecka 10 till 12', weeks10to12],
    ['antal order v10-12', weeks10to12],
    ['ordervärde veckorna 10–12', weeks10to12],
    ['order value weeks 10 to 12', weeks10to12],
    ['orders in weeks 10-12', weeks10to12],
    ['tilausarvo viikot 10–12', weeks10to12],
    ['tilausarvo viikosta 10 viikkoon 12', weeks10to12],
    ['ordervärde sedan mars', sinceMarch],
    ['antal order från och med mars', sinceMarch],
    ['orders since March', sinceMarch],
    ['order value from March', sinceMarch],
    ['tilausarvo maaliskuusta lähtien', sinceMarch],
    ['ordervärde fram till mars', untilMarch],
    ['order value until March', untilMarch],
    ['tilausarvo maaliskuuhun asti', untilMarch],
    ['ordervärde från januari till mars', { kind: 'range', from: '2026-01-01', to: '2026-03-31' }],
    ['timmar 2026-01-14 till 2026-01-16', { kind: 'range', from: '2026-01-14', to: '2026-01-16' }],
  ])('"%s" is the period %j', (text, period) => {
    const r = parse(text)
    expect(r.kind).toBe('query')
    if (r.kind === 'query') expect(r.query.period).toEqual(period)
  })

  it.each([
    ['vilka 5 säljare hade högst ordervärde i oktober', 5],
    ['which 3 sellers had the highest order value in October', 3],
    ['mitkä 4 myyjää myivät eniten lokakuussa', 4],
    ['vilken säljare hade högst ordervärde i oktober', 1],
    ['bästa säljaren i oktober', 1],
    ['who was the best seller in October', 1],
    ['the top seller in October', 1],
    ['paras myyjä lokakuussa', 1],
    ['vilket team sålde minst i oktober', 1],
    ['topp 5 säljare i oktober', 5],
    ['top sellers in October', 10],
  ])('"%s" ranks and keeps the top %i', (text, limit) => {
    const r = parse(text)
    expect(r).toMatchObject({ kind: 'query', query: { limit, period: { kind: 'month', month: 10 } } })
    if (r.kind === 'query') expect(r.query.groupBy.length).toBe(1)
  })

  it('the best ones in the plural are a ranked list, not one', () => {
    for (const text of ['bästa säljarna i oktober', 'the best sellers in October', 'parhaat myyjät lokakuussa']) {
      const r = parse(text)
      expect(r.kind, text).toBe('query')
      if (r.kind === 'query') expect(r.query.limit === undefined || r.query.limit > 1, text).toBe(true)
    }
  })
})

describe('a complete question after another starts from scratch', () => {
  const query = (text: string, previous?: BiQuery) => {
    const r = parse(text, previous)
    if (r.kind !== 'query') throw new Error(`expected a query for ${text}`)
    return r.query
  }
  it('"top 5 sellers last month" after a question about hours ranks by order value', () => {
    const hours = query('timmar per säljare förra månaden')
    expect(query('top 5 sellers last month', hours)).toMatchObject({ measure: 'orderValue', limit: 5, order: 'desc', groupBy: ['seller'] })
  })
  it('a new question after a follow-up does not keep the follow-up’s split or period', () => {
    const first = query('ordervärde per team förra månaden')
    const followUp = query('och per vecka?', first)
    expect(followUp.granularity).toBe('week')
    const fresh = query('antal order per kontor i år', followUp)
    expect(fresh).toMatchObject({ measure: 'orders', groupBy: ['office'], period: { kind: 'relative', unit: 'year', offset: 0 } })
    expect(fresh.granularity).toBeUndefined()
  })
  it('a weekly question in Finnish after a monthly one is weekly', () => {
    const monthly = query('ordervärde per månad i år')
    expect(query('tilausarvo viikoittain tänä vuonna', monthly)).toMatchObject({ measure: 'orderValue', granularity: 'week', groupBy: ['time'] })
  })
  it('a fragment is still a follow-up: "förra månaden?" moves the period, "per team" splits', () => {
    const first = query('ordervärde per säljare i år')
    expect(query('förra månaden?', first)).toMatchObject({
      measure: 'orderValue',
      groupBy: ['seller'],
      period: { kind: 'relative', unit: 'month', offset: -1 },
    })
    expect(query('per team', first)).toMatchObject({ measure: 'orderValue', groupBy: ['team'] })
  })
})

/**
 * Questions a sales manager asks that the first fixture did not hold (issue 70, decision 083): two periods side by
 * side, periods named after holidays and seasons, the open "how are we doing?", and several weeks at once — each kind
 * in Swedish, English and Finnish. Seen from the fixture's today, Thursday 26 November 2026 (week 48).
 */
describe('comparisons, holidays, the open question and several weeks, in three languages', () => {
  const thisMonth = { kind: 'relative', unit: 'month', offset: 0 } as const
  const lastMonth = { kind: 'relative', unit: 'month', offset: -1 } as const
  const week10 = { kind: 'week', week: 10 } as const
  const week10LastYear = { kind: 'week', week: 10, year: 2025 } as const
  const weeks10to12 = { kind: 'range', from: '2026-03-02', to: '2026-03-22' } as const
  it.each<[string, Record<string, unknown>]>([
    // two periods side by side: the second is kept, not lost
    ['ordervärde den här månaden jämfört med förra månaden', { measure: 'orderValue', period: thisMonth, compare: lastMonth }],
    ['ordervärde denna månad mot förra', { measure: 'orderValue', period: thisMonth, compare: lastMonth }],
    ['antal order vecka 10 jämfört med samma vecka förra året', { measure: 'orders', period: week10, compare: week10LastYear }],
    ['jämför ordervärdet i oktober och november', { measure: 'orderValue', period: { kind: 'month', month: 10 }, compare: { kind: 'month', month: 11 } }],
    [
      'ordervärde per team i år jämfört med förra året',
      {
        measure: 'orderValue',
        groupBy: ['team'],
        period: { kind: 'relative', unit: 'year', offset: 0 },
        compare: { kind: 'relative', unit: 'year', offset: -1 },
      },
    ],
    ['ordervärde den här månaden jämfört med förra året', { measure: 'orderValue', period: thisMonth, compare: { kind: 'month', month: 11, year: 2025 } }],
    ['order value this month vs last month', { measure: 'orderValue', period: thisMonth, compare: lastMonth }],
    ['orders in week 10 compared with the same week last year', { measure: 'orders', period: week10, compare: week10LastYear }],
    [
      'compare order value in October and November per team',
      { measure: 'orderValue', groupBy: ['team'], period: { kind: 'month', month: 10 }, compare: { kind: 'month', month: 11 } },
    ],
    ['tilausarvo tässä kuussa verrattuna viime kuuhun', { measure: 'orderValue', period: thisMonth, compare: lastMonth }],
    ['tilaukset viikolla 10 verrattuna samaan viikkoon viime vuonna', { measure: 'orders', period: week10, compare: week10LastYear }],
    // holidays and seasons: never silently "this month"
    ['ordervärde under midsommar', { measure: 'orderValue', period: { kind: 'holiday', holiday: 'midsummer' } }],
    ['antal order över jul', { measure: 'orders', period: { kind: 'holiday', holiday: 'christmas' } }],
    ['ordervärde julen förra året', { measure: 'orderValue', period: { kind: 'holiday', holiday: 'christmas', year: 2025 } }],
    ['ordervärde under sportlovet', { measure: 'orderValue', period: { kind: 'holiday', holiday: 'sportsBreak' } }],
    [
      'antal order i påsk jämfört med påsken 2025',
      { measure: 'orders', period: { kind: 'holiday', holiday: 'easter' }, compare: { kind: 'holiday', holiday: 'easter', year: 2025 } },
    ],
    ['order value over Easter 2025', { measure: 'orderValue', period: { kind: 'holiday', holiday: 'easter', year: 2025 } }],
    ['orders at Christmas', { measure: 'orders', period: { kind: 'holiday', holiday: 'christmas' } }],
    ['myynnin arvo juhannuksena', { measure: 'orderValue', period: { kind: 'holiday', holiday: 'midsummer' } }],
    ['tilaukset joulun aikaan', { measure: 'orders', period: { kind: 'holiday', holiday: 'christmas' } }],
    ['tilausarvo hiihtolomalla', { measure: 'orderValue', period: { kind: 'holiday', holiday: 'sportsBreak' } }],
    // the open question: a summary of the main measures
    ['hur går det?', { measure: 'orderValue', period: thisMonth, overview: true, groupBy: [] }],
    ['hur går det den här veckan?', { measure: 'orderValue', period: { kind: 'relative', unit: 'week', offset: 0 }, overview: true }],
    ['how are we doing?', { measure: 'orderValue', period: thisMonth, overview: true }],
    ['how did we do last month?', { measure: 'orderValue', period: lastMonth, overview: true }],
    ['miten menee?', { measure: 'orderValue', period: thisMonth, overview: true }],
    ['miten meillä menee tällä viikolla?', { measure: 'orderValue', period: { kind: 'relative', unit: 'week', offset: 0 }, overview: true }],
    // several weeks: the whole range, not the last week
    ['ordervärde veckorna 10, 11 och 12', { measure: 'orderValue', period: weeks10to12 }],
    ['ordervärde mellan vecka 10 och vecka 12', { measure: 'orderValue', period: weeks10to12 }],
    ['ordervärde vecka 50 till vecka 2', { measure: 'orderValue', period: { kind: 'range', from: '2025-12-08', to: '2026-01-11' } }],
    ['orders in weeks 10, 11 and 12', { measure: 'orders', period: weeks10to12 }],
    ['order value from week 10 to week 12', { measure: 'orderValue', period: weeks10to12 }],
    ['tilausarvo viikoilla 10–12', { measure: 'orderValue', period: weeks10to12 }],
    ['tilaukset viikoilla 10, 11 ja 12', { measure: 'orders', period: weeks10to12 }],
  ])('%s', (question, expected) => {
    const r = parse(question)
    expect(r.kind, JSON.stringify(r)).toBe('query')
    if (r.kind !== 'query') return
    expect(biQuerySchema.safeParse(r.query).success).toBe(true)
    expect(r.query).toMatchObject(expected)
    if (!('compare' in expected)) expect(r.query.compare).toBeUndefined()
    if (!('overview' in expected)) expect(r.query.overview).toBeUndefined()
  })

  it('a comparison is not split by time, and a follow-up naming one period drops the other', () => {
    const r = parse('ordervärde per vecka den här månaden jämfört med förra månaden')
    expect(r).toMatchObject({ kind: 'query', query: { groupBy: [], compare: lastMonth } })
    if (r.kind !== 'query') return
    expect(r.query.granularity).toBeUndefined()
    const next = parse('och förra veckan?', r.query)
    expect(next).toMatchObject({ kind: 'query', query: { period: { kind: 'relative', unit: 'week', offset: -1 } } })
    if (next.kind === 'query') expect(next.query.compare).toBeUndefined()
    // Split by week after a comparison: the weeks of the first period, the other dropped.
    const weekly = parse('och per vecka?', r.query)
    expect(weekly).toMatchObject({ kind: 'query', query: { groupBy: ['time'], granularity: 'week', period: thisMonth } })
    if (weekly.kind === 'query') expect(weekly.query.compare).toBeUndefined()
  })
})
