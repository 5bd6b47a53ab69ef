import type { DisplaySetup, PairDisplayInput } from '../../../../shared/schemas/displays'
import { call, rpc, sessionlessRpc } from '../../../lib/api-client'

/** The office screens as admins and managers keep them (docs/decisions/101). */
export const listDisplays = (signal?: AbortSignal) => call(rpc.displays.$get({}, { init: { signal } }))
export const pairDisplay = (json: PairDisplayInput) => call(rpc.displays.pair.$post({ json }))
export const changeDisplay = (id: string, json: DisplaySetup & { version: number }) => call(rpc.displays[':id'].$put({ param: { id }, json }))
export const revokeDisplay = (id: string, version: number) => call(rpc.displays[':id'].revoke.$post({ param: { id }, json: { version } }))

/** The kiosk's own calls: no person's session, the credential in the Authorization header only. */
const screenRpc = sessionlessRpc

/** A screen's credential as it sends it. */
export const displayAuthorization = (id: string, secret: string) => `Display ${id}.${secret}`
const auth = (authorization: string, signal?: AbortSignal) => ({ headers: { authorization }, init: { signal } })

export const requestPairing = () => call(screenRpc.public.displays.$post())
export const displayStatus = (authorization: string, signal?: AbortSignal) => call(screenRpc.display.status.$get({}, auth(authorization, signal)))
export const displayScenes = (authorization: string, signal?: AbortSignal) => call(screenRpc.display.scenes.$get({}, auth(authorization, signal)))
export const displayRealtime = (authorization: string, signal?: AbortSignal) => call(screenRpc.display.realtime.$get({}, auth(authorization, signal)))
