import type { AppMeta, LoginInput, SessionAnswer } from '../../../../shared/schemas/auth'
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

export async function logout(): Promise<void> {
  try {
    await call(rpc.auth.logout.$post())
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
