/**
 * A call to an outside service (an e-signing service, a directory, a speech engine) that did not do what was asked,
 * with the service's own reason. `permanent` when asking again cannot help — the service refused the request itself
 * (a 4xx but 408 Request Timeout and 429 Too Many Requests) — so a step fails at once and waits for a person, instead
 * of being tried again for hours; otherwise (a 5xx, a timeout, a dropped connection) it is tried again with backoff.
 */
export class OutsideFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message)
    this.name = 'OutsideFailure'
  }
}

/** Whether an HTTP status is the service refusing the request itself (asking again the same way cannot help). */
export const refusedForGood = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429

/**
 * A failed HTTP call as a failure with the service's own words (`{ error }`, `{ error: { message } }` or
 * `{ message }` in JSON, else the start of its text): `<service> answered <status> <what>: <reason>`.
 */
export async function refusalOf(res: Response, service: string, what: string): Promise<OutsideFailure> {
  const text = await res.text().catch(() => '')
  let reason: string
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown }
    const error = body.error && typeof body.error === 'object' ? (body.error as { message?: unknown }).message : body.error
    reason = String(error ?? body.message ?? '')
  } catch {
    reason = text.slice(0, 200)
  }
  return new OutsideFailure(`${service} answered ${res.status} ${what}${reason ? `: ${reason.slice(0, 300)}` : ''}`, refusedForGood(res.status))
}
