import { Client, EqualityFilter } from 'ldapts'
import { accountNameOf } from '../../../shared/rules/candidates'
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
 * Microsoft Graph (`POST /users`): an app's client-credentials token; the user principal name from the person's name
 * (å/ä/ö/é transliterated, a number added while the name is taken), the required fields (accountEnabled, displayName,
 * mailNickname, userPrincipalName, passwordProfile), `usageLocation` from the region's country, and the candidate's
 * id as `employeeId` — what makes a second run find the first one's account. A new user may not be readable at once:
 * it is read again, with backoff, until it is.
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
    if (!res.ok) throw new Error(`the directory refused the app's sign-in (${res.status})`)
    const body = (await res.json()) as { access_token?: string; expires_in?: number }
    if (!body.access_token) throw new Error('the directory answered without a token')
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
    const e = json.error as { code?: string; message?: string } | undefined
    return e ? `${e.code ?? ''} ${e.message ?? ''}`.trim() : ''
  }

  return {
    kind: 'graph',
    async ensureAccount(person) {
      const found = await graph('GET', `/users?$filter=${encodeURIComponent(`employeeId eq '${person.candidateId}'`)}&$select=id,userPrincipalName`)
      if (found.status !== 200) throw new Error(`the directory answered ${found.status} ${errorOf(found.json)}`)
      const existing = (found.json.value as Array<{ id: string; userPrincipalName: string }> | undefined)?.[0]
      if (existing) return { id: existing.id, email: existing.userPrincipalName }
      for (let n = 1; n <= MAX_NAME_TRIES; n++) {
        const nickname = accountNameOf(person.firstName, person.lastName, n)
        const upn = `${nickname}@${config.domain}`
        const taken = await graph('GET', `/users/${encodeURIComponent(upn)}?$select=id`)
        if (taken.status === 200) continue
        if (taken.status !== 404) throw new Error(`the directory answered ${taken.status} ${errorOf(taken.json)}`)
        const created = await graph('POST', '/users', {
          accountEnabled: true,
          displayName: `${person.firstName} ${person.lastName}`,
          givenName: person.firstName,
          surname: person.lastName,
          mailNickname: nickname,
          userPrincipalName: upn,
          employeeId: person.candidateId,
          usageLocation: person.country,
          otherMails: [person.email],
          ...(person.phone ? { mobilePhone: person.phone } : {}),
          passwordProfile: { forceChangePasswordNextSignIn: true, password: person.password },
        })
        // Taken between our look and our create: the next name.
        if (created.status === 400 && /already exists|ObjectConflict/i.test(errorOf(created.json))) continue
        if (created.status !== 201) throw new Error(`the directory refused the account (${created.status} ${errorOf(created.json)})`)
        const id = String(created.json.id)
        for (let i = 0; i < readTries; i++) {
          const read = await graph('GET', `/users/${encodeURIComponent(id)}?$select=id`)
          if (read.status === 200) return { id, email: upn }
          if (read.status !== 404) throw new Error(`the directory answered ${read.status} ${errorOf(read.json)}`)
          await sleep(readDelayMs * 2 ** i)
        }
        throw new Error('the directory made the account but could not show it yet: it is tried again')
      }
      throw new Error('no free account name')
    },
  }
}

/**
 * An organisation's own LDAP directory: an `inetOrgPerson` under the users' container, `uid` from the person's name
 * (a number added while taken), the candidate's id as `employeeNumber` (a second run finds the first one's entry),
 * the temporary password as `userPassword` (the server hashes it by its own policy).
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
        if (entry) return { id: entry.dn, email: String(entry.mail ?? mailOf(String(entry.uid))) }
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
            userPassword: person.password,
            ...(person.phone ? { mobile: person.phone } : {}),
          })
          return { id: dn, email: mailOf(uid) }
        }
        throw new Error('no free account name')
      } finally {
        await client.unbind().catch(() => undefined)
      }
    },
  }
}

/** The directory the environment configures: Graph, else LDAP, else none. */
export function directoryOf(env: Env): Directory | null {
  if (env.onboarding.graph) return graphDirectory(env.onboarding.graph)
  if (env.onboarding.ldap) return ldapDirectory(env.onboarding.ldap)
  return null
}
