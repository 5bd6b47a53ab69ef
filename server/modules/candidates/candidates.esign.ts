import { createHmac, timingSafeEqual } from 'node:crypto'
import { OutsideFailure, refusalOf } from '../../lib/outside-failure'

/**
 * The e-signing service as DocuSeal defines it (docs/integrations.md): its API description (`docs/openapi.json` of
 * docusealco/docuseal) for creating a submission from a PDF and listing submissions, and its own code for the webhook
 * (`lib/send_webhook_request.rb`, `lib/webhook_urls/signatures.rb`): a JSON body `{ event_type, timestamp, data }`
 * signed in the header `X-Docuseal-Signature: <unix seconds>.<hex>`, the hex HMAC-SHA256 of `"<seconds>.<body>"`
 * keyed with the webhook's signing secret as written (`whsec_…`), accepted within five minutes either way.
 */

export type EsignConfig = { url: string; token: string; webhookSecret: string }

/** How far a webhook's time may be from ours, either way (DocuSeal's own TOLERANCE). */
export const WEBHOOK_TOLERANCE_S = 5 * 60
const TIMEOUT_MS = 20_000

/** The header DocuSeal signs its webhooks with, as its `WebhookUrls::Signatures.sign` writes it. */
export function docusealSignature(secret: string, body: string, timestamp: number): string {
  return `${timestamp}.${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/** Whether a webhook's `X-Docuseal-Signature` is the service's, for this body, within the tolerance. */
export function webhookSigned(secret: string, body: string, header: string | undefined, now = Date.now()): boolean {
  const m = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(header?.trim() ?? '')
  if (!m) return false
  const ts = Number(m[1])
  if (Math.abs(now / 1000 - ts) > WEBHOOK_TOLERANCE_S) return false
  const expected = Buffer.from(docusealSignature(secret, body, ts).split('.')[1]!, 'hex')
  const given = Buffer.from(m[2]!, 'hex')
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** The service's own words for a failed call: DocuSeal answers `{ error }` or `{ message }` in JSON. */
const refusal = (res: Response, what: string) => refusalOf(res, 'the e-signing service', what)

export type SubmissionInput = {
  name: string
  pdf: Buffer
  documentName: string
  /** the contract's id, kept as the submitter's external id: the webhook and a retry find the contract by it */
  contractId: string
  candidateId: string
  signer: { email: string; name: string; role: string }
  message?: { subject: string; body: string }
  /** when the signing request stops working (the service's `expire_at`), as the app's own links do */
  expiresAt?: number
}

/** A time as DocuSeal's API takes it: "2024-09-01 12:00:00 UTC". */
const docusealTime = (at: number) => `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')} UTC`

/** DocuSeal's API at `config.url` (its `/api` on a self-hosted service, `https://api.docuseal.eu` in its cloud). */
export function docusealClient(config: EsignConfig) {
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${config.url}${path}`, {
      method,
      headers: { 'x-auth-token': config.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })

  /** A submission made earlier for this contract (a run that died after the service answered), found by its submitter. */
  async function existing(input: SubmissionInput): Promise<number | null> {
    const res = await call('GET', `/submissions?${new URLSearchParams({ q: input.signer.email, limit: '100' })}`)
    if (!res.ok) throw await refusal(res, 'listing submissions')
    const body = (await res.json()) as {
      data?: Array<{ id: number; status?: string; archived_at?: string | null; submitters?: Array<{ external_id?: string | null }> }>
    }
    // One that can no longer be signed (expired, declined, archived: lib/submissions/serialize_for_api.rb) is not reused.
    const found = (body.data ?? []).find(
      (s) => !s.archived_at && (s.status === 'pending' || s.status === 'completed') && s.submitters?.some((x) => x.external_id === input.contractId),
    )
    return found ? found.id : null
  }

  return {
    /**
     * The contract sent for signing: `POST /submissions/pdf` with the PDF (its signature field a text tag in the
     * document), the signer's email, the contract's id as their external id. A second run finds the first's
     * submission instead of sending the candidate a second request. Answers the submission's id.
     */
    async createSubmission(input: SubmissionInput): Promise<number> {
      const earlier = await existing(input)
      if (earlier !== null) return earlier
      const res = await call('POST', '/submissions/pdf', {
        name: input.name,
        send_email: true,
        documents: [{ name: input.documentName, file: input.pdf.toString('base64') }],
        submitters: [
          {
            role: input.signer.role,
            email: input.signer.email,
            name: input.signer.name,
            external_id: input.contractId,
            metadata: { candidateId: input.candidateId },
          },
        ],
        ...(input.message ? { message: input.message } : {}),
        ...(input.expiresAt ? { expire_at: docusealTime(input.expiresAt) } : {}),
      })
      if (!res.ok) throw await refusal(res, 'creating the submission')
      const body = (await res.json()) as { id?: unknown }
      if (typeof body.id !== 'number') throw new OutsideFailure('the e-signing service answered without a submission id', false)
      return body.id
    },

    /**
     * A signed document named by a webhook: fetched with the service's token from its own origin only (issue 68 Q10);
     * elsewhere (a storage host the service signs its addresses for) without it.
     */
    async document(url: string): Promise<Buffer> {
      const target = new URL(url)
      if ((target.protocol !== 'https:' && target.protocol !== 'http:') || target.username || target.password)
        throw new OutsideFailure('the signed document’s address is not one to fetch', true)
      const own = target.origin === new URL(config.url).origin
      const res = await fetch(target, { headers: own ? { 'x-auth-token': config.token } : {}, signal: AbortSignal.timeout(TIMEOUT_MS) })
      if (!res.ok) throw await refusal(res, 'for the signed document')
      const bytes = Buffer.from(await res.arrayBuffer())
      if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new OutsideFailure('the signed document is not a PDF', false)
      return bytes
    },
  }
}
export type DocusealClient = ReturnType<typeof docusealClient>
