import { Client, EqualityFilter } from 'ldapts'
import { accountNameOf, directoryEmployeeId } from '../../../shared/rules/candidates'
import { OutsideFailure, refusedForGood } from '../../lib/outside-failure'
import type { Env } from '../../env'

/** The person a directory account is made for. */
export type DirectoryPerson = {
  candidateId: string
  firstName: string
  lastName: string
  email: string
  phone: string | null
  country: string
  password: string
}
/** A cloud or LDAP directory where new sellers get their account (docs/decisions/070). */
export type Directory = {
  kind: 'graph' | 'ldap'
  /** The person's account: found by the candidate's id when a run before made it, else made (a free name chosen). */
  ensureAccount(person: DirectoryPerson): Promise<{ id: string; email: string }>
}

const MAX_NAME_TRIES = 50
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Microsoft Graph (`POST /users`, docs/integrations.md): an app's client-credentials token; the user principal name
 * from the person's name (å/ä/ö/é transliterated, a number added while the name is taken; at most 64 characters of
 * A–Z, 0–9 and `.-`), the required fields (accountEnabled, displayName, mailNickname, userPrincipalName,
 * passwordProfile), `usageLocation` from the region's country (ISO 3166-1 alpha-2), and the candidate as `employeeId`
 * (16 characters, Graph's limit) — what makes a second run find the first one's account. Every property within the
 * user resource's documented limits. A new user may not be readable at once: it is read again, with backoff, until it
 * is. A refusal is an `OutsideFailure` with Graph's own code and message, permanent when asking again cannot help.
 */
export function graphDirectory(config: NonNullable<Env['onboarding']['graph']>, opts: { readTries?: number; readDelayMs?: number } = {}): Directory {
  const readTries = opts.readTries ?? 8
  const readDelayMs = opts.readDelayMs ?? 500
  let token: { value: string; until: number } | null = null

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now() + 60_000) return token.value
    const res = await fetch(`${config.loginUrl}/${encodeURIComponent(config.tenantId)}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: config.clientId,
        client_secret: config.clientSecret,
        scope: 'https://graph.microsoft.com/.default',
      }),
      signal: AbortSignal.timeout(15_000),
    })
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { error?: string; error_description?: string }
      const why = [body.error, body.error_description?.split('\r\n')[0]].filter(Boolean).join(': ')
      throw new OutsideFailure(`the directory refused the app's sign-in (${res.status}${why ? ` ${why}` : ''})`, refusedForGood(res.status))
    }
    const body = (await res.json()) as { access_token?: string; expires_in?: number }
    if (!body.access_token) throw new OutsideFailure('the directory answered without a token', false)
    token = { value: body.access_token, until: Date.now() + (body.expires_in ?? 3600) * 1000 }
    return token.value
  }

  async function graph(method: string, path: string, body?: unknown) {
    const res = await fetch(`${config.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    })
    const text = await res.text()
    let json: Record<string, unknown> = {}
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {}
    } catch {
      // not JSON: the status says enough
    }
    return { status: res.status, json }
  }

  const errorOf = (json: Record<string, unknown>) => {
    const e = json.error as { code?: string; message?: string; details?: Array<{ code?: string; target?: string }> } | undefined
    if (!e) return ''
    const details = (e.details ?? []).map((d) => [d.code, d.target].filter(Boolean).join(' ')).join(', ')
    return `${e.code ?? ''} ${e.message ?? ''}${details ? ` (${details})` : ''}`.trim()
  }
  /** Graph's answer as a failure of the step: its code and message; permanent for a request Graph refuses itself. */
  const failure = (what: string, r: { status: number; json: Record<string, unknown> }) =>
    new OutsideFailure(`${what} (${r.status} ${errorOf(r.json)})`.replace(' ()', ''), refusedForGood(r.status))
  const ascii = (s: string) => /^[\x20-\x7e]*$/.test(s)

  return {
    kind: 'graph',
    async ensureAccount(person) {
      const employeeId = directoryEmployeeId(person.candidateId)
      const found = await graph('GET', `/users?$filter=${encodeURIComponent(`employeeId eq '${employeeId}'`)}&$select=id,userPrincipalName`)
      if (found.status !== 200) throw failure('the directory answered', found)
      const existing = (found.json.value as Array<{ id: string; userPrincipalName: string }> | undefined)?.[0]
      if (existing) return { id: existing.id, email: existing.userPrincipalName }
      for (let n = 1; n <= MAX_NAME_TRIES; n++) {
        const nickname = accountNameOf(person.firstName, person.lastName, n)
        const upn = `${nickname}@${config.domain}`
        const taken = await graph('GET', `/users/${encodeURIComponent(upn)}?$select=id`)
        if (taken.status === 200) continue
        if (taken.status !== 404) throw failure('the directory answered', taken)
        const created = await graph('POST', '/users', {
          accountEnabled: true,
          displayName: `${person.firstName} ${person.lastName}`.slice(0, 256),
          givenName: person.firstName.slice(0, 64),
          surname: person.lastName.slice(0, 64),
          mailNickname: nickname,
          userPrincipalName: upn,
          employeeId,
          usageLocation: person.country,
          // Graph takes no accented characters in otherMails: an address with them is left out.
          ...(ascii(person.email) ? { otherMails: [person.email] } : {}),
          ...(person.phone ? { mobilePhone: person.phone.slice(0, 64) } : {}),
          passwordProfile: { forceChangePasswordNextSignIn: true, password: person.password },
        })
        // Taken between our look and our create: the next name.
        if (created.status === 400 && /already exists|ObjectConflict/i.test(errorOf(created.json))) continue
        if (created.status !== 201) throw failure('the directory refused the account', created)
        const id = String(created.json.id)
        for (let i = 0; i < readTries; i++) {
          const read = await graph('GET', `/users/${encodeURIComponent(id)}?$select=id`)
          if (read.status === 200) return { id, email: upn }
          if (read.status !== 404) throw failure('the directory answered', read)
          await sleep(readDelayMs * 2 ** i)
        }
        throw new OutsideFailure('the directory made the account but could not show it yet: it is tried again', false)
      }
      throw new OutsideFailure('no free account name', true)
    },
  }
}

/** RFC 3062's Password Modify extended operation. */
export const PASSWORD_MODIFY_OID = '1.3.6.1.4.1.4203.1.11.1'

/** A BER length: short form below 128, else long form. */
function berLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n])
  const bytes: number[] = []
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256)
  return Buffer.from([0x80 | bytes.length, ...bytes])
}
const ber = (tag: number, content: Buffer) => Buffer.concat([Buffer.from([tag]), berLength(content.length), content])

/**
 * RFC 3062's PasswdModifyRequestValue: SEQUENCE { userIdentity [0] OCTET STRING, newPasswd [2] OCTET STRING } — the
 * entry whose password is set, and the password. The server stores it by its own policy (OpenLDAP: hashed with its
 * `password-hash`, {SSHA} by default), never as given.
 */
export function passwordModifyRequest(userIdentity: string, newPassword: string): Buffer {
  return ber(0x30, Buffer.concat([ber(0x80, Buffer.from(userIdentity, 'utf8')), ber(0x82, Buffer.from(newPassword, 'utf8'))]))
}

/**
 * An organisation's own LDAP directory: an `inetOrgPerson` under the users' container, `uid` from the person's name
 * (a number added while taken), the candidate's id as `employeeNumber` (a second run finds the first one's entry). The
 * temporary password is set with the Password Modify extended operation (RFC 3062), so the server hashes it by its
 * own policy: written as a plain `userPassword` in the add, a stock OpenLDAP would keep it in clear text.
 */
export function ldapDirectory(config: NonNullable<Env['onboarding']['ldap']>): Directory {
  const escapeDn = (v: string) => v.replace(/([,+"\\<>;=#])/g, '\\$1')
  return {
    kind: 'ldap',
    async ensureAccount(person) {
      const client = new Client({ url: config.url, timeout: 15_000, connectTimeout: 10_000 })
      try {
        if (config.bindDn) await client.bind(config.bindDn, config.bindPassword)
        const mailOf = (uid: string) => (config.domain ? `${uid}@${config.domain}` : person.email)
        const mine = await client.search(config.usersDn, {
          scope: 'one',
          filter: new EqualityFilter({ attribute: 'employeeNumber', value: person.candidateId }),
          attributes: ['uid', 'mail'],
        })
        const entry = mine.searchEntries[0]
        if (entry) {
          // A run that died after the add: the entry is there, its password perhaps not; set (again) now.
          await client.exop(PASSWORD_MODIFY_OID, passwordModifyRequest(entry.dn, person.password))
          return { id: entry.dn, email: String(entry.mail ?? mailOf(String(entry.uid))) }
        }
        for (let n = 1; n <= MAX_NAME_TRIES; n++) {
          const uid = accountNameOf(person.firstName, person.lastName, n)
          const taken = await client.search(config.usersDn, { scope: 'one', filter: new EqualityFilter({ attribute: 'uid', value: uid }), attributes: ['uid'] })
          if (taken.searchEntries.length > 0) continue
          const dn = `uid=${escapeDn(uid)},${config.usersDn}`
          await client.add(dn, {
            objectClass: ['top', 'person', 'organizationalPerson', 'inetOrgPerson'],
            uid,
            cn: `${person.firstName} ${person.lastName}`,
            sn: person.lastName || person.firstName,
            givenName: person.firstName,
            mail: mailOf(uid),
            employeeNumber: person.candidateId,
            ...(person.phone ? { mobile: person.phone } : {}),
          })
          await client.exop(PASSWORD_MODIFY_OID, passwordModifyRequest(dn, person.password))
          return { id: dn, email: mailOf(uid) }
        }
        throw new OutsideFailure('no free account name', true)
      } catch (error) {
        throw ldapFailure(error)
      } finally {
        await client.unbind().catch(() => undefined)
      }
    },
  }
}

/**
 * An LDAP error as a failure of the step, with the server's result code and message (RFC 4511 §4.1.9): permanent for
 * what the directory refuses itself — bad credentials (49), no access (50), a name, an attribute or an object class it
 * will not take (16–21, 32–36, 64–69) — so a person fixes the bind rights or the settings; anything else (busy 51,
 * unavailable 52, a dropped connection) is tried again.
 */
function ldapFailure(error: unknown): Error {
  if (error instanceof OutsideFailure) return error
  const code = (error as { code?: unknown }).code
  const message = error instanceof Error ? error.message : String(error)
  if (typeof code !== 'number') return new OutsideFailure(`the directory could not be reached (${message})`, false)
  const permanent = (code >= 16 && code <= 21) || (code >= 32 && code <= 36) || code === 48 || code === 49 || code === 50 || (code >= 64 && code <= 69)
  return new OutsideFailure(`the directory refused the account (LDAP ${code}: ${message})`, permanent)
}

/** The directory the environment configures: Graph, else LDAP, else none. */
export function directoryOf(env: Env): Directory | null {
  if (env.onboarding.graph) return graphDirectory(env.onboarding.graph)
  if (env.onboarding.ldap) return ldapDirectory(env.onboarding.ldap)
  return null
}
