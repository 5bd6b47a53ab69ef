type Translate = (key: string, params?: Record<string, unknown>) => string

/**
 * A failed step's reason as its reader sees it. A contract the e-signing service ended (candidates.webhook.ts writes
 * `declined`, `declined: <the signer's words>`, `expired` or `archived`) is said in the reader's language with what to
 * do next; any other reason is the outside service's own words.
 */
export function stepFailureText(error: string, t: Translate): string {
  const ended = /^(declined|expired|archived)(?:: ([\s\S]+))?$/.exec(error)
  if (!ended) return t('candidates.steps.detail.failed', { error })
  const [, code, reason] = ended
  if (code === 'declined') return reason ? t('candidates.steps.detail.signDeclinedReason', { reason }) : t('candidates.steps.detail.signDeclined')
  return code === 'expired' ? t('candidates.steps.detail.signExpired') : t('candidates.steps.detail.signArchived')
}
