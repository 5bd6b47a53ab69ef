import type { ActionOrManage, SubjectOrAll } from '../permissions/catalogue'
import type { RouteMeta } from '../routes'

/**
 * The navigation guard of spec section 2, as a pure function the client runs before every navigation.
 * Order: the index redirect, then public, then unauthenticated-only, then the route's permission. The index
 * sends a signed-in user to their home rather than the start page (docs/decisions/017).
 */

export type GuardInput = {
  route: { name: string; meta: RouteMeta }
  /** the wanted path, without query */
  pathname: string
  /** the wanted query string, with or without the leading "?" */
  search: string
  /** the stored user data (localStorage userData); null for a visitor */
  userData: { role?: string | null } | null
  /** the path of the signed-in user's home (their role's first screen, client/app/navigation.ts), if any */
  home?: string | null
  can: (action: ActionOrManage, subject: SubjectOrAll) => boolean
}

export type GuardDecision = { type: 'allow' } | { type: 'redirect'; to: string }

const ALLOW: GuardDecision = { type: 'allow' }

/** Encodes a query value like Vue Router and the spec's examples do: "/" stays readable. */
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/gi, '/')
}

export function buildQuery(params: URLSearchParams): string {
  const parts: string[] = []
  params.forEach((value, key) => parts.push(`${encodeQueryValue(key)}=${encodeQueryValue(value)}`))
  return parts.length > 0 ? `?${parts.join('&')}` : ''
}

export function loginRedirect(pathname: string, search: string): string {
  const params = new URLSearchParams(search)
  params.delete('to')
  if (pathname !== '/') params.set('to', pathname)
  return `/login${buildQuery(params)}`
}

export function decideNavigation(input: GuardInput): GuardDecision {
  const { route, userData } = input
  const signedIn = userData !== null

  if (route.name === 'index') {
    // Each role lands on its own home; the start page (every screen by area) when it has none (decision 017).
    if (userData?.role) return { type: 'redirect', to: input.home ?? '/start' }
    return { type: 'redirect', to: `/login${buildQuery(new URLSearchParams(input.search))}` }
  }

  if (route.meta.public) return ALLOW

  if (route.meta.unauthenticatedOnly) {
    return signedIn ? { type: 'redirect', to: '/' } : ALLOW
  }

  const { action, subject } = route.meta
  if (action && subject && input.can(action, subject)) return ALLOW

  if (signedIn) return { type: 'redirect', to: '/not-authorized' }
  return { type: 'redirect', to: loginRedirect(input.pathname, input.search) }
}

/**
 * Whether a link is a path inside the app: it starts with one `/` and its second character is neither `/` nor `\`
 * (browsers read `//host` and `/\host` alike as another site, issue 68 Q9), nor a control character or space.
 */
export function isAppPath(path: string): boolean {
  if (path[0] !== '/') return false
  const second = path.charCodeAt(1)
  return !(path[1] === '/' || path[1] === '\\' || second <= 0x20)
}

/**
 * Where to go after signing in: the `to` parameter when it is a path inside the app,
 * with the rest of the query that came along; otherwise the index.
 */
export function afterLoginTarget(search: string): string {
  const params = new URLSearchParams(search)
  const to = params.get('to')
  params.delete('to')
  if (!to || !isAppPath(to)) return '/'
  return `${to}${buildQuery(params)}`
}
