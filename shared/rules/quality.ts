import { z } from 'zod'
import type { GradeThreshold, Question, Sampling, SurveyReason, TemplateContent } from '../schemas/quality'
import { TEXT_ANSWER_MAX } from '../schemas/quality'

/**
 * The rules of sale quality (docs/decisions/045), run by the template editor, the survey form, the public answer page
 * and the server alike: a template's consistency, the answers' own schema, the weighted score, the grade, the
 * satisfaction index (NKI) and which sales are called. Table test: quality.test.ts.
 */

export type Answers = Record<string, number | boolean | string>

/** What is wrong with a version's content, as field paths to message keys (empty when it is consistent). */
export function qualityContentProblems(content: TemplateContent): Record<string, string> {
  const problems: Record<string, string> = {}
  const ids = new Set<string>()
  content.questions.forEach((q, i) => {
    if (ids.has(q.id)) problems[`questions.${i}.id`] = 'quality.problem.duplicateQuestion'
    ids.add(q.id)
    if (q.kind === 'text' && q.weight !== 0) problems[`questions.${i}.weight`] = 'quality.problem.textNotScored'
    if (q.kind === 'choice') {
      if (q.options.length < 2) problems[`questions.${i}.options`] = 'quality.problem.twoOptions'
      const optionIds = new Set(q.options.map((o) => o.id))
      if (optionIds.size !== q.options.length) problems[`questions.${i}.options`] = 'quality.problem.duplicateOption'
    }
  })
  if (!content.questions.some((q) => q.kind !== 'text' && q.weight > 0)) problems['questions'] = 'quality.problem.nothingScored'
  const names = new Set<string>()
  content.grades.forEach((g, i) => {
    if (names.has(g.grade)) problems[`grades.${i}.grade`] = 'quality.problem.duplicateGrade'
    names.add(g.grade)
    if (i > 0 && g.min >= content.grades[i - 1]!.min) problems[`grades.${i}.min`] = 'quality.problem.gradesFalling'
  })
  if (content.grades.length && content.grades[content.grades.length - 1]!.min !== 0) {
    problems[`grades.${content.grades.length - 1}.min`] = 'quality.problem.lowestGradeZero'
  }
  return problems
}

/**
 * The schema of one version's answers: every key a question of it, each value of its question's kind and range,
 * every required question answered. Messages are translation keys (the caller translates them).
 */
export function answersSchemaFor(questions: readonly Question[]) {
  // A missing answer reads "required" whatever the question's kind.
  const e = (key: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? 'quality.answer.required' : key) })
  const shape: Record<string, z.ZodType> = {}
  for (const q of questions) {
    let value: z.ZodType
    switch (q.kind) {
      case 'scale':
        value = z.number(e('quality.answer.scale')).int(e('quality.answer.scale')).min(1, e('quality.answer.scale')).max(5, e('quality.answer.scale'))
        break
      case 'yesno':
        value = z.boolean(e('quality.answer.yesno'))
        break
      case 'choice':
        value = z.enum(q.options.map((o) => o.id) as [string, ...string[]], e('quality.answer.choice'))
        break
      case 'text':
        value = z.string(e('quality.answer.text')).trim().max(TEXT_ANSWER_MAX, { error: 'quality.answer.textTooLong' })
        if (q.required) value = (value as z.ZodString).min(1, { error: 'quality.answer.required' })
        break
    }
    shape[q.id] = q.required ? value : value.optional()
  }
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? 'quality.answer.unknownQuestion' : 'quality.answer.required') })
}

