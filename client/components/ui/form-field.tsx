import { Field } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import type { FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'

/**
 * A labelled form field with its error, for react-hook-form + zod forms. Generic messages come translated
 * from the error map; a message a schema names itself is a key ("validation.phone") and is translated here.
 */
export function FormField(props: { label: string; error?: FieldError; children: ReactNode; required?: boolean; helper?: string }) {
  const { t } = useTranslation()
  const message = props.error?.message?.startsWith('validation.') ? t(props.error.message) : props.error?.message
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
