import type { AppMeta, LoginInput, SessionAnswer } from '../../../../shared/schemas/auth'
import type { SsoButton } from '../../../../shared/schemas/sso'
import { call, rpc } from '../../../lib/api-client'
import { clearSession, getUserData, setSession } from '../../../lib/user-data'

/** The password step: signed in, or (two-step sign-in) a challenge the code answers with `loginWithCode`. */
export async function login(input: LoginInput): Promise<{ challenge: string } | null> {
  const answer = await call(rpc.auth.login.$post({ json: input }))
  if ('challenge' in answer) return { challenge: answer.challenge }
  setSession(answer)
  return null
}

/** The second step: a code from the authenticator app or a recovery code (docs/decisions/038). */
export async function loginWithCode(challenge: string, code: string): Promise<void> {
  setSession(await call(rpc.auth.login.mfa.$post({ json: { challenge, code } })))
}

/**
 * Signs out here. Signed in through the organisation's identity provider, the answer is the provider's sign-out
 * address, where the app goes next to end the session there too (decision 093); otherwise null.
 */
export async function logout(): Promise<string | null> {
  try {
    const answer = (await call(rpc.auth.logout.$post())) as { endSessionUrl?: string } | null | undefined
    return answer?.endSessionUrl ?? null
  } finally {
    // Signed out on this device even when the server cannot be reached.
    clearSession()
  }
}

let refreshing: Promise<void> | null = null
/** Fetches the session again so changed permissions reach a signed-in browser (one fetch at a time). */
export function refreshSession(): Promise<void> {
  refreshing ??= (async () => {
    try {
      // The server hands over the session it serialised once (a text body), so the answer's type is named here.
      const answer = (await (await rpc.auth.me.$get()).json()) as SessionAnswer
      const before = getUserData()?.id
      setSession(answer)
      // Another person now (an admin's view as a user ended on the server): start the app afresh as them.
      if (before && before !== answer.userData.id) window.location.assign('/')
    } finally {
      refreshing = null
    }
  })()
  return refreshing
}

let inline: AppMeta | null | undefined
/** The meta the server wrote into the index (absent in the service worker's cached copy). */
export function knownAppMeta(): AppMeta | null {
  if (inline === undefined) {
    try {
      const text = document.getElementById('sk-meta')?.textContent
      inline = text ? (JSON.parse(text) as AppMeta) : null
    } catch {
      inline = null
    }
  }
  return inline
}

let metaPromise: Promise<AppMeta> | null = null
export function appMeta(): Promise<AppMeta> {
  const known = knownAppMeta()
  metaPromise ??= known ? Promise.resolve(known) : call(rpc.meta.$get()).catch(() => ({ demo: false, version: '', demoAccounts: [], maintenance: false }))
  return metaPromise
}

const SSO_BUTTONS_KEY = 'sk-sso-buttons'

/** The sign-in buttons last shown on this device (drawn at once; the server's answer follows). */
export function knownSsoButtons(): SsoButton[] {
  try {
    const kept = JSON.parse(localStorage.getItem(SSO_BUTTONS_KEY) ?? '[]') as unknown
    return Array.isArray(kept) ? (kept as SsoButton[]).filter((b) => typeof b?.key === 'string' && typeof b?.label === 'string') : []
  } catch {
    return []
  }
}

/** The organisation's identity providers a person may sign in with (docs/decisions/093), kept for the next visit. */
export async function ssoButtons(): Promise<SsoButton[]> {
  const buttons = await call(rpc.auth.sso.providers.$get())
  try {
    localStorage.setItem(SSO_BUTTONS_KEY, JSON.stringify(buttons))
  } catch {
    // a full or refused storage: the buttons come with the next answer
  }
  return buttons
}

/** Where a provider's button goes: out to the provider, back to `to` (an app path) once signed in. */
export const ssoStartUrl = (key: string, to: string) => `/api/auth/sso/${encodeURIComponent(key)}/start?returnTo=${encodeURIComponent(to)}`
