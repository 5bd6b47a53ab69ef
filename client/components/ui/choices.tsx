import { NativeSelect } from '@chakra-ui/react'
import type { ComponentProps } from 'react'

export type Choice = { value: string; label: string }

/**
 * A native select of choices in words: `empty` names an empty first choice ("all", "choose"); the rest of the
 * props go to the select itself (a form's `register(name)`, or `value` and `onChange`). Choices still loading
 * (`undefined`) are none yet.
 */
export function Choices({
  options,
  empty,
  size,
  disabled,
  ...field
}: { options: readonly Choice[] | undefined; empty?: string; size?: 'sm' | 'md'; disabled?: boolean } & Omit<
  ComponentProps<typeof NativeSelect.Field>,
  'size' | 'children'
>) {
  return (
    <NativeSelect.Root size={size} disabled={disabled}>
      <NativeSelect.Field {...field}>
        {empty === undefined ? null : <option value="">{empty}</option>}
        {(options ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
