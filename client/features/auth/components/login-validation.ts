import { zodResolver } from '@hookform/resolvers/zod'
import { loginInputSchema } from '../../../../shared/schemas/auth'
import { zodErrorMap, type Translate } from '../../../../shared/schemas/errors'

/** The login form's resolver: the shared schema the server validates with, messages in the user's language. */
export function loginResolver(t: Translate) {
  return zodResolver(loginInputSchema, { error: zodErrorMap(t) })
}
