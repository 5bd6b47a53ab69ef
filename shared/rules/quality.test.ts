import { describe, expect, it } from 'vitest'
import type { Question, TemplateContent } from '../schemas/quality'
import { templateContentSchema } from '../schemas/quality'
import { answersSchemaFor, gradeOf, qualityContentProblems, samplingReason, shareDraw, starterContent, surveyNki, surveyScore } from './quality'

const text = (sv: string) => ({ sv, en: '', fi: '' })
const q = (id: string, kind: Question['kind'], weight: number, extra: Partial<Question> = {}): Question => ({
  id,
  kind,
  text: text(id),
  required: true,
  weight,
  nki: false,
  positive: 'yes',
  options: [],
  ...extra,
})
const choice = q('channel', 'choice', 2, {
  options: [
    { id: 'good', text: text('Bra'), score: 100 },
    { id: 'ok', text: text('Okej'), score: 50 },
    { id: 'bad', text: text('Dålig'), score: 0 },
  ],
})
const QUESTIONS: Question[] = [
  q('friendly', 'scale', 3, { nki: true }),
  q('understood', 'yesno', 4),
  q('pressured', 'yesno', 1, { positive: 'no' }),
  choice,
  q('comment', 'text', 0, { required: false }),
]
const GRADES = starterContent().grades

describe('a survey’s score: weighted, 0–100', () => {
  it.each([
    // friendly (w3) understood (w4) pressured (w1, good = no) channel (w2)
    [{ friendly: 5, understood: true, pressured: false, channel: 'good' }, 100, 'A'],
    [{ friendly: 1, understood: false, pressured: true, channel: 'bad' }, 0, 'D'],
    // 3×0.5 + 4×1 + 1×1 + 2×0.5 = 7.5 of 10
    [{ friendly: 3, understood: true, pressured: false, channel: 'ok' }, 75, 'B'],
    // 3×0.75 + 4×0 + 1×0 + 2×1 = 4.25 of 10
    [{ friendly: 4, understood: false, pressured: true, channel: 'good' }, 42.5, 'D'],
    // 3×1 + 4×1 + 1×0 + 2×0 = 7 of 10 → 70: exactly on B's line
    [{ friendly: 5, understood: true, pressured: true, channel: 'bad' }, 70, 'B'],
    // one decimal: 3×0.25 + 4×1 + 1×1 + 2×0.5 = 6.75 → 67.5
    [{ friendly: 2, understood: true, pressured: false, channel: 'ok' }, 67.5, 'C'],
  ])('%o → %d (%s)', (answers, score, grade) => {
    expect(surveyScore(QUESTIONS, answers)).toBe(score)
    expect(gradeOf(surveyScore(QUESTIONS, answers), GRADES)).toBe(grade)
  })

  it('an optional question left out weighs nothing; free text never counts', () => {
    const questions = [q('a', 'scale', 1), q('b', 'scale', 3, { required: false }), q('c', 'text', 0)]
    expect(surveyScore(questions, { a: 5, c: 'Mycket bra' })).toBe(100)
    expect(surveyScore(questions, { a: 5, b: 1 })).toBe(25)
  })

  it('no scored answer: no score and no grade', () => {
    expect(surveyScore([q('c', 'text', 0)], { c: 'Hej' })).toBeNull()
    expect(gradeOf(null, GRADES)).toBeNull()
  })

  it.each([
    [100, 'A'],
    [85, 'A'],
    [84.9, 'B'],
    [70, 'B'],
    [50, 'C'],
    [49.9, 'D'],
    [0, 'D'],
  ])('score %d is grade %s', (score, grade) => {
    expect(gradeOf(score, GRADES)).toBe(grade)
  })
})

describe('the satisfaction index (NKI)', () => {
  it.each([
    // only the marked scale question counts
    [QUESTIONS, { friendly: 5, understood: false }, 100],
    [QUESTIONS, { friendly: 3 }, 50],
    [QUESTIONS, { understood: true }, null],
    // none marked: every scale question, the mean
    [[q('a', 'scale', 1), q('b', 'scale', 1)], { a: 5, b: 2 }, 62.5],
    [[q('a', 'scale', 1), q('b', 'scale', 1)], { a: 4 }, 75],
    [[q('a', 'yesno', 1)], { a: true }, null],
  ] as const)('%#: %o → %s', (questions, answers, nki) => {
    expect(surveyNki(questions as Question[], answers)).toBe(nki)
  })
})