/** One answered question's score, 0–1; null when it is not scored (free text, weight 0) or not answered. */
function questionScore(q: Question, answer: number | boolean | string | undefined): number | null {
  if (answer === undefined || q.weight === 0) return null
  switch (q.kind) {
    case 'scale':
      return typeof answer === 'number' ? (answer - 1) / 4 : null
    case 'yesno':
      return typeof answer === 'boolean' ? (answer === (q.positive === 'yes') ? 1 : 0) : null
    case 'choice': {
      const option = q.options.find((o) => o.id === answer)
      return option ? option.score / 100 : null
    }
    case 'text':
      return null
  }
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10

/** The weighted score 0–100 (one decimal) over the scored questions answered; null when none was. */
export function surveyScore(questions: readonly Question[], answers: Answers): number | null {
  let weighted = 0
  let weights = 0
  for (const q of questions) {
    const score = questionScore(q, answers[q.id])
    if (score === null) continue
    weighted += q.weight * score
    weights += q.weight
  }
  return weights === 0 ? null : oneDecimal((weighted / weights) * 100)
}

/** The grade a score reaches: the first threshold from the top whose minimum it reaches. */
export function gradeOf(score: number | null, grades: readonly GradeThreshold[]): string | null {
  if (score === null) return null
  return grades.find((g) => score >= g.min)?.grade ?? null
}

/**
 * The satisfaction index 0–100 of one survey: the mean of its answered scale questions marked NKI (all its scale
 * questions when none is marked), each (answer − 1) / 4 × 100; null when none was answered.
 */
export function surveyNki(questions: readonly Question[], answers: Answers): number | null {
  const scales = questions.filter((q) => q.kind === 'scale')
  const marked = scales.filter((q) => q.nki)
  const values = (marked.length ? marked : scales).map((q) => answers[q.id]).filter((a): a is number => typeof a === 'number')
  if (values.length === 0) return null
  return oneDecimal((values.reduce((sum, v) => sum + (v - 1) / 4, 0) / values.length) * 100)
}

/** A sale's stable draw 0–99 from its id (FNV-1a): the same sale is always in or out of a share. */
export function shareDraw(saleId: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < saleId.length; i++) {
    hash ^= saleId.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash % 100
}

const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000

/**
 * Why a sale is called, or null when it is not: every sale of a seller whose employment began at most
 * `newSellerDays` before it (a seller without an employment date is not new), otherwise the share.
 */
export function samplingReason(rule: Sampling, sale: { saleId: string; sellDate: string }, employmentDate: string | null): SurveyReason | null {
  if (employmentDate) {
    const days = dayNumber(sale.sellDate) - dayNumber(employmentDate)
    if (days >= 0 && days <= rule.newSellerDays) return 'new_seller'
  }
  return shareDraw(sale.saleId) < rule.sharePercent ? 'sample' : null
}

/** A template's text in a language: Swedish when that language's is empty. */
export function textIn(text: { sv: string; en: string; fi: string }, language: 'sv' | 'en' | 'fi'): string {
  return text[language] || text.sv
}

/** A starting point for a new template: the questions most organisations ask after a door-to-door sale. */
export function starterContent(): TemplateContent {
  const t = (sv: string, en: string, fi: string) => ({ sv, en, fi })
  return {
    questions: [
      {
        id: 'satisfied',
        kind: 'scale',
        text: t(
          'Hur nöjd är du med säljarens bemötande?',
          'How satisfied are you with how the seller treated you?',
          'Kuinka tyytyväinen olet myyjän palveluun?',
        ),
        required: true,
        weight: 3,
        nki: true,
        positive: 'yes',
        options: [],
      },
      {
        id: 'understood',
        kind: 'yesno',
        text: t(
          'Förstod du vad du har köpt och vad det kostar?',
          'Did you understand what you bought and what it costs?',
          'Ymmärsitkö, mitä ostit ja mitä se maksaa?',
        ),
        required: true,
        weight: 4,
        nki: false,
        positive: 'yes',
        options: [],
      },
      {
        id: 'recommend',
        kind: 'scale',
        text: t('Skulle du rekommendera oss till en vän?', 'Would you recommend us to a friend?', 'Suosittelisitko meitä ystävällesi?'),
        required: true,
        weight: 2,
        nki: true,
        positive: 'yes',
        options: [],
      },
      {
        id: 'comment',
        kind: 'text',
        text: t('Något du vill tillägga?', 'Anything you would like to add?', 'Haluatko lisätä jotain?'),
        required: false,
        weight: 0,
        nki: false,
        positive: 'yes',
        options: [],
      },
    ],
    grades: [
      { grade: 'A', min: 85 },
      { grade: 'B', min: 70 },
      { grade: 'C', min: 50 },
      { grade: 'D', min: 0 },
    ],
    sampling: { newSellerDays: 30, sharePercent: 20, maxAttempts: 3 },
  }
}
