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
