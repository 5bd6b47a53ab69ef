import { execFileSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { deflateSync } from 'node:zlib'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import { fakeSmtp as baseSmtp } from '../../test/fake-smtp'
import { pngChunk } from '../../test/hostile'

/**
 * Test doubles of the services recruiting talks to, each checking what the real one checks: a local SMTP server that
 * keeps what it receives, Microsoft Graph (the client-credentials token, `POST /users`'s required fields, the user
 * principal name's characters and uniqueness, "not found" for a while after a create), and a DocuSeal-compatible
 * e-signing service (its API key, a PDF submission, the signed document).
 */

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))
async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** A small PNG with a stroke across it, as a signature pad's canvas gives one. */
export function signaturePng(width = 60, height = 20): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 0, 0, 0, 0], 8) // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 255)
  for (let y = 0; y < height; y++) {
    rows[y * (width + 1)] = 0 // no filter
    const x = Math.round((y / height) * (width - 1))
    rows[y * (width + 1) + 1 + x] = 0
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A PDF's text, as poppler's pdftotext reads it. */
export function pdfText(bytes: Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: Buffer.from(bytes) }).toString('utf8')
}

/** The fake mail server (server/test/fake-smtp.ts), and the candidate link in the newest message to someone. */
export async function fakeSmtp() {
  const smtp = await baseSmtp()
  return {
    ...smtp,
    linkTo(to: string): string {
      const m = [...smtp.received].reverse().find((r) => r.to.includes(to))
      const link = m && /https?:\/\/\S+\/candidate\/[A-Za-z0-9_-]{43}(?:\/sign)?/.exec(m.text)?.[0]
      if (!link) throw new Error(`no candidate link mailed to ${to}`)
      return link
    },
  }
}

/**
 * Microsoft Graph's user resource as its documentation defines it (microsoftgraph/microsoft-graph-docs-contrib,
 * api-reference/v1.0/resources/user.md and api/user-post-users.md): the properties `POST /users` requires
 * (accountEnabled, displayName, mailNickname, userPrincipalName, passwordProfile), each property's documented limit —
 * employeeId at most 16 characters; givenName, surname, mailNickname and mobilePhone 64; displayName 256; a user
 * principal name of `A–Z a–z 0–9 ' . - _ ! # ^ ~` before a verified domain, no accents; usageLocation a two-letter
 * country code; otherMails without accents — and Graph's own error bodies for what breaks them, as Graph answered
 * them (microsoft-graph-docs issues #4959 and #1508): 400 `Request_BadRequest` "One or more properties contains
 * invalid values." and, for a name taken, "Another object with the same value for property userPrincipalName already
 * exists." with an `ObjectConflict` detail. The client-credentials token, and "not found" for a while after a create.
 */
