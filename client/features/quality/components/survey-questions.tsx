import { Field, HStack, RadioGroup, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { answersSchemaFor, textIn, type Answers } from '../../../../shared/rules/quality'
import type { Question } from '../../../../shared/schemas/quality'
import { serverFieldErrors } from '../../../lib/api-client'

type Lang = 'sv' | 'en' | 'fi'

/** A survey form's answers and their problems: the controller's form and the customer's page share it. */
export function useSurveyAnswers(questions: readonly Question[]) {
  const { t } = useTranslation()
  const [answers, setAnswers] = useState<Answers>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  return {
    errors,
    setErrors,
    /** The answers as the version's own schema reads them; null, with each problem under its question, when wrong. */
    checked(): Answers | null {
      const parsed = answersSchemaFor(questions).safeParse(answers)
      if (!parsed.success) {
        setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || '_', t(i.message)])))
        return null
      }
      setErrors({})
      return parsed.data as Answers
    },
    /** The server's field errors (`answers.<question>`) under their questions; false when it named none. */
    showServerErrors(err: unknown): boolean {
      const fieldErrors = serverFieldErrors(err)
      if (!fieldErrors) return false
      setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k.replace(/^answers\.?/, '') || '_', v[0]!])))
      return true
    },
    /** A question's answer and problem for its input; answering clears the problem. */
    inputProps(q: Question): Pick<Parameters<typeof QuestionInput>[0], 'value' | 'error' | 'onChange'> {
      return {
        value: answers[q.id],
        error: errors[q.id],
        onChange: (v) => {
          setAnswers((a) => {
            const next = { ...a }
            if (v === undefined) delete next[q.id]
            else next[q.id] = v
            return next
          })
          setErrors((e) => {
            const next = { ...e }
            delete next[q.id]
            return next
          })
        },
      }
    },
  }
}

export function QuestionInput(props: {
  n: number
  question: Question
  lang: Lang
  value: number | boolean | string | undefined
  error: string | undefined
  onChange: (v: number | boolean | string | undefined) => void
}) {
  const { t } = useTranslation()
  const q = props.question
  const label = `${props.n}. ${textIn(q.text, props.lang)}`
  const radio = (choices: Array<{ value: string; label: string }>, current: string | undefined, pick: (v: string) => void) => (
    <RadioGroup.Root value={current ?? null} onValueChange={(e) => e.value !== null && pick(e.value)} colorPalette="brand" aria-label={label}>
      <HStack gap="4" flexWrap="wrap">
        {choices.map((c) => (
          <RadioGroup.Item key={c.value} value={c.value}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{c.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  )
  return (
    <Field.Root invalid={!!props.error} required={q.required} data-testid="survey-question">
      <Field.Label>
        {label}
        {q.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {q.kind === 'scale' ? (
        radio(
          [1, 2, 3, 4, 5].map((v) => ({ value: String(v), label: String(v) })),
          typeof props.value === 'number' ? String(props.value) : undefined,
          (v) => props.onChange(Number(v)),
        )
      ) : q.kind === 'yesno' ? (
        radio(
          [
            { value: 'yes', label: t('quality.surveys.yes') },
            { value: 'no', label: t('quality.surveys.no') },
          ],
          props.value === true ? 'yes' : props.value === false ? 'no' : undefined,
          (v) => props.onChange(v === 'yes'),
        )
      ) : q.kind === 'choice' ? (
        radio(
          q.options.map((o) => ({ value: o.id, label: textIn(o.text, props.lang) })),
          typeof props.value === 'string' ? props.value : undefined,
          (v) => props.onChange(v),
        )
      ) : (
        <Textarea
          rows={2}
          maxLength={2000}
          value={typeof props.value === 'string' ? props.value : ''}
          onChange={(e) => props.onChange(e.currentTarget.value || undefined)}
        />
      )}
      {props.error ? <Field.ErrorText>{props.error}</Field.ErrorText> : null}
    </Field.Root>
  )
}
