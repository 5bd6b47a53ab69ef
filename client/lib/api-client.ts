import type { ApiErrorBody } from '../../shared/schemas/errors'
import { currentLanguage } from './i18n'
import { clearSession, getUserData } from './session'

/** An answer that is not a success, with the server's translated error body when it sent one. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? `HTTP ${status}`)
    this.name = 'ApiClientError'
  }
}

/** Thrown when the server could not be reached at all. */
export class NetworkError extends Error {
  constructor() {
    super('network')
    this.name = 'NetworkError'
  }
}

let onUnauthenticated: () => void = () => {}
let onMaintenance: () => void = () => {}

/** Where a 503 `maintenance` answer leads (the maintenance page); set once at start. */
export function setMaintenanceHandler(handler: () => void) {
  onMaintenance = handler
}

/** The app decides where a 401 leads (the login page); set once at start. */
export function setUnauthenticatedHandler(handler: () => void) {
  onUnauthenticated = handler
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() }
  if (init.body !== undefined) headers['Content-Type'] = 'application/json'
  let res: Response
  try {
    res = await fetch(`/api${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    })
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err
    throw new NetworkError()
  }
  if (res.status === 204) return undefined as T
  const body = (await res.json().catch(() => null)) as unknown
  if (!res.ok) {
    const error = new ApiClientError(res.status, body as ApiErrorBody | null)
    // A 401 anywhere but the sign-in itself, while this browser believes it is signed in, means the
    // session is gone: forget it and go to login. A visitor on a public page stays where they are.
    if (res.status === 401 && !path.startsWith('/auth/login') && getUserData() !== null) {
      clearSession()
      onUnauthenticated()
    }
    if (res.status === 503 && (body as ApiErrorBody | null)?.error === 'maintenance') onMaintenance()
    throw error
  }
  return body as T
}

/**
 * Puts the server's field errors on a form (react-hook-form's setError), for the fields the form has.
 * Returns whether the error carried field errors, so the caller shows a general message otherwise.
 */
export function applyFieldErrors<F extends string>(err: unknown, setError: (name: F, error: { message?: string }) => void, fields: readonly F[]): boolean {
  const fieldErrors = err instanceof ApiClientError ? err.body?.fieldErrors : undefined
  if (!fieldErrors) return false
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if ((fields as readonly string[]).includes(field)) setError(field as F, { message: messages[0] })
  }
  return true
}