const UPN_LOCAL = /^[A-Za-z0-9'.\-_!#^~]{1,64}$/
const MAX_LENGTH: Record<string, number> = { employeeId: 16, givenName: 64, surname: 64, mailNickname: 64, mobilePhone: 64, displayName: 256 }
const graphError = (code: string, message: string, details?: Array<{ code: string; target: string }>) => ({
  error: { code, message, innerError: { 'request-id': crypto.randomUUID(), date: new Date().toISOString().slice(0, 19) }, ...(details ? { details } : {}) },
})

export async function fakeGraph(opts: { tenant: string; clientId: string; secret: string; domain: string }) {
  const users: Array<Record<string, unknown> & { id: string; userPrincipalName: string }> = []
  const state = { failCreates: 0, hiddenReads: 0, tokens: 0, creates: 0, refused: [] as string[], verifiedDomain: opts.domain }
  const hidden = new Map<string, number>()
  const invalid = (u: Record<string, unknown>): string | null => {
    for (const [key, max] of Object.entries(MAX_LENGTH)) if (typeof u[key] === 'string' && (u[key] as string).length > max) return key
    const upn = String(u.userPrincipalName)
    const [local, domain, extra] = upn.split('@')
    if (extra !== undefined || !local || !UPN_LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || domain !== state.verifiedDomain)
      return 'userPrincipalName'
    if (!/^[^@()\\[\]";:<>,\s]+$/.test(String(u.mailNickname))) return 'mailNickname'
    if (u.usageLocation !== undefined && !/^[A-Z]{2}$/.test(String(u.usageLocation))) return 'usageLocation'
    if (Array.isArray(u.otherMails) && u.otherMails.some((m) => !/^[\x20-\x7e]+$/.test(String(m)))) return 'otherMails'
    return null
  }
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x')
      const body = await bodyOf(req)
      if (req.method === 'POST' && url.pathname === `/${opts.tenant}/oauth2/v2.0/token`) {
        const form = new URLSearchParams(body)
        if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== opts.clientId || form.get('client_secret') !== opts.secret)
          return send(res, 401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided.' })
        state.tokens++
        return send(res, 200, { access_token: 'graph-token', token_type: 'Bearer', expires_in: 3600 })
      }
      if (req.headers.authorization !== 'Bearer graph-token') return send(res, 401, graphError('InvalidAuthenticationToken', 'Access token is empty.'))
      if (req.method === 'GET' && url.pathname === '/v1.0/users') {
        const m = /^employeeId eq '([^']+)'$/.exec(url.searchParams.get('$filter') ?? '')
        if (!m) return send(res, 400, graphError('Request_UnsupportedQuery', 'Unsupported or invalid query filter clause specified.'))
        return send(res, 200, { value: users.filter((u) => u.employeeId === m[1]).map((u) => ({ id: u.id, userPrincipalName: u.userPrincipalName })) })
      }
      const one = /^\/v1\.0\/users\/([^/]+)$/.exec(url.pathname)
      if (req.method === 'GET' && one) {
        const key = decodeURIComponent(one[1]!)
        const u = users.find((x) => x.id === key || x.userPrincipalName.toLowerCase() === key.toLowerCase())
        const left = u ? (hidden.get(u.id) ?? 0) : 0
        if (u && left > 0) hidden.set(u.id, left - 1)
        if (!u || left > 0)
          return send(
            res,
            404,
            graphError('Request_ResourceNotFound', `Resource '${key}' does not exist or one of its queried reference-property objects are not present.`),
          )
        return send(res, 200, { id: u.id })
      }
      if (req.method === 'POST' && url.pathname === '/v1.0/users') {
        state.creates++
        if (state.failCreates > 0) {
          state.failCreates--
          return send(res, 503, graphError('ServiceUnavailable', 'The service is temporarily unavailable. Please retry.'))
        }
        const u = JSON.parse(body) as Record<string, unknown>
        const missing = ['accountEnabled', 'displayName', 'mailNickname', 'userPrincipalName', 'passwordProfile'].filter((k) => u[k] === undefined)
        if (missing.length) return send(res, 400, graphError('Request_BadRequest', `Property '${missing[0]}' is required when creating the resource.`))
        const bad = invalid(u)
        if (bad) {
          state.refused.push(bad)
          return send(res, 400, graphError('Request_BadRequest', 'One or more properties contains invalid values.'))
        }
        const upn = String(u.userPrincipalName)
        const password = (u.passwordProfile as { password?: string } | undefined)?.password ?? ''
        if (password.length < 8)
          return send(
            res,
            400,
            graphError(
              'Request_BadRequest',
              'The specified password does not comply with password complexity requirements. Please provide a different password.',
            ),
          )
        if (users.some((x) => x.userPrincipalName.toLowerCase() === upn.toLowerCase()))
          return send(
            res,
            400,
            graphError('Request_BadRequest', 'Another object with the same value for property userPrincipalName already exists.', [
              { target: 'userPrincipalName', code: 'ObjectConflict' },
            ]),
          )
        const id = crypto.randomUUID()
        users.push({ ...u, id, userPrincipalName: upn })
        if (state.hiddenReads > 0) hidden.set(id, state.hiddenReads)
        return send(res, 201, { id, userPrincipalName: upn })
      }
      send(res, 404, graphError('BadRequest', `Resource not found for the segment '${url.pathname.split('/').pop()}'.`))
    })()
  })
  const base = await listen(server)
  return { base, url: `${base}/v1.0`, users, state, close: () => close(server) }
}

