import { NativeSelect } from '@chakra-ui/react'
import type { ComponentProps } from 'react'

export type Choice = { value: string; label: string }

/**
 * A native select of choices in words: `empty` names an empty first choice ("all", "choose"); the rest of the
 * props go to the select itself (a form's `register(name)`, or `value` and `onChange`). Choices still loading
 * (`undefined`) are none yet. `root` places it (a width, a margin).
 */
export function Choices({
  options,
  empty,
  size,
  disabled,
  root,
  ...field
}: {
  options: readonly Choice[] | undefined
  empty?: string
  size?: 'xs' | 'sm' | 'md'
  disabled?: boolean
  root?: Omit<NativeSelect.RootProps, 'size' | 'disabled' | 'children'>
} & Omit<ComponentProps<typeof NativeSelect.Field>, 'size' | 'children'>) {
  return (
    <NativeSelect.Root {...root} size={size} disabled={disabled}>
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
