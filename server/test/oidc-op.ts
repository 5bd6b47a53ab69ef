import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWTPayload } from 'jose'
import Provider from 'oidc-provider'

/**
 * A real OpenID Provider on loopback for the sign-in tests (issue 74): oidc-provider 9, the certified Node
 * implementation (https://github.com/panva/node-oidc-provider, its example/routes/express.js shows the interaction
 * steps used here), configured like Microsoft Entra ID (`oid`, `tid`, `groups` in the ID token) and like a BankID
 * broker (`acr`, the identity number). The person who signs in at it is the one the test set as `op.person`; the
 * login and consent steps are answered for them. `op.tamper` changes the ID token the token endpoint answers and
 * signs it again with the provider's own key: what a token from another issuer, for another client, expired or with
 * another nonce looks like to the app, with a valid signature.
 */
export type OpPerson = { sub: string; claims: Record<string, unknown> }

export async function startOidcProvider(opts: {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  postLogoutRedirectUris?: string[]
  /** where the provider posts its logout tokens (OpenID Connect Back-Channel Logout 1.0) */
  backchannelLogoutUri?: string
  port?: number
  /** a sign-in page of its own where a person types their e-mail (a browser's test), instead of `op.person` */
  form?: (email: string) => OpPerson
}) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  const people = new Map<string, OpPerson>()
  const state: { person: OpPerson | null; tamper: ((payload: JWTPayload) => JWTPayload) | null; down: boolean } = {
    person: null,
    tamper: null,
    down: false,
  }

  // Made once the server listens (its address is the issuer); the server's handler reads them at each request.
  const op: { provider: Provider; handle: (req: IncomingMessage, res: ServerResponse) => void } = { provider: null!, handle: null! }

  /** The token endpoint's answer with its ID token changed as the test asked, signed again with the provider's key. */
  function tampered(res: ServerResponse) {
    const chunks: Buffer[] = []
    const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse
    res.write = ((chunk: unknown) => {
      chunks.push(Buffer.from(chunk as Buffer))
      return true
    }) as typeof res.write
    res.end = ((chunk?: unknown) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as Buffer))
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
        if (typeof body.id_token === 'string' && state.tamper) {
          const payload = state.tamper(decodeJwt(body.id_token))
          body.id_token = await new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(privateKey)
        }
        const text = JSON.stringify(body)
        if (!res.headersSent) res.setHeader('content-length', Buffer.byteLength(text))
        end(text)
      })()
      return res
    }) as typeof res.end
  }

  // How long the provider spent answering, in all (a benchmark takes it out of the app's time).
  const spent = { ms: 0 }
  const server: Server = createServer((req, res) => {
    const began = performance.now()
    res.on('finish', () => (spent.ms += performance.now() - began))
    if (state.down) {
      req.socket.destroy()
      return
    }
    const path = new URL(req.url ?? '/', 'http://op').pathname
    if (/^\/interaction\/[^/]+$/.test(path)) {
      interaction(op.provider, state.person, people, opts.form, req, res).catch((err: unknown) => {
        res.statusCode = 500
        res.end(String(err))
      })
      return
    }
    if (path === '/token' && req.method === 'POST' && state.tamper) tampered(res)
    op.handle(req, res)
  })
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  op.provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        response_types: ['code'],
        grant_types: ['authorization_code'],
        post_logout_redirect_uris: opts.postLogoutRedirectUris ?? [],
        ...(opts.backchannelLogoutUri ? { backchannel_logout_uri: opts.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['a-test-cookie-key'] },
    // The claims go in the ID token itself, as Entra ID and the eID brokers send them.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub', 'oid', 'tid', 'groups', 'roles', 'ssn'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'locale', 'preferred_username'],
    },
    acrValues: ['urn:grn:authn:se:bankid', 'urn:grn:authn:se:bankid:same-device'],
    features: { devInteractions: { enabled: false }, backchannelLogout: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    // The provider's own calls (its back-channel logout tokens) go to the app on loopback: its guard against
    // special-use addresses (fetch_request.js) is what a real provider keeps, and what this one on loopback cannot.
    fetch: (url: string, options: RequestInit & { dispatcher?: unknown }) => {
      const { dispatcher: _loopbackRefused, ...rest } = options
      return globalThis.fetch(url, rest)
    },
    findAccount: (_ctx: unknown, sub: string) => {
      const person = people.get(sub)
      return person ? { accountId: sub, claims: () => ({ sub, ...person.claims }) } : undefined
    },
  })
  op.handle = op.provider.callback()

  return {
    issuer,
    spent,
    set person(p: OpPerson | null) {
      state.person = p
    },
    set tamper(f: ((payload: JWTPayload) => JWTPayload) | null) {
      state.tamper = f
    },
    set down(v: boolean) {
      state.down = v
    },
    /** a token signed with the provider's own key (a logout token the test writes) */
    sign: (payload: JWTPayload, typ = 'logout+jwt') => new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ }).sign(privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>

/** A browser's cookie jar for the provider's pages: name=value pairs kept from its answers. */
export function cookieJar() {
  const jar = new Map<string, string>()
  return {
    keep(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';')
        const eq = pair!.indexOf('=')
        const name = pair!.slice(0, eq)
        const value = pair!.slice(eq + 1)
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name)
        else jar.set(name, value)
      }
    },
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  }
}

/**
 * The provider's login and consent steps, answered: for the person the test set, or the one typed on its own sign-in
 * page (`form`); none is a cancel (access_denied).
 */
async function interaction(
  provider: Provider,
  preset: OpPerson | null,
  people: Map<string, OpPerson>,
  form: ((email: string) => OpPerson) | undefined,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const details = await provider.interactionDetails(req, res)
  let person = preset
  if (form) {
    if (req.method !== 'POST') {
      res.setHeader('content-type', 'text/html; charset=utf-8')
      res.end(
        `<!doctype html><html lang="en"><title>Test identity provider</title><main><h1>Test identity provider</h1>` +
          `<form method="post"><label>E-mail <input name="email" type="email" required></label> <button>Sign in</button></form></main></html>`,
      )
      return
    }
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const email = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('email') ?? ''
    person = form(email)
  }
  if (!person) {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    )
    return
  }
  people.set(person.sub, person)
  const grant = new provider.Grant({ accountId: person.sub, clientId: String(details.params.client_id) })
  grant.addOIDCScope(String(details.params.scope))
  const acr = typeof details.params.acr_values === 'string' ? details.params.acr_values.split(' ')[0] : undefined
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: person.sub, ...(acr ? { acr } : {}) }, consent: { grantId: await grant.save() } },
    { mergeWithLastSubmission: false },
  )
}
