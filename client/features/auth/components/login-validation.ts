// First: zod's setting must hold before the schema parses (the login can be drawn before the router loads it).
import '../../../lib/zod-config'
import { loginInputSchema, type LoginInput } from '../../../../shared/schemas/auth'
import { zodErrorMap, type Translate } from '../../../../shared/schemas/errors'

/** A message for each login field that is wrong (translated, or a `validation.` key the form translates). */
export type LoginErrors = Partial<Record<keyof LoginInput, string>>

/**
 * The login form's check: the shared schema the server validates with, messages in the user's language. Gives the
 * input as the server will read it (`data`) when it holds, the first message of each wrong field when not.
 */
export function validateLogin(input: LoginInput, t: Translate): { data: LoginInput | null; errors: LoginErrors } {
  const result = loginInputSchema.safeParse(input, { error: zodErrorMap(t) })
  if (result.success) return { data: result.data, errors: {} }
  const errors: LoginErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message
  }
  return { data: null, errors }
}
