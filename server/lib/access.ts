import type { MiddlewareHandler } from 'hono'
import type { ActionOrManage, SubjectOrAll } from '../../shared/permissions/catalogue'
import type { AppEnv } from './context'
import { ApiError, forbidden, unauthenticated } from './errors'

/**
 * Every /api route declares who may call it, as its first handler:
 * `access.public()`, `access.signedIn()` or `access.can(action, subject)`.
 * A test walks the app's routes and fails on one without a declaration.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'permission'; action: ActionOrManage; subject: SubjectOrAll }
  | { kind: 'any-permission'; permissions: Array<{ action: ActionOrManage; subject: SubjectOrAll }> }

/** Whether an ability passes a route's declared access (public and signed-in routes: any signed-in user). */
export function passes(access: Access, ability: { can: (action: ActionOrManage, subject: SubjectOrAll) => boolean }): boolean {
  if (access.kind === 'permission') return ability.can(access.action, access.subject)
  if (access.kind === 'any-permission') return access.permissions.some((p) => ability.can(p.action, p.subject))
  return true
}

const ACCESS = Symbol.for('saljkraft.access')

type Tagged = MiddlewareHandler<AppEnv> & { [ACCESS]?: Access }

function tag(handler: MiddlewareHandler<AppEnv>, declared: Access): MiddlewareHandler<AppEnv> {
  ;(handler as Tagged)[ACCESS] = declared
  return handler
}

/** Hono wraps a mounted sub-app's handlers and keeps the original under this key. */
const HONO_COMPOSED = '__COMPOSED_HANDLER'

export function declaredAccess(handler: unknown): Access | undefined {
  if (typeof handler !== 'function') return undefined
  const own = (handler as Tagged)[ACCESS]
  if (own) return own
  return declaredAccess((handler as unknown as Record<string, unknown>)[HONO_COMPOSED])
}

export const access = {
  public: () => tag(async (_c, next) => next(), { kind: 'public' }),
  signedIn: () =>
    tag(
      async (c, next) => {
        if (!c.var.auth) throw unauthenticated()
        await next()
      },
      { kind: 'signed-in' },
    ),
  can: (action: ActionOrManage, subject: SubjectOrAll) =>
    tag(
      async (c, next) => {
        const auth = c.var.auth
        if (!auth) throw unauthenticated()
        if (!auth.ability.can(action, subject)) throw forbidden()
        await next()
      },
      { kind: 'permission', action, subject },
    ),
  /** Any one of these permissions (a form both creating and editing users reads its choices with either). */
  canAny: (...permissions: Array<[ActionOrManage, SubjectOrAll]>) =>
    tag(
      async (c, next) => {
        const auth = c.var.auth
        if (!auth) throw unauthenticated()
        if (!permissions.some(([action, subject]) => auth.ability.can(action, subject))) throw forbidden()
        await next()
      },
      { kind: 'any-permission', permissions: permissions.map(([action, subject]) => ({ action, subject })) },
    ),
}

/**
 * After a route's access: what only the signed-in person may do for themselves (their password, their sessions,
 * their sign-in methods, accepting terms, acting as someone else) is refused while an admin acts as them
 * (docs/decisions/037).
 */
/**
 * A sensitive action (decision 093: a full identity number, payroll, acting as another user, roles and permissions)
 * asks for a recent proof of who the person is: the session's sign-in, or a confirmation since, within the window.
 */
export const recentSignIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  const auth = c.var.auth
  if (!auth) throw unauthenticated()
  if (Date.now() - auth.authenticatedAt > auth.stepUpMs) throw new ApiError(403, 'step_up_required')
  await next()
}

export const notImpersonating: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.auth?.impersonator) throw new ApiError(403, 'not_while_impersonating')
  await next()
}
