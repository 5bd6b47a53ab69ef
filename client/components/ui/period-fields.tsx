import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { z } from 'zod'
import { businessDay, periodPreset, type PeriodPreset } from '../../../shared/rules/work'
import { fieldErrorsOf, type FieldErrors } from '../../../shared/schemas/errors'

type Period = { from: string; to: string }

/**
 * The filter an address holds: its period (`fallback` where it names none, or names it empty) and the filters
 * `params` names (the filter's field → its name in the address), each absent when the address leaves it empty.
 */
export function periodFilterOf<F extends Period>(
  search: URLSearchParams,
  fallback: Period,
  params: Partial<Record<Exclude<keyof F, keyof Period>, string>>,
): F {
  const filter: Record<string, string | undefined> = { from: search.get('from') || fallback.from, to: search.get('to') || fallback.to }
  for (const [field, name] of Object.entries(params) as Array<[string, string]>) filter[field] = search.get(name) || undefined
  return filter as F
}

/**
 * A statistics screen's filter kept in the address, so a link or the back button brings the same figures: the
 * period (`fallback` of today unless chosen) and the filters `params` names (the filter's field → its name in the
 * address), checked with the server's own schema. `problems` says what is wrong with a period typed by hand, as the
 * server would: the screen asks nothing until it is right. Today is Stockholm's, fixed while the screen is open (a
 * period does not move under the reader at midnight). `key` is the filter as text, for the query's key.
 */
export function usePeriodFilter<F extends Period>(
  schema: z.ZodType,
  fallback: (today: string) => Period,
  params: Partial<Record<Exclude<keyof F, keyof Period>, string>>,
) {
  const { t } = useTranslation()
  const [search] = useSearchParams()
  const [today] = useState(() => businessDay(Date.now()))
  const filter = periodFilterOf<F>(search, fallback(today), params)
  const key = JSON.stringify(filter)
  const checked = useMemo(() => schema.safeParse(JSON.parse(key)), [schema, key])
  const problems = checked.success ? null : fieldErrorsOf(checked.error, t)
  return { filter: filter as F, key, problems, today, fields: { from: filter.from, to: filter.to, today, problems } }
}

/**
 * A statistics screen's period: a preset (or "custom", shown when the dates match none) and the two dates, each
 * with its problem under it. Used in a filter grid: it renders two cells. `usePeriodFilter`'s `fields` give the
 * dates, today and the problems.
 */
export function PeriodFields(props: {
  from: string
  to: string
  today: string
  presets: readonly PeriodPreset[]
  problems: FieldErrors | null
  onChange: (period: { from?: string; to?: string }) => void
  presetTestId?: string
}) {
  const { t } = useTranslation()
  const preset = props.presets.find((p) => {
    const period = periodPreset(p, props.today)
    return period.from === props.from && period.to === props.to
  })
  return (
    <>
      <Field.Root>
        <Field.Label fontSize="sm">{t('period.label')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={preset ?? 'custom'}
            onChange={(e) => {
              const value = e.currentTarget.value as PeriodPreset | 'custom'
              if (value !== 'custom') props.onChange(periodPreset(value, props.today))
            }}
            data-testid={props.presetTestId}
          >
            {props.presets.map((p) => (
              <option key={p} value={p}>
                {t(`period.preset.${p}`)}
              </option>
            ))}
            <option value="custom">{t('period.preset.custom')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <HStack gap="2" align="start">
        <Field.Root invalid={!!props.problems?.from}>
          <Field.Label fontSize="sm">{t('period.from')}</Field.Label>
          <Input size="sm" type="date" value={props.from} max={props.to} onChange={(e) => props.onChange({ from: e.currentTarget.value })} />
          <Field.ErrorText>{props.problems?.from?.[0]}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!props.problems?.to}>
          <Field.Label fontSize="sm">{t('period.to')}</Field.Label>
          <Input size="sm" type="date" value={props.to} min={props.from} onChange={(e) => props.onChange({ to: e.currentTarget.value })} />
          <Field.ErrorText>{props.problems?.to?.[0]}</Field.ErrorText>
        </Field.Root>
      </HStack>
    </>
  )
}
