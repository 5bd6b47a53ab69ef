import type { Translate } from '../../shared/schemas/errors'

/**
 * A form field's error in words: generic messages come translated from the error map; a message a schema
 * names itself is a key ("validation.phone") and is translated here.
 */
export function fieldErrorText(error: { message?: string } | undefined, t: Translate): string | undefined {
  const message = error?.message
  return message?.startsWith('validation.') ? t(message) : message
}
