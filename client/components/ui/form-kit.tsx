import { HStack, Input, Textarea, type InputProps, type TextareaProps } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, type ComponentProps, type ReactNode } from 'react'
import {
  Controller,
  useForm,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { zodErrorMap } from '../../../shared/schemas/errors'
import { applyFieldErrors, serverFieldErrors } from '../../lib/api-client'
import { FormField } from './form-field'
import { useFormError } from './form-dialog'
import { Choices } from './choices'
import { Check } from './check'
import { ThumbDock, useThumbDock } from './thumb-dock'
import { Notice } from './notice'

/**
 * The form kit every editor uses (docs/how-to.md, "A back-office list screen"): the shared zod schema as the form's
 * resolver with its messages in the reader's language, a form dialog's submit with the server's refusal put on the
 * fields or on top of the form, and the labelled inputs bound to the form.
 */

// The form's value types are its own (input, context, output); the kit reads and registers fields only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>

/** The shared schema as a react-hook-form resolver, its messages translated (made again when the language changes). */
export function useZodResolver<S extends z.ZodType<FieldValues, FieldValues>>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> {
  const { t } = useTranslation()
  return useMemo(() => zodResolver(schema, { error: zodErrorMap(t) }) as Resolver<z.input<S>, unknown, z.output<S>>, [schema, t])
}

/**
 * A form the shared schema checks: react-hook-form with the schema's resolver (useZodResolver), its values typed as
 * the schema's input and what a submit hands on as its output.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: useZodResolver(schema) })
}

/**
 * A schema that maps the form's text to an API's input (a `z.preprocess` over the API's schema) as the form's check:
 * its messages on the fields, the form's own values kept for the submit (which maps them again).
 */
export function useZodCheck<F extends FieldValues>(schema: z.ZodType<unknown, F>): Resolver<F> {
  const { t } = useTranslation()
  return useMemo(() => {
    const check = zodResolver(schema as z.ZodType<FieldValues, FieldValues>, { error: zodErrorMap(t) }) as unknown as Resolver<F>
    const resolver: Resolver<F> = async (values, context, options) => {
      const result = await check(values, context, options)
      return Object.keys(result.errors).length > 0 ? result : { values, errors: {} }
    }
    return resolver
  }, [schema, t])
}

/**
 * A form dialog's submit: `save` runs with the form's values; a refusal puts the server's field errors on the named
 * `fields` (`'all'`: on whichever the server names), an error on a field the form does not hold on its `outside`
 * setter (a list picked beside the form), or — unless `handle` takes it — a message on top of the form (a conflict
 * also calls `onConflict`). `props` go to FormDialog (with the dialog's `open`, `onClose` and `onReload`); `fail` shows an error from outside the submit.
 */
export function useFormDialog<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  opts: {
    fields: readonly Path<T>[] | 'all'
    save: (values: O) => Promise<unknown>
    outside?: Record<string, (message: string) => void>
    onConflict?: () => void
    handle?: (err: unknown) => boolean
    /** The dialog's own props, passed through to FormDialog: whether it is open (by default, while mounted), its close, and the reload a conflict offers. */
    open?: boolean
    onClose: () => void
    onReload?: () => void
  },
) {
  const formError = useFormError(opts.onConflict)
  const onSubmit = form.handleSubmit(async (values) => {
    formError.clear()
    try {
      await opts.save(values)
    } catch (err) {
      if (opts.handle?.(err)) return
      const fieldErrors = serverFieldErrors(err)
      const outside = Object.entries(opts.outside ?? {}).find(([field]) => fieldErrors?.[field]?.[0])
      if (outside && fieldErrors) return outside[1](fieldErrors[outside[0]]![0]!)
      const fields = opts.fields === 'all' ? (Object.keys(fieldErrors ?? {}) as Path<T>[]) : opts.fields
      if (!applyFieldErrors(err, (name, error) => form.setError(name, error), fields)) formError.fail(err)
    }
  })
  const props = {
    open: opts.open ?? true,
    onClose: opts.onClose,
    onReload: opts.onReload,
    onSubmit,
    submitting: form.formState.isSubmitting,
    ...formError.props,
  }
  return { props, fail: formError.fail, clear: formError.clear }
}

