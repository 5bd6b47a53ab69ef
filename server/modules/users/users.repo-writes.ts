import { and, eq, isNull } from 'drizzle-orm'
import type { StoredRule } from '../../../shared/permissions/ability'
import type { Db } from '../../db/client'
import { type UsersRepoContext } from './users.repo-context'
import { permissionRows } from './permission-rows'

/** The user rows' writes: a person's fields, providers and direct rules, and new people one by one or many at once. */
export function userWrites(ctx: UsersRepoContext) {
  const { t } = ctx
  return {
    async setProviders(tx: Db, userId: string, providerIds: string[]) {
      await tx.delete(t.userProviders).where(eq(t.userProviders.userId, userId))
      if (providerIds.length > 0) await tx.insert(t.userProviders).values(providerIds.map((providerId) => ({ userId, providerId })))
    },

    async update(tx: Db, id: string, values: Partial<typeof t.users.$inferInsert>) {
      await tx.update(t.users).set(values).where(eq(t.users.id, id))
    },

    async insert(tx: Db, row: typeof t.users.$inferInsert) {
      await tx.insert(t.users).values(row)
    },

    /** A user's direct rules replaced by these, in this order. */
    async replaceDirectRules(tx: Db, userId: string, rules: StoredRule[]) {
      await tx.delete(t.permissionRules).where(and(eq(t.permissionRules.userId, userId), isNull(t.permissionRules.roleId)))
      if (rules.length === 0) return
      await tx.insert(t.permissionRules).values(permissionRows(rules, { userId }))
    },

    /** Many users in few statements (an import): a few hundred rows a statement, under either database's limit of parameters. */
    async insertMany(tx: Db, rows: Array<typeof t.users.$inferInsert>) {
      for (let i = 0; i < rows.length; i += 200) await tx.insert(t.users).values(rows.slice(i, i + 200))
    },
  }
}