type DocusealSubmission = {
  id: number
  name: string
  body: Record<string, unknown>
  submitter: Record<string, unknown>
  createdAt: string
  status: string
  archivedAt: string | null
}

/** What the DocuSeal stand-in's webhooks are made from. */
type DeliveryContext = {
  base: string
  submissions: DocusealSubmission[]
  check: (schema: string, value: unknown, what: string) => void
  submitterOf: (s: DocusealSubmission, status: string) => Record<string, unknown>
  now: () => string
  hmacSecret: string
}

/** The DocuSeal stand-in's webhook deliveries, each checked against the event's description before it is sent. */
function docusealDeliveries({ base, submissions, check, submitterOf, now, hmacSecret }: DeliveryContext) {
  /** A delivery as `lib/send_webhook_request.rb` sends it, signed as `lib/webhook_urls/signatures.rb` signs it. */
  function signed(payload: unknown, timestamp: number | undefined) {
    const text = JSON.stringify(payload)
    const ts = timestamp ?? Math.floor(Date.now() / 1000)
    // "#{timestamp}.#{OpenSSL::HMAC.hexdigest('sha256', secret, "#{timestamp}.#{body}")}"
    const signature = `${ts}.${createHmac('sha256', hmacSecret).update(`${ts}.${text}`).digest('hex')}`
    return { body: text, headers: { 'content-type': 'application/json', 'user-agent': 'DocuSeal.com Webhook', 'x-docuseal-signature': signature } }
  }
  return {
    /**
     * A form webhook as DocuSeal sends one for the submission's signer: its body (checked against `formWebhook`) and
     * headers, signed with the HMAC secret at `timestamp` (seconds; now unless given).
     */
    delivery(
      submissionId: number,
      event: 'form.completed' | 'form.declined',
      extra: { timestamp?: number; documentUrl?: string; declineReason?: string } = {},
    ) {
      const s = submissions.find((x) => x.id === submissionId)!
      const at = now()
      const data = {
        ...submitterOf(s, event === 'form.completed' ? 'completed' : 'declined'),
        ua: 'Mozilla/5.0 (Phone)',
        ip: '192.0.2.7',
        opened_at: at,
        completed_at: event === 'form.completed' ? at : null,
        declined_at: event === 'form.declined' ? at : null,
        decline_reason: event === 'form.declined' ? (extra.declineReason ?? '') : null,
        values: [],
        documents: event === 'form.completed' ? [{ name: s.name, url: extra.documentUrl ?? `${base}/file/${s.id}/signed.pdf` }] : [],
        audit_log_url: null,
        submission_url: `${base}/e/${s.id}`,
        template: { id: null, name: s.name, external_id: null, created_at: s.createdAt, updated_at: s.createdAt, folder_name: 'Default' },
        submission: {
          id: s.id,
          audit_log_url: null,
          combined_document_url: null,
          status: event === 'form.completed' ? 'completed' : 'declined',
          url: `${base}/e/${s.id}`,
          variables: {},
          created_at: s.createdAt,
        },
      }
      // Ruby's to_json writes nil as null; the description types some of these as strings, which DocuSeal itself does not keep to.
      const described = JSON.parse(JSON.stringify(data, (_k, v: unknown) => (v === null ? undefined : v))) as unknown
      const payload = { event_type: event, timestamp: at, data }
      check('formWebhook', { event_type: event, timestamp: at, data: described }, 'the stand-in’s webhook')
      return signed(payload, extra.timestamp)
    },
    /**
     * A submission webhook (`submissionWebhook`; `app/jobs/send_submission_expired_webhook_request_job.rb` sends
     * `Submissions::SerializeForApi` of the submission): the submission expired, or someone archived it at the service.
     */
    submissionDelivery(submissionId: number, event: 'submission.expired' | 'submission.archived') {
      const s = submissions.find((x) => x.id === submissionId)!
      const at = now()
      if (event === 'submission.expired') s.status = 'expired'
      else s.archivedAt = at
      const data = {
        id: s.id,
        name: s.name,
        slug: `sub${s.id}`,
        source: 'api',
        submitters_order: 'preserved',
        expire_at: event === 'submission.expired' ? at : ((s.body.expire_at as string | undefined) ?? null),
        archived_at: s.archivedAt,
        created_at: s.createdAt,
        updated_at: at,
        variables: {},
        created_by_user: null,
        submission_events: [],
        documents: [],
        audit_log_url: null,
        combined_document_url: null,
        status: s.status,
        completed_at: null,
        submitters: [submitterOf(s, 'sent')],
        template: { id: null, name: s.name, external_id: null, created_at: s.createdAt, updated_at: s.createdAt, folder_name: 'Default' },
      }
      // As in a form webhook, nulls aside; and a submitter's `values` is the array lib/submitters/serialize_for_api.rb
      // builds (build_values_array), which the description calls an object: what DocuSeal sends wins.
      const described = JSON.parse(JSON.stringify(data, (k, v: unknown) => (v === null || (k === 'values' && Array.isArray(v)) ? undefined : v))) as unknown
      check('submissionWebhook', { event_type: event, timestamp: at, data: described }, 'the stand-in’s webhook')
      return signed({ event_type: event, timestamp: at, data }, undefined)
    },
  }
}

