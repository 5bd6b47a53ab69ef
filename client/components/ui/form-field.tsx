import { Field } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import type { FieldError } from 'react-hook-form'

/** A labelled form field with its (already translated) error, for react-hook-form + zod forms. */
export function FormField(props: { label: string; error?: FieldError; children: ReactNode; required?: boolean; helper?: string }) {
  return (
    <Field.Root invalid={!!props.error} required={props.required}>
      <Field.Label>
        {props.label}
        {props.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {props.children}
      {props.helper && !props.error ? <Field.HelperText>{props.helper}</Field.HelperText> : null}
      {props.error?.message ? <Field.ErrorText>{props.error.message}</Field.ErrorText> : null}
    </Field.Root>
  )
}
