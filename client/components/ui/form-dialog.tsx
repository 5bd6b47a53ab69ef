import { Button, Stack } from '@chakra-ui/react'
import type { FormEventHandler, ReactNode } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormAlert } from './form-alert'
import { ApiClientError, errorText } from '../../lib/api-client'
import { snackbar } from '../../lib/snackbar-store'
import { AppDialog, DialogButtons } from './app-dialog'

/** A form in a dialog (every back-office editor): a title, the form's error (a conflict says so and offers a reload), fields, cancel and save. */
export function FormDialog(props: {
  open: boolean
  onClose: () => void
  title: string
  testId: string
  onSubmit: FormEventHandler<HTMLFormElement>
  submitting: boolean
  formError: string | null
  conflict?: boolean
  onReload?: () => void
  submitLabel?: string
  size?: 'md' | 'lg'
  /** a long form scrolls inside the dialog, the title and the buttons staying in view */
  scroll?: boolean
  children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <AppDialog
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      testId={props.testId}
      size={props.size}
      scroll={props.scroll}
      onSubmit={props.onSubmit}
      footer={<DialogButtons onCancel={props.onClose} action={{ label: props.submitLabel ?? t('table.save'), loading: props.submitting }} />}
    >
      <Stack gap="4">
        {props.formError ? (
          <FormAlert message={props.formError}>
            {props.conflict && props.onReload ? (
              <Button size="xs" variant="outline" onClick={props.onReload}>
                {t('form.reload')}
              </Button>
            ) : null}
          </FormAlert>
        ) : null}
        {props.children}
      </Stack>
    </AppDialog>
  )
}

/** What a failed save says on top of the form: a conflict (someone else saved first), the network, or the server's message. */
export function formErrorOf(err: unknown, t: (key: string) => string): { message: string; conflict: boolean } {
  if (err instanceof ApiClientError && (err.body?.error === 'version_conflict' || err.body?.error === 'changed_elsewhere'))
    return { message: t('form.conflict'), conflict: true }
  return { message: errorText(err, t), conflict: false }
}

/**
 * A form dialog's error: `fail(err)` puts a failed save on top of the form (a conflict also calls `onConflict`, so
 * the screen reads the record again), `show(message)` a problem found before saving (or, with `conflict`, a screen's
 * own reading of a refusal that offers a reload), `clear()` before a new try, and
 * `props` are FormDialog's error props.
 */
export function useFormError(onConflict?: () => void) {
  const { t } = useTranslation()
  const [error, setError] = useState<{ message: string; conflict: boolean } | null>(null)
  return {
    error,
    clear: () => setError(null),
    show: (message: string, conflict = false) => setError({ message, conflict }),
    fail: (err: unknown) => {
      const e = formErrorOf(err, t)
      setError(e)
      if (e.conflict) onConflict?.()
    },
    props: { formError: error?.message ?? null, conflict: error?.conflict },
  }
}

/**
 * How a record's edit dialog ends, for its props: cancel closes it; a conflict's "reload" and a save close it and read
 * the record again, a save also saying `saved` when given.
 */
export function dialogEnds(close: () => void, refresh: () => void, saved?: string) {
  return {
    onClose: close,
    onReload: () => {
      close()
      refresh()
    },
    onSaved: () => {
      close()
      if (saved) snackbar.success(saved)
      refresh()
    },
  }
}
