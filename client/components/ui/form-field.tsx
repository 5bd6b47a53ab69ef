import { Field } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import type { FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { fieldErrorText } from '../../lib/field-error'

/** A labelled form field with its error (in words by fieldErrorText), for react-hook-form + zod forms. */
export function FormField(props: { label: string; error?: FieldError; children: ReactNode; required?: boolean; helper?: string }) {
  const { t } = useTranslation()
  const message = fieldErrorText(props.error, t)
  return (
    <Field.Root invalid={!!props.error} required={props.required}>
      <Field.Label>
        {props.label}
        {props.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {props.children}
      {props.helper && !props.error ? <Field.HelperText>{props.helper}</Field.HelperText> : null}
      {message ? <Field.ErrorText>{message}</Field.ErrorText> : null}
    </Field.Root>
  )
}