type BoundProps<T extends FieldValues> = {
  form: AnyForm<T>
  name: Path<T>
  label: string
  required?: boolean
  helper?: string
  rules?: RegisterOptions<T, Path<T>>
}

/** A bound field's own props apart from those of the control it shows. */
function splitBound<T extends FieldValues, P extends object>(props: BoundProps<T> & P): [BoundProps<T>, P] {
  const { form, name, label, required, helper, rules, ...control } = props
  return [{ form, name, label, required, helper, rules }, control as unknown as P]
}

/** The label, the control bound to the field (`form.register`) and the field's error in words. */
function Bound<T extends FieldValues>({ bound, children }: { bound: BoundProps<T>; children: (field: UseFormRegisterReturn<Path<T>>) => ReactNode }) {
  const { form, name } = bound
  return (
    <FormField label={bound.label} error={form.getFieldState(name, form.formState).error} required={bound.required} helper={bound.helper}>
      {children(form.register(name, bound.rules))}
    </FormField>
  )
}

type InputAttrs = Omit<InputProps, 'form' | 'name'>

/** A labelled text input bound to a form's field. */
export function TextField<T extends FieldValues>(props: BoundProps<T> & InputAttrs) {
  const [bound, input] = splitBound<T, InputAttrs>(props)
  return <Bound bound={bound}>{(field) => <Input {...input} {...field} />}</Bound>
}

/** A labelled whole-number input bound to a form's field (read as a number). */
export function NumberField<T extends FieldValues>(props: BoundProps<T> & InputAttrs) {
  const [bound, input] = splitBound<T, InputAttrs>(props)
  const rules = { ...bound.rules, valueAsNumber: true } as RegisterOptions<T, Path<T>>
  return <Bound bound={{ ...bound, rules }}>{(field) => <Input type="number" inputMode="numeric" {...input} {...field} />}</Bound>
}

type TextareaAttrs = Omit<TextareaProps, 'form' | 'name'>

/** A labelled text area bound to a form's field. */
export function TextAreaField<T extends FieldValues>(props: BoundProps<T> & TextareaAttrs) {
  const [bound, area] = splitBound<T, TextareaAttrs>(props)
  return <Bound bound={bound}>{(field) => <Textarea {...area} {...field} />}</Bound>
}

type SelectAttrs = { options: ReadonlyArray<{ value: string; label: string }>; empty?: string; size?: 'sm' | 'md'; disabled?: boolean }

/** A labelled native select bound to a form's field: its choices in words, and an empty first choice when `empty` names it. */
export function SelectField<T extends FieldValues>(props: BoundProps<T> & SelectAttrs) {
  const [bound, { options, empty, size, disabled }] = splitBound<T, SelectAttrs>(props)
  return <Bound bound={bound}>{(field) => <Choices options={options} empty={empty} size={size} disabled={disabled} {...field} />}</Bound>
}

type CheckAttrs = Omit<ComponentProps<typeof Check>, 'form' | 'label' | 'checked' | 'onChange' | 'name' | 'onBlur'>

/** A checkbox bound to a form's yes/no field, its label beside the box (an unset field shows unticked). */
export function CheckField<T extends FieldValues>({ form, name, label, ...check }: { form: AnyForm<T>; name: Path<T>; label: ReactNode } & CheckAttrs) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => <Check {...check} checked={!!field.value} onChange={field.onChange} name={field.name} onBlur={field.onBlur} label={label} />}
    />
  )
}

/**
 * A form's last row on a page: what went wrong with its save (when something did), then its buttons at the end; in field
 * mode on a phone, the buttons dock at the bottom edge, in the thumb's reach (docs/decisions/089).
 */
export function FormActions({ error, children }: { error?: string | null; children: ReactNode }) {
  const dock = useThumbDock()
  return (
    <>
      {error ? <Notice status="error" description={error} /> : null}
      {dock ? <ThumbDock testId="form-actions-dock">{children}</ThumbDock> : <HStack justify="flex-end">{children}</HStack>}
    </>
  )
}
