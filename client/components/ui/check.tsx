import { Checkbox } from '@chakra-ui/react'
import type { ComponentProps, FocusEventHandler, ReactNode } from 'react'

/**
 * A labelled checkbox: `checked` and `onChange(checked)` as a plain boolean (Chakra's own `onCheckedChange` gives
 * `true | false | 'indeterminate'`); the rest of the props go to its root (size, disabled, a test id). `name` and
 * `onBlur` go to its hidden input, so a form's field (a react-hook-form `Controller`) is touched and named as with
 * any input; `inputProps` reach it too (an accessible name where the label is not words).
 */
export function Check({
  label,
  checked,
  onChange,
  name,
  onBlur,
  inputProps,
  ...root
}: {
  label: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  name?: string
  onBlur?: FocusEventHandler<HTMLInputElement>
  inputProps?: ComponentProps<typeof Checkbox.HiddenInput> & { [data: `data-${string}`]: string }
} & Omit<ComponentProps<typeof Checkbox.Root>, 'checked' | 'onCheckedChange' | 'onChange' | 'children'>) {
  return (
    <Checkbox.Root {...root} checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput name={name} onBlur={onBlur} {...inputProps} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  )
}
