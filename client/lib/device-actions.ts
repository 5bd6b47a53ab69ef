import { z } from 'zod'
import { fieldErrorsOf, zodErrorMap, type FieldErrors, type Translate } from '../../shared/schemas/errors'

/**
 * What every area's actions on the device share. An action validates with the shared schema and rules (the same
 * the server runs again), then writes the record and its mutation in one IndexedDB transaction (`enqueue`); it
 * works with no network, and the sync engine delivers the mutation later. Each area keeps its own actions in
 * `client/features/<area>/api/local-actions.ts`.
 */

/** The action's input is wrong: the screen shows these messages by field, nothing was written. */
export class LocalValidationError extends Error {
  constructor(readonly fieldErrors: FieldErrors) {
    super('validation')
    this.name = 'LocalValidationError'
  }
}

/** The input parsed by the shared schema, or a LocalValidationError with translated messages by field. */
export function parseLocally<S extends z.core.$ZodType>(schema: S, input: unknown, t: Translate): z.output<S> {
  const parsed = z.safeParse(schema, input, { error: zodErrorMap(t) })
  if (!parsed.success) throw new LocalValidationError(fieldErrorsOf(parsed.error, t))
  return parsed.data
}
