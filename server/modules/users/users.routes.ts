import { Hono } from 'hono'
import { PERMISSIONS, permissionName } from '../../../shared/permissions/catalogue'
import { listQuerySchema, type ListAnswer } from '../../../shared/schemas/pagination'
import { createUserInputSchema, USER_SORT_KEYS, type UserListItem } from '../../../shared/schemas/users'
import { lookupQuerySchema, type LookupAnswer } from '../../../shared/schemas/lookups'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import type { Deps } from '../../platform/deps'
import { validate } from '../../lib/validate'
import { usersService } from './users.service'

export function usersRoutes({ env, database }: Deps) {
  const users = usersService(database, { scryptLogN: env.scryptLogN })
  return (
    new Hono<AppEnv>()
      .get('/users', access.can('view', 'users'), validate('query', listQuerySchema(USER_SORT_KEYS)), async (c) => {
        const q = c.req.valid('query')
        const { items, total } = await users.list(c.var.auth!.ability, q)
        return c.json({ items, total, page: q.page, itemsPerPage: q.itemsPerPage } satisfies ListAnswer<UserListItem>, 200)
      })
      .post('/users', access.can('create', 'users'), validate('json', createUserInputSchema), async (c) => {
        const created = await users.create(c.var.auth!.ability, c.req.valid('json'), c.var.t)
        return c.json(created, 201)
      })
      // What the create-user form offers: the roles the user may give (names only, not their rules).
      .get('/users/role-options', access.can('create', 'users'), async (c) => {
        const roles = await users.grantableRoles(c.var.auth!.ability)
        return c.json({ items: roles.map(({ id, key, name }) => ({ id, key, name })) }, 200)
      })
      // The choices of a person filter (a sale's seller, a time report's owner): the people this user may see.
      .get('/lookups/users', access.can('view', 'users'), validate('query', lookupQuerySchema), async (c) => {
        return c.json({ items: await users.lookup(c.var.auth!.ability, c.req.valid('query')) } satisfies LookupAnswer, 200)
      })
      .get('/roles', access.can('view', 'roles'), async (c) => c.json({ items: await users.roles() }, 200))
      .get('/permissions', access.can('view', 'roles'), (c) =>
        c.json({ items: PERMISSIONS.map((p) => ({ ...p, name: permissionName(p.action, p.subject) })) }, 200),
      )
  )
}
