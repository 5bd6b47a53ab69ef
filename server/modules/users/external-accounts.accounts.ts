import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { type ExternalAccountRow, type externalAccountInputSchema } from '../../../shared/schemas/external-accounts'
import type { Translate } from '../../../shared/schemas/errors'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { UserActor } from './users.service'
import { HIDDEN, type ExternalAccountsContext } from './external-accounts.context'

/** A person's accounts in those systems: read, set, and their secrets shown on a logged request. */
export function externalAccounts(ctx: ExternalAccountsContext) {
  const { database, secrets, opts, db, t, now, template, rowsOf, reveal } = ctx
  return {
    /** A user's accounts, for one who may change the user. */
    async ofUser(actor: UserActor, userId: string): Promise<ExternalAccountRow[]> {
      const row = await opts.mayChange(db, actor, userId)
      return rowsOf(db, row.user)
    },

    /** The signed-in user's own accounts (their profile). */
    async own(userId: string): Promise<ExternalAccountRow[]> {
      const [user] = await db.select().from(t.users).where(eq(t.users.id, userId))
      if (!user) throw notFound()
      return rowsOf(db, user)
    },

    /** Sets a user's user name and (when given) password in one system, on the account as seen. */
    setAccount(actor: UserActor, userId: string, templateId: string, input: z.output<typeof externalAccountInputSchema>): Promise<ExternalAccountRow[]> {
      return database.transaction(async (tx) => {
        const row = await opts.mayChange(tx, actor, userId)
        const tpl = await template(tx, templateId)
        const where = and(eq(t.externalAccounts.userId, userId), eq(t.externalAccounts.templateId, templateId))
        const [current] = await tx.select().from(t.externalAccounts).where(where)
        if ((current?.version ?? null) !== input.version) throw new ApiError(409, 'version_conflict')
        if (!current && input.password === undefined) throw validationError({ password: ['validation.required'] })
        const at = now()
        const sealed = input.password !== undefined ? secrets.seal(input.password) : (current?.passwordSealed ?? null)
        const passwordSetAt = input.password !== undefined ? at : (current?.passwordSetAt ?? null)
        if (current) {
          await tx
            .update(t.externalAccounts)
            .set({ username: input.username, passwordSealed: sealed, passwordSetAt, version: current.version + 1 })
            .where(where)
        } else {
          await tx.insert(t.externalAccounts).values({ userId, templateId, username: input.username, passwordSealed: sealed, passwordSetAt })
        }
        const before: Record<string, unknown> = { system: tpl.name }
        const after: Record<string, unknown> = { system: tpl.name }
        if (current?.username !== input.username) [before.username, after.username] = [current?.username ?? null, input.username]
        if (input.password !== undefined) [before.password, after.password] = [current?.passwordSealed ? HIDDEN : null, HIDDEN]
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'user', entityId: userId, action: 'external_account_set', before, after })
        return rowsOf(tx, row.user)
      })
    },

    async revealFor(actor: UserActor, userId: string, templateId: string, ssnLast4: string, translate: Translate) {
      const row = await opts.mayChange(db, actor, userId)
      return reveal(actor, row.user, templateId, ssnLast4, translate)
    },

    async revealOwn(userId: string, templateId: string, ssnLast4: string, translate: Translate) {
      const [user] = await db.select().from(t.users).where(eq(t.users.id, userId))
      if (!user) throw notFound()
      return reveal({ id: userId }, user, templateId, ssnLast4, translate)
    },
  }
}