/**
 * DocuSeal as its own sources define it, for the e-signing tests (docs/integrations.md). Every request Säljkraft sends
 * is checked against the API description (`docs/openapi.json` of docusealco/docuseal at a2d8b855, its parts kept in
 * server/test/references/docuseal/openapi-extract.json) and every answer and webhook this stand-in makes is checked
 * against it too, so the stand-in cannot drift from the reference. Webhooks are signed as `lib/webhook_urls/
 * signatures.rb` signs them and delivered as `lib/send_webhook_request.rb` sends them: a JSON body of `event_type`,
 * `timestamp` and `data` (`lib/submitters/serialize_for_webhook.rb`), with `X-Docuseal-Signature` and DocuSeal's
 * user agent. `edition: 'community'` answers `/submissions/pdf` as the open-source edition does (its
 * `app/controllers/errors_controller.rb`: 404 with the Pro edition message).
 */
export async function docusealStandIn(opts: { token: string; signedPdf: Uint8Array; hmacSecret: string; edition?: 'pro' | 'community' }) {
  const reference = JSON.parse(readFileSync(new URL('../../test/references/docuseal/openapi-extract.json', import.meta.url), 'utf8')) as Record<string, object>
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats(ajv)
  const check = (schema: string, value: unknown, what: string) => {
    const validate = ajv.compile(reference[schema]!)
    if (!validate(value)) throw new Error(`${what} is not as DocuSeal's API describes it: ${ajv.errorsText(validate.errors)}`)
  }
  const submissions: DocusealSubmission[] = []
  const state = { fail: 0, requestErrors: [] as string[], edition: opts.edition ?? 'pro' }
  let base = ''
  const now = () => new Date().toISOString()
  const submitterOf = (s: DocusealSubmission, status: string) => ({ ...s.submitter, status, updated_at: now() })
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x')
      const body = await bodyOf(req)
      await handle(req, res, url, body).catch((error: Error) => {
        state.requestErrors.push(error.message)
        send(res, 500, { error: error.message })
      })
    })()
  })
  async function handle(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    {
      // The signed document: a storage proxy address DocuSeal signs itself (no API key asked).
      if (req.method === 'GET' && url.pathname.startsWith('/file/')) {
        res.writeHead(200, { 'content-type': 'application/pdf' })
        return res.end(Buffer.from(opts.signedPdf))
      }
      if (req.headers['x-auth-token'] !== opts.token) return send(res, 401, { error: 'Not authenticated' })
      if (state.fail > 0) {
        state.fail--
        return send(res, 500, { error: 'Internal Server Error' })
      }
      if (req.method === 'POST' && url.pathname === '/api/submissions/pdf') {
        if (state.edition === 'community')
          return send(res, 404, { status: 404, message: 'This feature is available in Pro Edition: https://www.docuseal.com/pricing' })
        const b = JSON.parse(body) as Record<string, unknown>
        try {
          check('submissionsPdfRequest', b, 'POST /submissions/pdf')
        } catch (error) {
          state.requestErrors.push((error as Error).message)
          return send(res, 422, { error: (error as Error).message })
        }
        const docs = b.documents as Array<{ file: string }>
        if (!Buffer.from(docs[0]!.file, 'base64').subarray(0, 5).equals(Buffer.from('%PDF-'))) return send(res, 422, { error: 'Invalid PDF file' })
        const given = (b.submitters as Array<Record<string, unknown>>)[0]!
        const id = 100 + submissions.length
        const created = now()
        const submitter = {
          id: id * 10,
          submission_id: id,
          uuid: crypto.randomUUID(),
          email: given.email,
          slug: `s${id}`,
          sent_at: created,
          opened_at: null,
          completed_at: null,
          declined_at: null,
          created_at: created,
          updated_at: created,
          name: given.name ?? null,
          phone: null,
          external_id: given.external_id ?? null,
          status: 'sent',
          role: given.role ?? 'First Party',
          metadata: given.metadata ?? {},
          preferences: { send_email: true, send_sms: false },
          values: [],
        }
        const s: DocusealSubmission = { id, name: String(b.name ?? ''), body: b, submitter, createdAt: created, status: 'pending', archivedAt: null }
        submissions.push(s)
        const answer = {
          id,
          name: s.name,
          submitters: [submitter],
          source: 'api',
          submitters_order: 'preserved',
          status: 'pending',
          documents: [],
          expire_at: b.expire_at ?? null,
          created_at: created,
        }
        check('submissionsPdfResponse', answer, 'the stand-in’s answer')
        return send(res, 200, answer)
      }
      if (req.method === 'GET' && url.pathname === '/api/submissions') {
        const q = (url.searchParams.get('q') ?? '').toLowerCase()
        const data = submissions
          .filter((s) => !q || String(s.submitter.email).toLowerCase().includes(q))
          .map((s) => ({
            id: s.id,
            name: s.name,
            status: s.status,
            archived_at: s.archivedAt,
            created_at: s.createdAt,
            submitters: [submitterOf(s, 'sent')],
          }))
        return send(res, 200, { data, pagination: { count: data.length, next: null, prev: null } })
      }
      send(res, 404, { error: 'Not found' })
    }
  }
  base = await listen(server)
  return {
    base,
    url: `${base}/api`,
    submissions,
    state,
    ...docusealDeliveries({ base, submissions, check, submitterOf, now, hmacSecret: opts.hmacSecret }),
    close: () => close(server),
  }
}