describe('the answers’ own schema', () => {
  const schema = answersSchemaFor(QUESTIONS)
  const issues = (answers: unknown) => {
    const result = schema.safeParse(answers)
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.') || '_', i.message]))
  }

  it('accepts a full answer and one without the optional question', () => {
    expect(issues({ friendly: 4, understood: true, pressured: false, channel: 'ok', comment: 'Trevlig' })).toEqual({})
    expect(issues({ friendly: 4, understood: true, pressured: false, channel: 'ok' })).toEqual({})
  })

  it.each([
    [{ understood: true, pressured: false, channel: 'ok' }, { friendly: 'quality.answer.required' }],
    [{ friendly: 6, understood: true, pressured: false, channel: 'ok' }, { friendly: 'quality.answer.scale' }],
    [{ friendly: 0, understood: true, pressured: false, channel: 'ok' }, { friendly: 'quality.answer.scale' }],
    [{ friendly: 2.5, understood: true, pressured: false, channel: 'ok' }, { friendly: 'quality.answer.scale' }],
    [{ friendly: 3, understood: 'ja', pressured: false, channel: 'ok' }, { understood: 'quality.answer.yesno' }],
    [{ friendly: 3, understood: true, pressured: false, channel: 'great' }, { channel: 'quality.answer.choice' }],
    [{ friendly: 3, understood: true, pressured: false, channel: 'ok', comment: 'x'.repeat(2001) }, { comment: 'quality.answer.textTooLong' }],
    [{ friendly: 3, understood: true, pressured: false, channel: 'ok', extra: 1 }, { _: 'quality.answer.unknownQuestion' }],
  ])('%o is refused: %o', (answers, expected) => {
    expect(issues(answers)).toEqual(expected)
  })

  it('a required free-text question needs more than blanks', () => {
    expect(answersSchemaFor([q('why', 'text', 0)]).safeParse({ why: '   ' }).success).toBe(false)
    expect(answersSchemaFor([q('why', 'text', 0)]).safeParse({ why: 'För dyrt' }).success).toBe(true)
  })
})

describe('a template’s content', () => {
  const content = (change: (c: TemplateContent) => void) => {
    const c = structuredClone(starterContent())
    change(c)
    return qualityContentProblems(templateContentSchema.parse(c))
  }

  it('the starter is consistent', () => {
    expect(content(() => {})).toEqual({})
  })

  it.each<[string, (c: TemplateContent) => void, Record<string, string>]>([
    ['two questions with one id', (c) => (c.questions[1]!.id = c.questions[0]!.id), { 'questions.1.id': 'quality.problem.duplicateQuestion' }],
    ['a weighted free text', (c) => (c.questions[3]!.weight = 2), { 'questions.3.weight': 'quality.problem.textNotScored' }],
    ['a choice of one', (c) => c.questions.push({ ...choice, options: choice.options.slice(0, 1) }), { 'questions.4.options': 'quality.problem.twoOptions' }],
    ['nothing scored', (c) => c.questions.forEach((x) => (x.weight = 0)), { questions: 'quality.problem.nothingScored' }],
    ['grades not falling', (c) => (c.grades[2]!.min = 70), { 'grades.2.min': 'quality.problem.gradesFalling' }],
    ['a grade twice', (c) => (c.grades[1]!.grade = 'A'), { 'grades.1.grade': 'quality.problem.duplicateGrade' }],
    ['no grade for 0', (c) => (c.grades[3]!.min = 10), { 'grades.3.min': 'quality.problem.lowestGradeZero' }],
  ])('%s', (_, change, problems) => {
    expect(content(change)).toEqual(problems)
  })
})

describe('which sales are called', () => {
  const rule = { newSellerDays: 30, sharePercent: 0, maxAttempts: 3 }

  it.each([
    ['2026-11-20', '2026-11-01', 'new_seller'],
    ['2026-11-20', '2026-10-21', 'new_seller'],
    ['2026-11-20', '2026-10-20', null],
    // employed after the sale (a date typed wrong): not new
    ['2026-11-20', '2026-11-25', null],
    ['2026-11-20', null, null],
  ] as const)('sold %s, employed %s → %s', (sellDate, employed, reason) => {
    expect(samplingReason(rule, { saleId: 'sale-1', sellDate }, employed)).toBe(reason)
  })

  it('the share is drawn from the sale’s id: stable, and about the share asked for', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `sale-${i}-${(i * 7919) % 1000}`)
    const sampled = ids.filter((id) => samplingReason({ ...rule, sharePercent: 20 }, { saleId: id, sellDate: '2026-11-20' }, null) === 'sample')
    expect(sampled.length).toBeGreaterThan(1800)
    expect(sampled.length).toBeLessThan(2200)
    expect(ids.map(shareDraw)).toEqual(ids.map(shareDraw))
    expect(ids.filter((id) => samplingReason({ ...rule, sharePercent: 100 }, { saleId: id, sellDate: '2026-11-20' }, null) === 'sample')).toHaveLength(10_000)
    expect(ids.filter((id) => samplingReason({ ...rule, sharePercent: 0 }, { saleId: id, sellDate: '2026-11-20' }, null))).toHaveLength(0)
  })
})
