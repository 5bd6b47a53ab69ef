import { Hono } from 'hono'
import { PERMISSIONS, permissionName } from '../../../shared/permissions/catalogue'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import {
  bulkUsersSchema,
  createUserInputSchema,
  deactivateUserSchema,
  importUsersSchema,
  userPermissionsInputSchema,
  reactivateUserSchema,
  resetMfaSchema,
  userTitleIdSchema,
  userTitleInputSchema,
  userTitleUpdateSchema,
  revealUserFieldsSchema,
  updateUserInputSchema,
  userIdParamSchema,
  userListQuerySchema,
  type UserListItem,
  USER_IMPORT_MAX_BYTES,
} from '../../../shared/schemas/users'
import { lookupQuerySchema, type LookupAnswer } from '../../../shared/schemas/lookups'
import { access, notImpersonating, recentSignIn } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'
import { validate } from '../../lib/validate'
import { deleteRoleInputSchema, roleIdSchema, roleInputSchema } from '../../../shared/schemas/roles'
import type { AuthService } from '../auth/auth.service'
import { rolesService } from './roles.service'
import { usersService } from './users.service'
import { externalAccountsService } from './external-accounts.service'
import {
  externalAccountInputSchema,
  externalAccountParamSchema,
  externalTemplateInputSchema,
  externalTemplateParamSchema,
  externalTemplateUpdateSchema,
  revealExternalPasswordSchema,
} from '../../../shared/schemas/external-accounts'
import { uploadUpTo } from '../../lib/upload-limit'