/** An onboarding space service: `POST /spaces` with its token; the same idempotency key answers the same space. */
export async function fakeSpaces(opts: { token: string }) {
  const spaces = new Map<string, { id: string; url: string; body: Record<string, unknown> }>()
  const state = { fail: 0, calls: 0, refuse: '' }
  const server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req)
      state.calls++
      if (req.headers.authorization !== `Bearer ${opts.token}`) return send(res, 401, { error: 'token' })
      if (req.method !== 'POST' || req.url !== '/spaces') return send(res, 404, { error: req.url })
      if (state.fail > 0) {
        state.fail--
        return send(res, 502, { error: 'bad gateway' })
      }
      if (state.refuse) return send(res, 403, { error: state.refuse })
      const key = String(req.headers['idempotency-key'] ?? '')
      if (!key) return send(res, 400, { error: 'idempotency-key' })
      const existing = spaces.get(key)
      if (existing) return send(res, 200, { id: existing.id, url: existing.url })
      const id = `space-${spaces.size + 1}`
      const space = { id, url: `https://spaces.example.test/${id}`, body: JSON.parse(body) as Record<string, unknown> }
      spaces.set(key, space)
      send(res, 201, { id, url: space.url })
    })()
  })
  const base = await listen(server)
  return { url: base, spaces, state, close: () => close(server) }
}
