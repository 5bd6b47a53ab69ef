import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { load as loadYaml } from 'js-yaml'

type Parameter = { name: string; in: string; required: boolean; description: string }
type Operation = { parameters: Parameter[]; responses: { '200': { examples: { 'application/json': string } }; default: { examples: Record<string, string> } } }

/** 46elks's own description of `POST /SMS` (references/46elks/README.md). */
export const SMS_OPERATION = (loadYaml(readFileSync(new URL('./references/46elks/sms-post.yaml', import.meta.url), 'utf8')) as { '/SMS': { post: Operation } })[
  '/SMS'
].post

/** What 46elks's description says `from` may be: 3–11 letters and digits starting with a letter, or a number. */
const SENDER = /^([A-Za-z][A-Za-z0-9]{2,10}|\+[1-9]\d{6,14})$/
/** and `to`: a number in E.164 (the local forms it also takes are not what the app sends). */
const E164 = /^\+[1-9]\d{6,14}$/

export type ReceivedSms = { from: string; to: string; message: string; fields: Record<string, string> }

/**
 * A local stand-in of 46elks's SMS API for the API tests, answering as its description says: a request that breaks
 * the description (a missing or unknown form parameter, another content type, wrong credentials, a malformed sender
 * or number) gets what 46elks answers to bad input (a 4xx with a plain-text reason) and is recorded in `violations`,
 * which a test asserts empty; a good one gets the description's own example answer with a fresh id.
 * `refuseNext(n)` answers the next `n` good requests 503 (a gateway that is down for a moment).
 */
export async function fake46elks(credentials: { user: string; password: string }) {
  const received: ReceivedSms[] = []
  const violations: string[] = []
  let refusals = 0
  const known = new Set(SMS_OPERATION.parameters.map((p) => p.name))
  const required = SMS_OPERATION.parameters.filter((p) => p.required).map((p) => p.name)
  const example = JSON.parse(SMS_OPERATION.responses['200'].examples['application/json']) as Record<string, unknown>
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const refuse = (status: number, why: string) => {
        violations.push(why)
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(why)
      }
      if (req.method !== 'POST' || req.url?.toLowerCase() !== '/a1/sms') return refuse(404, `${req.method} ${req.url}`)
      const auth = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`
      if (req.headers.authorization !== auth) return refuse(401, 'Authorization failed')
      if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return refuse(400, `content-type ${req.headers['content-type']}`)
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
      const fields = Object.fromEntries(form.entries())
      for (const name of Object.keys(fields)) if (!known.has(name)) return refuse(400, `Unknown parameter ${name}`)
      for (const name of required) if (!fields[name]) return refuse(400, `Missing ${name}`)
      if (!SENDER.test(fields.from!)) return refuse(400, `Invalid from ${fields.from}`)
      if (!E164.test(fields.to!)) return refuse(400, `Invalid to ${fields.to}`)
      if (refusals > 0) {
        refusals--
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' }).end('Service unavailable')
        return
      }
      received.push({ from: fields.from!, to: fields.to!, message: fields.message!, fields })
      const answer = { ...example, id: `s${crypto.randomUUID().replace(/-/g, '')}`, from: fields.from, to: fields.to, message: fields.message }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/a1/sms`,
    received,
    violations,
    refuseNext(n: number) {
      refusals = n
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
