import { execFileSync } from 'node:child_process'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { crc32, deflateSync } from 'node:zlib'
import { fakeSmtp as baseSmtp } from '../../test/fake-smtp'

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
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([len, body, crc])
  }
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
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
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

const UPN_LOCAL = /^[A-Za-z0-9'.\-_!#^~]+$/

export async function fakeGraph(opts: { tenant: string; clientId: string; secret: string; domain: string }) {
  const users: Array<Record<string, unknown> & { id: string; userPrincipalName: string }> = []
  const state = { failCreates: 0, hiddenReads: 0, tokens: 0, creates: 0 }
  const hidden = new Map<string, number>()
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x')
      const body = await bodyOf(req)
      if (req.method === 'POST' && url.pathname === `/${opts.tenant}/oauth2/v2.0/token`) {
        const form = new URLSearchParams(body)
        if (form.get('grant_type') !== 'client_credentials' || form.get('client_id') !== opts.clientId || form.get('client_secret') !== opts.secret)
          return send(res, 401, { error: 'invalid_client' })
        state.tokens++
        return send(res, 200, { access_token: 'graph-token', token_type: 'Bearer', expires_in: 3600 })
      }
      if (req.headers.authorization !== 'Bearer graph-token') return send(res, 401, { error: { code: 'InvalidAuthenticationToken', message: 'no token' } })
      if (req.method === 'GET' && url.pathname === '/v1.0/users') {
        const m = /^employeeId eq '([^']+)'$/.exec(url.searchParams.get('$filter') ?? '')
        if (!m) return send(res, 400, { error: { code: 'Request_UnsupportedQuery', message: 'filter' } })
        return send(res, 200, { value: users.filter((u) => u.employeeId === m[1]).map((u) => ({ id: u.id, userPrincipalName: u.userPrincipalName })) })
      }
      const one = /^\/v1\.0\/users\/([^/]+)$/.exec(url.pathname)
      if (req.method === 'GET' && one) {
        const key = decodeURIComponent(one[1]!)
        const u = users.find((x) => x.id === key || x.userPrincipalName.toLowerCase() === key.toLowerCase())
        const left = u ? (hidden.get(u.id) ?? 0) : 0
        if (u && left > 0) hidden.set(u.id, left - 1)
        if (!u || left > 0) return send(res, 404, { error: { code: 'Request_ResourceNotFound', message: `Resource '${key}' does not exist` } })
        return send(res, 200, { id: u.id })
      }
      if (req.method === 'POST' && url.pathname === '/v1.0/users') {
        state.creates++
        if (state.failCreates > 0) {
          state.failCreates--
          return send(res, 503, { error: { code: 'ServiceUnavailable', message: 'try later' } })
        }
        const u = JSON.parse(body) as Record<string, unknown>
        const missing = ['accountEnabled', 'displayName', 'mailNickname', 'userPrincipalName', 'passwordProfile'].filter((k) => u[k] === undefined)
        if (missing.length) return send(res, 400, { error: { code: 'Request_BadRequest', message: `missing ${missing.join(', ')}` } })
        const upn = String(u.userPrincipalName)
        const [local, domain] = upn.split('@')
        if (!local || !UPN_LOCAL.test(local) || domain !== opts.domain)
          return send(res, 400, { error: { code: 'Request_BadRequest', message: 'Property userPrincipalName is invalid.' } })
        if (!/^[A-Z]{2}$/.test(String(u.usageLocation ?? ''))) return send(res, 400, { error: { code: 'Request_BadRequest', message: 'usageLocation' } })
        const password = (u.passwordProfile as { password?: string } | undefined)?.password ?? ''
        if (password.length < 8) return send(res, 400, { error: { code: 'Request_BadRequest', message: 'password' } })
        if (users.some((x) => x.userPrincipalName.toLowerCase() === upn.toLowerCase()))
          return send(res, 400, {
            error: { code: 'Request_BadRequest', message: 'Another object with the same value for property userPrincipalName already exists.' },
          })
        const id = crypto.randomUUID()
        users.push({ ...u, id, userPrincipalName: upn })
        if (state.hiddenReads > 0) hidden.set(id, state.hiddenReads)
        return send(res, 201, { id, userPrincipalName: upn })
      }
      send(res, 404, { error: { code: 'NotFound', message: url.pathname } })
    })()
  })
  const base = await listen(server)
  return { base, url: `${base}/v1.0`, users, state, close: () => close(server) }
}

export async function fakeEsign(opts: { token: string; signedPdf: Uint8Array }) {
  const submissions: Array<{ id: number; body: Record<string, unknown> }> = []
  const state = { fail: 0 }
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x')
      const body = await bodyOf(req)
      if (req.headers['x-auth-token'] !== opts.token) return send(res, 401, { error: 'Not authenticated' })
      if (state.fail > 0) {
        state.fail--
        return send(res, 500, { error: 'Internal Server Error' })
      }
      if (req.method === 'POST' && url.pathname === '/api/submissions/pdf') {
        const b = JSON.parse(body) as Record<string, unknown>
        const docs = b.documents as Array<{ file?: string }> | undefined
        if (!docs?.[0]?.file || !Buffer.from(docs[0].file, 'base64').subarray(0, 5).equals(Buffer.from('%PDF-'))) return send(res, 422, { error: 'a PDF' })
        const id = 100 + submissions.length
        submissions.push({ id, body: b })
        return send(res, 200, { id, submitters: [{ id: id * 10, submission_id: id, email: (b.submitters as Array<{ email: string }>)[0]!.email }] })
      }
      if (req.method === 'GET' && url.pathname.startsWith('/file/')) {
        res.writeHead(200, { 'content-type': 'application/pdf' })
        return res.end(Buffer.from(opts.signedPdf))
      }
      send(res, 404, { error: url.pathname })
    })()
  })
  const base = await listen(server)
  return { base, url: `${base}/api`, submissions, state, close: () => close(server) }
}

/** An onboarding space service: `POST /spaces` with its token; the same idempotency key answers the same space. */
export async function fakeSpaces(opts: { token: string }) {
  const spaces = new Map<string, { id: string; url: string; body: Record<string, unknown> }>()
  const state = { fail: 0, calls: 0 }
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
