import { NativeSelect } from '@chakra-ui/react'
import type { UseFormRegisterReturn } from 'react-hook-form'

/** A small native select bound to a react-hook-form field (`form.register(name)`), with its choices in words. */
export function FieldSelect({ field, options, label }: { field: UseFormRegisterReturn; options: Array<{ value: string; label: string }>; label?: string }) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field aria-label={label} {...field}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}
