import { hc, type ClientResponse, type parseResponse } from 'hono/client'
import type { ApiType } from '../../server/api-type'
import type { ApiErrorBody, FieldErrors } from '../../shared/schemas/errors'
import { currentLanguage } from './i18n'
import { clearSession, getUserData } from './user-data'

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

/** What a failed call says to the user: the network, the server's translated message, or a general error. */
export function errorText(err: unknown, t: (key: string) => string): string {
  if (err instanceof NetworkError) return t('errors.network')
  if (err instanceof ApiClientError) return err.message
  return t('errors.server_error')
}

/** Thrown when the server could not be reached at all. */
export class NetworkError extends Error {
  constructor() {
    super('network')
    this.name = 'NetworkError'
  }
}

let onUnauthenticated: () => void = () => {}
let onSessionChanged: () => void = () => {}

/** What to do when the server's answers say the signed-in user's data or rules changed (fetch them again). */
export function setSessionChangedHandler(handler: () => void) {
  onSessionChanged = handler
}

const REV_KEY = 'sessionRev'
/**
 * Every signed-in answer names the revision of the user's data and rules (`X-Session-Rev`). A new one means an
 * admin changed their role, team or permissions: the app fetches them again, once, without a new sign-in.
 */
function noteSessionRev(res: Response) {
  const rev = res.headers.get('X-Session-Rev')
  if (!rev || getUserData() === null) return
  const known = localStorage.getItem(REV_KEY)
  if (known === rev) return
  localStorage.setItem(REV_KEY, rev)
  if (known !== null) onSessionChanged()
}
let onMaintenance: () => void = () => {}
let onStepUp: () => Promise<boolean> = async () => false

/** How the person confirms it is them before a sensitive action (the step-up dialog); set once at start. */
export function setStepUpHandler(handler: () => Promise<boolean>) {
  onStepUp = handler
}

/** Where a 503 `maintenance` answer leads (the maintenance page); set once at start. */
export function setMaintenanceHandler(handler: () => void) {
  onMaintenance = handler
}

/** The app decides where a 401 leads (the login page); set once at start. */
export function setUnauthenticatedHandler(handler: () => void) {
  onUnauthenticated = handler
}

/** A request with the API's headers (JSON, the user's language); not reaching the server is a NetworkError. */
async function send(input: RequestInfo | URL, init: RequestInit, how: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('Accept', 'application/json')
  headers.set('Accept-Language', currentLanguage())
  try {
    return await fetch(input, { ...init, headers, ...how })
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err
    throw new NetworkError()
  }
}

/**
 * A call made without anyone's session (an office screen with its own credential in a header): the same reading of a
 * failed answer, but no cookie is sent and a refusal signs no one out of this browser (an admin trying /tv in their
 * own browser stays signed in).
 */
async function sessionlessFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const res = await send(input, init, { credentials: 'omit', cache: 'no-store' })
  if (res.ok) return res
  throw new ApiClientError(res.status, (await res.json().catch(() => null)) as ApiErrorBody | null)
}

/**
 * Every API call goes through here: the user's language, the session cookie, and one reading of a failed answer —
 * a network failure is a NetworkError, any other failure an ApiClientError with the server's translated body; a
 * 401 while signed in ends the session (the app goes to login), a 503 `maintenance` opens the maintenance page.
 */
async function appFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const res = await send(input, init, { credentials: 'same-origin' })
  noteSessionRev(res)
  if (res.ok) return res
  const body = (await res.json().catch(() => null)) as ApiErrorBody | null
  const path = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.origin).pathname
  // A 401 anywhere but the sign-in itself, while this browser believes it is signed in, means the
  // session is gone: forget it and go to login. A visitor on a public page stays where they are.
  if (res.status === 401 && path !== '/api/auth/login' && getUserData() !== null) {
    clearSession()
    onUnauthenticated()
  }
  if (res.status === 503 && body?.error === 'maintenance') onMaintenance()
  // A sensitive action wants a recent sign-in (decision 093): once the person has confirmed it is them, again.
  if (res.status === 403 && body?.error === 'step_up_required' && (await onStepUp())) return appFetch(input, init)
  throw new ApiClientError(res.status, body)
}

/**
 * The API, typed from the server's routes (Hono's `hc` over server/api-type.ts): paths, inputs and answers are
 * checked by the compiler, e.g. `call(rpc.profile.$patch({ json: input }))`.
 */
export const rpc = hc<ApiType>('/', { fetch: appFetch }).api
/** The same API for calls without a session (sessionlessFetch). */
export const sessionlessRpc = hc<ApiType>('/', { fetch: sessionlessFetch }).api

type Success<R extends ClientResponse<unknown>> = Awaited<ReturnType<typeof parseResponse<R>>>

/** A call's successful answer: its JSON, or undefined for an answer without a body (204). */
export async function call<R extends ClientResponse<unknown>>(request: Promise<R>): Promise<Success<R>> {
  const res = await request
  if (res.status === 204) return undefined as Success<R>
  return (await res.json()) as Success<R>
}

/**
 * The server's field errors of a failed call — each field it named with its messages — or undefined when the failure
 * named none (the network, another error). Every form reads them here, not from the error's body by hand.
 */
export function serverFieldErrors(err: unknown): FieldErrors | undefined {
  return err instanceof ApiClientError ? err.body?.fieldErrors : undefined
}

/**
 * A failed save's messages for a form that shows one per field: the server's first message for each field it named,
 * or else `form` with what the failure says (`formText`).
 */
export function messagesByField(err: unknown, formText: (err: unknown) => string): Record<string, string> {
  const fields = serverFieldErrors(err)
  if (!fields || Object.keys(fields).length === 0) return { form: formText(err) }
  return Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages?.[0] ?? '']))
}

/**
 * Puts the server's field errors on a form (react-hook-form's setError), for the fields the form has.
 * Returns whether the error carried field errors, so the caller shows a general message otherwise.
 */
export function applyFieldErrors<F extends string>(err: unknown, setError: (name: F, error: { message?: string }) => void, fields: readonly F[]): boolean {
  const fieldErrors = serverFieldErrors(err)
  if (!fieldErrors) return false
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if ((fields as readonly string[]).includes(field)) setError(field as F, { message: messages[0] })
  }
  return true
}

/**
 * Sends a file as a request's body, the way upload routes read it (the bytes; the name in X-File-Name), with the
 * same reading of a failed answer as every call. `contentType` null lets the server tell the type by the content.
 */
export async function uploadFile<T>(url: string, file: Blob, name: string, contentType: string | null, signal?: AbortSignal): Promise<T> {
  const headers: Record<string, string> = { 'X-File-Name': encodeURIComponent(name) }
  if (contentType) headers['Content-Type'] = contentType
  const res = await appFetch(url, { method: 'POST', body: file, headers, signal })
  return (await res.json()) as T
}

/**
 * A GET whose query is built from strings (a list's page and filters, a screen's URL), empty values left out. The
 * one cast from strings to the endpoint's query type lives here: the server's zod schema coerces and checks them, and
 * the names are the endpoint's own (`Q`'s keys).
 */
export function getWith<Q, R extends ClientResponse<unknown>>(
  get: (args: { query: Q }, options: { init: RequestInit }) => Promise<R>,
  query: { [K in keyof Q]?: string | number | null | undefined },
  signal?: AbortSignal,
): Promise<Success<R>> {
  const params = Object.fromEntries(
    Object.entries(query as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  )
  return call(get({ query: params as Q }, { init: { signal } }))
}
