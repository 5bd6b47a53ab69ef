import type { UseFormRegisterReturn } from 'react-hook-form'
import { Choices, type Choice } from '../../../components/ui/choices'

/** A small native select bound to a react-hook-form field (`form.register(name)`), with its choices in words. */
export function FieldSelect({ field, options, label }: { field: UseFormRegisterReturn; options: Choice[]; label?: string }) {
  return <Choices size="sm" aria-label={label} options={options} {...field} />
}
