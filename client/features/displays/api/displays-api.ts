import { hc } from 'hono/client'
import type { ApiType } from '../../../../server/api-type'
import type { DisplaySetup, PairDisplayInput } from '../../../../shared/schemas/displays'
import type { ApiErrorBody } from '../../../../shared/schemas/errors'
import { ApiClientError, call, NetworkError, rpc } from '../../../lib/api-client'
import { currentLanguage } from '../../../lib/i18n'

/** The office screens as admins and managers keep them (docs/decisions/101). */
export const listDisplays = (signal?: AbortSignal) => call(rpc.displays.$get({}, { init: { signal } }))
export const pairDisplay = (json: PairDisplayInput) => call(rpc.displays.pair.$post({ json }))
export const changeDisplay = (id: string, json: DisplaySetup & { version: number }) => call(rpc.displays[':id'].$put({ param: { id }, json }))
export const revokeDisplay = (id: string, version: number) => call(rpc.displays[':id'].revoke.$post({ param: { id }, json: { version } }))

/**
 * The kiosk's own calls: no person's session is involved, so a refusal never signs anyone out of this browser (an
 * admin trying /tv in their own browser stays signed in); the credential goes in the Authorization header only.
 */
async function screenFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('Accept', 'application/json')
  headers.set('Accept-Language', currentLanguage())
  let res: Response
  try {
    res = await fetch(input, { ...init, headers, credentials: 'omit', cache: 'no-store' })
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err
    throw new NetworkError()
  }
  if (res.ok) return res
  throw new ApiClientError(res.status, (await res.json().catch(() => null)) as ApiErrorBody | null)
}
const screenRpc = hc<ApiType>('/', { fetch: screenFetch }).api

/** A screen's credential as it sends it. */
export const displayAuthorization = (id: string, secret: string) => `Display ${id}.${secret}`
const auth = (authorization: string, signal?: AbortSignal) => ({ headers: { authorization }, init: { signal } })

export const requestPairing = () => call(screenRpc.public.displays.$post())
export const displayStatus = (authorization: string, signal?: AbortSignal) => call(screenRpc.display.status.$get({}, auth(authorization, signal)))
export const displayScenes = (authorization: string, signal?: AbortSignal) => call(screenRpc.display.scenes.$get({}, auth(authorization, signal)))
export const displayRealtime = (authorization: string, signal?: AbortSignal) => call(screenRpc.display.realtime.$get({}, auth(authorization, signal)))
