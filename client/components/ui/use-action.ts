import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorText, serverFieldErrors } from '../../lib/api-client'
import { snackbar } from '../../lib/snackbar-store'
import { useFormError } from './form-dialog'

type ActionOptions<R> = {
  /** after the step succeeded, with its answer (close the dialog, say it is done) */
  onDone?: (answer: R) => void
  /** the record changed elsewhere meanwhile (409): read it again; the form says so */
  onConflict?: () => void
  /**
   * Where a failure is said: in the form (the default: `error` holds the server's words, translated) or as a
   * snackbar, for a step started from a button with no form around it.
   */
  failure?: 'form' | 'snackbar'
  /**
   * A refusal that names a field says that field's reason in the form instead of the general message: a field's
   * name, or true for whichever field comes first (a dialog with one choice, an uploaded file and its columns).
   */
  fieldFirst?: string | true
  /** a failure the screen says itself (a field's error on its field): true when it did, else it is said as usual */
  onError?: (err: unknown) => boolean
}

/**
 * A step a person starts (a save, a send, a removal, an upload): `busy` from the press until it settles, a second
 * press while it runs ignored, a failure said in the form (or a snackbar) in the server's words, a conflict offered a
 * reload. `run` answers the step's answer, or undefined when it failed or was already running; nothing is thrown.
 * Screens keep no busy flag or error state of their own (issue 73).
 */
export function useAction<A extends unknown[], R>(step: (...args: A) => Promise<R>, options: ActionOptions<R> = {}) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const formError = useFormError(options.onConflict)
  const running = useRef(false)
  // Made each render, so it runs the screen's latest step and options (an event handler, never a render's work).
  const run = async (...args: A): Promise<R | undefined> => {
    if (running.current) return undefined
    running.current = true
    setBusy(true)
    formError.clear()
    try {
      const answer = await step(...args)
      options.onDone?.(answer)
      return answer
    } catch (err) {
      if (options.onError?.(err)) return undefined
      if (options.failure === 'snackbar') snackbar.error(errorText(err, t))
      else {
        const fields = options.fieldFirst ? serverFieldErrors(err) : undefined
        const field = options.fieldFirst === true ? Object.values(fields ?? {})[0]?.[0] : options.fieldFirst ? fields?.[options.fieldFirst]?.[0] : undefined
        if (field) formError.show(field)
        else formError.fail(err)
      }
      return undefined
    } finally {
      running.current = false
      setBusy(false)
    }
  }

  return {
    run,
    busy,
    /** the failure's words, for the form (null: none) */
    error: formError.error?.message ?? null,
    /** the failure was a conflict: the record changed elsewhere (the form offers a reload) */
    conflict: formError.error?.conflict ?? false,
    /** says a problem found before the step runs (a required reason left empty), or a failure in the screen's words */
    fail: formError.show,
    clear: formError.clear,
    /** FormDialog's props for the step: busy, the error, the conflict */
    dialog: { submitting: busy, ...formError.props },
  }
}
