import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react'
import { periodPreset, type PeriodPreset } from '../../../shared/rules/work'
import type { FieldErrors } from '../../../shared/schemas/errors'

/**
 * A statistics screen's period: a preset (or "custom", shown when the dates match none) and the two dates, each
 * with its problem under it. Used in a filter grid: it renders two cells. The labels are the screen's own (each area
 * names them in its namespace).
 */
export function PeriodFields(props: {
  from: string
  to: string
  today: string
  presets: readonly PeriodPreset[]
  problems: FieldErrors | null
  onChange: (period: { from?: string; to?: string }) => void
  labels: { period: string; from: string; to: string; preset: (preset: PeriodPreset | 'custom') => string }
  presetTestId?: string
}) {
  const preset = props.presets.find((p) => {
    const period = periodPreset(p, props.today)
    return period.from === props.from && period.to === props.to
  })
  return (
    <>
      <Field.Root>
        <Field.Label fontSize="sm">{props.labels.period}</Field.Label>
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
                {props.labels.preset(p)}
              </option>
            ))}
            <option value="custom">{props.labels.preset('custom')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <HStack gap="2" align="start">
        <Field.Root invalid={!!props.problems?.from}>
          <Field.Label fontSize="sm">{props.labels.from}</Field.Label>
          <Input size="sm" type="date" value={props.from} max={props.to} onChange={(e) => props.onChange({ from: e.currentTarget.value })} />
          <Field.ErrorText>{props.problems?.from?.[0]}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!props.problems?.to}>
          <Field.Label fontSize="sm">{props.labels.to}</Field.Label>
          <Input size="sm" type="date" value={props.to} min={props.from} onChange={(e) => props.onChange({ to: e.currentTarget.value })} />
          <Field.ErrorText>{props.problems?.to?.[0]}</Field.ErrorText>
        </Field.Root>
      </HStack>
    </>
  )
}