export function usersRoutes(deps: Deps, auth: AuthService, opts: { providers: (db: Db) => Promise<Array<{ id: string; name: string; active: boolean }>> }) {
  const { env, database, events } = deps
  const users = usersService(database, {
    scryptLogN: env.scryptLogN,
    events,
    endSessions: (tx, ids) => auth.sessions.endSessionsOf(tx, ids),
    providers: opts.providers,
    onRulesChanged: () => auth.sessions.forgetCachedSessions(),
    signInMethods: { enabled: (id) => auth.mfa.enrolment.isEnabled(id), reset: (tx, id) => auth.mfa.enrolment.reset(tx, id) },
  })
  // A changed role reaches its holders at their next request: this instance drops its cached sessions at once,
  // other instances within their cache's few seconds (docs/decisions/005).
  const roles = rolesService(deps, { onChanged: () => auth.sessions.forgetCachedSessions() })
  const external = externalAccountsService(deps, {
    mayChange: (tx, actor, id) => users.reads.mayChange(tx, actor, id),
  })
  return (
    new Hono<AppEnv>()
      .get('/users', access.can('view', 'users'), validate('query', userListQuerySchema), async (c) => {
        const q = c.req.valid('query')
        const { items, total } = await users.reads.list(c.var.auth!.ability, q)
        return c.json({ items, total, page: q.page, itemsPerPage: q.itemsPerPage } satisfies ListAnswer<UserListItem>, 200)
      })
      .post('/users', access.can('create', 'users'), validate('json', createUserInputSchema), async (c) => {
        const created = await users.creation.create(actorOf(c), c.req.valid('json'), c.var.t)
        return c.json(created, 201)
      })
      // The titles in use, for the list's filter.
      .get('/users/titles', access.can('view', 'users'), async (c) => c.json({ items: await users.reads.titles.names() }, 200))
      // The titles list (decision 040).
      .get('/user-titles', access.can('view', 'titles'), async (c) => c.json({ items: await users.reads.titles.list() }, 200))
      .post('/user-titles', access.can('update', 'titles'), validate('json', userTitleInputSchema), async (c) =>
        c.json(await users.reads.titles.create(actorOf(c), c.req.valid('json'), c.var.t), 201),
      )
      .put('/user-titles/:id', access.can('update', 'titles'), validate('param', userTitleIdSchema), validate('json', userTitleUpdateSchema), async (c) =>
        c.json(await users.reads.titles.update(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      .delete('/user-titles/:id', access.can('update', 'titles'), validate('param', userTitleIdSchema), async (c) =>
        c.json(await users.reads.titles.remove(actorOf(c), c.req.valid('param').id), 200),
      )
      // A CSV file of new users: a dry run first (nothing written), then the confirmed import (decision 034).
      .post('/users/import', uploadUpTo(USER_IMPORT_MAX_BYTES), access.can('create', 'users'), validate('json', importUsersSchema), async (c) =>
        c.json(await users.imports.importUsers(actorOf(c), c.req.valid('json'), c.var.t), 200),
      )
      .post('/users/bulk', access.can('update', 'users'), validate('json', bulkUsersSchema), async (c) =>
        c.json(await users.lifecycle.bulk(actorOf(c), c.req.valid('json'), c.var.t), 200),
      )
      // What the create and edit forms offer: the roles the user may give (names only, not their rules).
      .get('/users/role-options', access.canAny(['create', 'users'], ['update', 'users']), async (c) => {
        const roles = await users.reads.grantableRoles(c.var.auth!.ability)
        return c.json({ items: roles.map(({ id, key, name }) => ({ id, key, name })) }, 200)
      })
      .get('/users/:id', access.can('view', 'users'), validate('param', userIdParamSchema), async (c) =>
        c.json(await users.reads.detail(actorOf(c), c.req.valid('param').id), 200),
      )
      .put('/users/:id', access.can('update', 'users'), validate('param', userIdParamSchema), validate('json', updateUserInputSchema), async (c) =>
        c.json(await users.edits.update(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      .put(
        '/users/:id/permissions',
        access.can('update', 'users'),
        recentSignIn,
        validate('param', userIdParamSchema),
        validate('json', userPermissionsInputSchema),
        async (c) => c.json(await users.edits.setPermissions(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      // A read with an effect (its activity-log line), hence a POST.
      .post(
        '/users/:id/reveal',
        access.can('update', 'users'),
        recentSignIn,
        validate('param', userIdParamSchema),
        validate('json', revealUserFieldsSchema),
        async (c) => c.json(await users.reads.reveal(actorOf(c), c.req.valid('param').id, c.req.valid('json').fields), 200),
      )
      .post('/users/:id/deactivate', access.can('update', 'users'), validate('param', userIdParamSchema), validate('json', deactivateUserSchema), async (c) =>
        c.json(await users.lifecycle.deactivate(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      // External accounts (decision 043): the templates, a user's accounts, and their passwords behind the
      // last four digits of the holder's personal number.
      .get('/external-account-templates', access.can('view', 'external_account_templates'), async (c) =>
        c.json({ items: await external.templateAdmin.templates() }, 200),
      )
      .post('/external-account-templates', access.can('create', 'external_account_templates'), validate('json', externalTemplateInputSchema), async (c) =>
        c.json(await external.templateAdmin.createTemplate(actorOf(c), c.req.valid('json'), c.var.t), 201),
      )
      .put(
        '/external-account-templates/:id',
        access.can('update', 'external_account_templates'),
        validate('param', userIdParamSchema),
        validate('json', externalTemplateUpdateSchema),
        async (c) => c.json(await external.templateAdmin.updateTemplate(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      .delete('/external-account-templates/:id', access.can('delete', 'external_account_templates'), validate('param', userIdParamSchema), async (c) =>
        c.json(await external.templateAdmin.removeTemplate(actorOf(c), c.req.valid('param').id), 200),
      )
      .get('/users/:id/external-accounts', access.can('update', 'users'), validate('param', userIdParamSchema), async (c) =>
        c.json({ items: await external.accounts.ofUser(actorOf(c), c.req.valid('param').id) }, 200),
      )
      .put(
        '/users/:id/external-accounts/:templateId',
        access.can('update', 'users'),
        validate('param', externalAccountParamSchema),
        validate('json', externalAccountInputSchema),
        async (c) => {
          const { id, templateId } = c.req.valid('param')
          return c.json({ items: await external.accounts.setAccount(actorOf(c), id, templateId, c.req.valid('json')) }, 200)
        },
      )
      .post(
        '/users/:id/external-accounts/:templateId/reveal',
        access.can('update', 'users'),
        validate('param', externalAccountParamSchema),
        validate('json', revealExternalPasswordSchema),
        async (c) => {
          const { id, templateId } = c.req.valid('param')
          return c.json(await external.accounts.revealFor(actorOf(c), id, templateId, c.req.valid('json').ssnLast4, c.var.t), 200)
        },
      )
      .get('/profile/external-accounts', access.can('view', 'profile'), async (c) =>
        c.json({ items: await external.accounts.own(c.var.auth!.userData.id) }, 200),
      )
      .post(
        '/profile/external-accounts/:templateId/reveal',
        access.can('view', 'profile'),
        notImpersonating,
        validate('param', externalTemplateParamSchema),
        validate('json', revealExternalPasswordSchema),
        async (c) =>
          c.json(await external.accounts.revealOwn(c.var.auth!.userData.id, c.req.valid('param').templateId, c.req.valid('json').ssnLast4, c.var.t), 200),
      )
      .post('/users/:id/mfa-reset', access.can('update', 'users'), validate('param', userIdParamSchema), validate('json', resetMfaSchema), async (c) =>
        c.json(await users.lifecycle.resetMfa(actorOf(c), c.req.valid('param').id, c.req.valid('json').version), 200),
      )
      .post('/users/:id/reactivate', access.can('update', 'users'), validate('param', userIdParamSchema), validate('json', reactivateUserSchema), async (c) =>
        c.json(await users.lifecycle.reactivate(actorOf(c), c.req.valid('param').id, c.req.valid('json').version), 200),
      )
      // The choices of a person filter (a sale's seller, a time report's owner): the people this user may see.
      .get('/lookups/users', access.can('view', 'users'), validate('query', lookupQuerySchema), async (c) => {
        return c.json({ items: await users.reads.lookup(c.var.auth!.ability, c.req.valid('query')) } satisfies LookupAnswer, 200)
      })
      .route('/', rolesRoutes(roles))
  )
}

/** Roles and the permission catalogue (decision 016): reading them, and changes after a recent sign-in (decision 093). */
function rolesRoutes(roles: ReturnType<typeof rolesService>) {
  return new Hono<AppEnv>()
    .get('/roles', access.can('view', 'roles'), async (c) => c.json({ items: await roles.reads.list(c.var.auth!.ability) }, 200))
    .get('/roles/:id', access.can('view', 'roles'), validate('param', roleIdSchema), async (c) =>
      c.json(await roles.reads.get(c.var.auth!.ability, c.req.valid('param').id), 200),
    )
    .post('/roles', access.can('create', 'roles'), recentSignIn, validate('json', roleInputSchema), async (c) => {
      return c.json(await roles.changes.create(actorOf(c), c.req.valid('json'), c.var.t), 201)
    })
    .put('/roles/:id', access.can('update', 'roles'), recentSignIn, validate('param', roleIdSchema), validate('json', roleInputSchema), async (c) => {
      return c.json(await roles.changes.update(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200)
    })
    .delete('/roles/:id', access.can('delete', 'roles'), recentSignIn, validate('param', roleIdSchema), validate('query', deleteRoleInputSchema), async (c) => {
      const input = c.req.valid('query')
      return c.json(await roles.changes.remove(actorOf(c), c.req.valid('param').id, input, c.var.t), 200)
    })
    .get('/permissions', access.can('view', 'roles'), (c) =>
      c.json({ items: PERMISSIONS.map((p) => ({ ...p, name: permissionName(p.action, p.subject) })) }, 200),
    )
}
