import type { z } from 'zod'

/**
 * One error contract for every API answer that is not a success: `{ error, message, fieldErrors? }`.
 * `error` is a stable code; `message` is translated into the request's language;
 * `fieldErrors` maps a field path ("email", "products.0.quantity") to translated messages.
 */
export const ERROR_CODES = [
  'validation_failed',
  'invalid_json',
  'unsupported_media_type',
  'unsupported_file_type',
  'payload_too_large',
  'unauthenticated',
  'forbidden',
  'csrf',
  'invalid_credentials',
  'too_many_requests',
  'not_found',
  'conflict',
  'server_error',
  'quota_exceeded',
  'too_many_downloads',
  'download_expired',
  'unavailable',
  'maintenance',
  'version_conflict',
  'invalid_transition',
  'already_decided',
  'month_attested',
  'export_refused',
  'left_out_changed',
  'too_many_devices',
  'no_push_device',
  'no_recipients',
  'alert_recipient_exists',
  'role_locked',
  'role_in_use',
  'user_outranks',
  'region_in_use',
  'office_in_use',
  'team_in_use',
  'not_while_impersonating',
  'step_up_required',
  'sso_required',
  'provider_from_environment',
  'cannot_impersonate',
  'invalid_code',
  'mfa_locked',
  'mfa_reset_not_allowed',
  'terms_not_accepted',
  'password_change_required',
  'title_in_use',
  'no_personal_number',
  'changed_elsewhere',
  'link_used',
  'link_expired',
  'too_few_coins',
  'out_of_stock',
  'no_such_variant',
  'level_in_use',
  'area_in_use',
  'promise_taken',
  'list_running',
  'transcribing',
  'not_transcribable',
  'order_matched',
  'order_unmatched',
  'sale_has_order',
  'assistant_quota',
  'category_in_use',
  'step_blocked',
  'candidate_link_used',
  'candidate_link_expired',
  'embed_scope_missing',
  // Written offers after a telesales call (docs/decisions/094).
  'offer_not_accepted',
  'offer_not_required',
  'offer_sale_regretted',
  'offer_answered',
  'offer_expired',
  'offer_superseded',
  'offer_changed',
  'offer_eid_required',
  'offer_eid_unavailable',
  // A lead list's NIX check is older than NIX-Telefon's two months (docs/decisions/095).
  'nix_expired',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export type FieldErrors = Record<string, string[]>
/** `details`: what a client needs to act on the error (a conflict's current state, the allowed next statuses). */
export type ApiErrorBody = { error: ErrorCode; message: string; fieldErrors?: FieldErrors; details?: Record<string, unknown> }

export type Translate = (key: string, params?: Record<string, unknown>) => string

/** The key prefix of messages a schema names itself (`{ error: 'validation.x' }`). */
const KEY_PREFIX = 'validation.'

type RawIssue = z.core.$ZodRawIssue

/**
 * A zod error map that speaks the user's language. Pass it per parse:
 * `schema.safeParse(data, { error: zodErrorMap(t) })` on the server, `zodResolver(schema, { error: zodErrorMap(t) })` in forms.
 */
export function zodErrorMap(t: Translate): (issue: RawIssue) => string {
  return (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null
          ? t('validation.required')
          : t('validation.invalidType', { expected: t(`validation.types.${String(issue.expected)}`) })
      case 'too_small':
        if (issue.origin === 'string') {
          return Number(issue.minimum) <= 1 ? t('validation.required') : t('validation.tooShort', { min: issue.minimum })
        }
        if (issue.origin === 'array') return t('validation.tooFewItems', { min: issue.minimum })
        return t('validation.tooSmall', { min: issue.minimum })
      case 'too_big':
        if (issue.origin === 'string') return t('validation.tooLong', { max: issue.maximum })
        if (issue.origin === 'array') return t('validation.tooManyItems', { max: issue.maximum })
        return t('validation.tooBig', { max: issue.maximum })
      case 'invalid_format':
        return issue.format === 'email' ? t('validation.email') : t('validation.invalidFormat')
      case 'unrecognized_keys':
        return t('validation.unknownFields', { fields: issue.keys.join(', ') })
      case 'invalid_value':
        return t('validation.invalidValue')
      default:
        return t('validation.invalid')
    }
  }
}

/**
 * Field errors are keyed by field paths the client chose ("__proto__", "constructor" and "toString"
 * included): they are gathered in a Map and handed out as an object of own properties (Object.fromEntries
 * defines each key on the object itself, so no key reaches or changes an inherited member).
 */
export function fieldError(path: string, message: string): FieldErrors {
  return Object.fromEntries([[path, [message]]]) as FieldErrors
}

/** Field errors from a failed parse; messages a schema named as keys are translated here. */
export function fieldErrorsOf(error: z.core.$ZodError, t: Translate): FieldErrors {
  const out = new Map<string, string[]>()
  const add = (path: string, message: string) => {
    const list = out.get(path)
    if (list) list.push(message)
    else out.set(path, [message])
  }
  for (const issue of error.issues) {
    // A schema's own message is a key; a custom issue may carry what to name in it (`params`).
    const message = issue.message.startsWith(KEY_PREFIX) ? t(issue.message, issue.code === 'custom' ? issue.params : undefined) : issue.message
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        add([...issue.path, key].join('.'), t('validation.unknownField'))
      }
      continue
    }
    add(issue.path.length > 0 ? issue.path.join('.') : '_', message)
  }
  return Object.fromEntries(out) as FieldErrors
}
