import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, ne, sql } from 'drizzle-orm'
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import type { z } from 'zod'
import {
  usernameFrom,
  type ExternalAccountRow,
  type ExternalTemplateItem,
  type externalAccountInputSchema,
  type externalTemplateInputSchema,
  type externalTemplateUpdateSchema,
} from '../../../shared/schemas/external-accounts'
import type { Translate } from '../../../shared/schemas/errors'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'
import type { UserActor, UserRow } from './users.service'

const HIDDEN = '••••'
/** Wrong confirmations before the reader waits: per reader and account holder, five in a quarter of an hour. */
export const REVEAL_THROTTLE = { points: 5, durationS: 15 * 60 }

/**
 * External accounts (docs/decisions/043): templates of the outside systems sellers sign in to, and each user's
 * account there. A password is sealed at rest and shown only after the reader types the last four digits of the
 * account holder's personal number; wrong answers are counted, and every reading is logged.
 */
export function externalAccountsService(
  { database, secrets }: Pick<Deps, 'database' | 'secrets'>,
  opts: { mayChange: (tx: Db, actor: UserActor, id: string) => Promise<UserRow>; now?: () => number },
) {
  const { db, t } = database
  const now = opts.now ?? Date.now
  const limiter = new RateLimiterDrizzle({
    storeClient: database.db,
    schema: t.rateLimits,
    keyPrefix: 'ssn4',
    points: REVEAL_THROTTLE.points,
    duration: REVEAL_THROTTLE.durationS,
    clearExpiredByTimeout: false,
  })

  async function templates(tx: Db = db): Promise<ExternalTemplateItem[]> {
    const [rows, counts] = await Promise.all([
      tx.select().from(t.externalAccountTemplates).orderBy(asc(t.externalAccountTemplates.name)),
      tx.select({ templateId: t.externalAccounts.templateId, n: count() }).from(t.externalAccounts).groupBy(t.externalAccounts.templateId),
    ])
    const n = new Map(counts.map((c) => [c.templateId, c.n]))
    return rows.map((r) => ({ ...r, accountCount: n.get(r.id) ?? 0 }))
  }

  async function template(tx: Db, id: string) {
    const found = (await templates(tx)).find((x) => x.id === id)
    if (!found) throw notFound()
    return found
  }

  async function nameFree(tx: Db, name: string, exceptId: string | null, translate: Translate) {
    const taken = await tx
      .select({ id: t.externalAccountTemplates.id })
      .from(t.externalAccountTemplates)
      .where(and(sql`lower(${t.externalAccountTemplates.name}) = lower(${name})`, exceptId ? ne(t.externalAccountTemplates.id, exceptId) : undefined))
    if (taken.length > 0) throw new ApiError(409, 'conflict', { fieldErrors: { name: [translate('externalAccounts.nameTaken')] } })
  }

  /** A user's rows: every template, with their account where they have one. */
  async function rowsOf(tx: Db, user: UserRow['user']): Promise<ExternalAccountRow[]> {
    const [all, accounts] = await Promise.all([
      tx.select().from(t.externalAccountTemplates).orderBy(asc(t.externalAccountTemplates.name)),
      tx.select().from(t.externalAccounts).where(eq(t.externalAccounts.userId, user.id)),
    ])
    return all.map((tpl) => {
      const account = accounts.find((a) => a.templateId === tpl.id)
      return {
        templateId: tpl.id,
        name: tpl.name,
        loginUrl: tpl.loginUrl,
        instructions: tpl.instructions,
        username: account?.username ?? usernameFrom(tpl.usernamePattern, user),
        account: account ? { version: account.version, hasPassword: account.passwordSealed !== null, passwordSetAt: account.passwordSetAt } : null,
      }
    })
  }

  /** The password, when the reader knows the holder's last four digits; counted, and logged either way it ends. */
  async function reveal(reader: { id: string }, user: UserRow['user'], templateId: string, ssnLast4: string, translate: Translate) {
    const [account] = await db
      .select()
      .from(t.externalAccounts)
      .where(and(eq(t.externalAccounts.userId, user.id), eq(t.externalAccounts.templateId, templateId)))
    if (!account?.passwordSealed) throw notFound()
    if (!user.personalNumber) throw new ApiError(409, 'no_personal_number')
    const key = `${reader.id}|${user.id}`
    if (user.personalNumber.slice(-4) !== ssnLast4) {
      try {
        await limiter.consume(key)
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err
        const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000))
        throw new ApiError(429, 'too_many_requests', { params: { seconds }, headers: { 'Retry-After': String(seconds) } })
      }
      throw validationError({ ssnLast4: [translate('externalAccounts.ssnMismatch')] })
    }
    const blocked = await limiter.get(key)
    if (blocked && blocked.consumedPoints >= REVEAL_THROTTLE.points) {
      const seconds = Math.max(1, Math.ceil(blocked.msBeforeNext / 1000))
      throw new ApiError(429, 'too_many_requests', { params: { seconds }, headers: { 'Retry-After': String(seconds) } })
    }
    const [tpl] = await db
      .select({ name: t.externalAccountTemplates.name })
      .from(t.externalAccountTemplates)
      .where(eq(t.externalAccountTemplates.id, templateId))
    const password = secrets.open(account.passwordSealed)
    await database.transaction((tx) =>
      logActivity(tx, t, {
        at: now(),
        actorId: reader.id,
        entity: 'user',
        entityId: user.id,
        action: 'external_password_read',
        after: { system: tpl?.name ?? null },
      }),
    )
    return { password }
  }

  return {
    templates: () => templates(),

    createTemplate(actor: { id: string }, input: z.output<typeof externalTemplateInputSchema>, translate: Translate): Promise<ExternalTemplateItem> {
      return database.transaction(async (tx) => {
        await nameFree(tx, input.name, null, translate)
        const id = randomUUID()
        const at = now()
        await tx.insert(t.externalAccountTemplates).values({ id, ...input, createdAt: at })
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'external_account_template', entityId: id, action: 'created', after: { ...input } })
        return template(tx, id)
      })
    },

    updateTemplate(
      actor: { id: string },
      id: string,
      input: z.output<typeof externalTemplateUpdateSchema>,
      translate: Translate,
    ): Promise<ExternalTemplateItem> {
      return database.transaction(async (tx) => {
        const current = await template(tx, id)
        if (current.version !== input.version) throw new ApiError(409, 'version_conflict', { details: { current } })
        await nameFree(tx, input.name, id, translate)
        const { version: _seen, ...fields } = input
        const before: Record<string, unknown> = {}
        const after: Record<string, unknown> = {}
        for (const [k, v] of Object.entries(fields)) {
          if (current[k as keyof typeof fields] !== v) [before[k], after[k]] = [current[k as keyof typeof fields], v]
        }
        if (Object.keys(after).length === 0) return current
        const at = now()
        await tx
          .update(t.externalAccountTemplates)
          .set({ ...fields, version: current.version + 1 })
          .where(eq(t.externalAccountTemplates.id, id))
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'external_account_template', entityId: id, action: 'updated', before, after })
        return template(tx, id)
      })
    },

    /** A template goes with its accounts and their passwords (the dialog says how many). */
    removeTemplate(actor: { id: string }, id: string): Promise<{ id: string; accounts: number }> {
      return database.transaction(async (tx) => {
        const current = await template(tx, id)
        await tx.delete(t.externalAccounts).where(eq(t.externalAccounts.templateId, id))
        await tx.delete(t.externalAccountTemplates).where(eq(t.externalAccountTemplates.id, id))
        await logActivity(tx, t, {
          at: now(),
          actorId: actor.id,
          entity: 'external_account_template',
          entityId: id,
          action: 'deleted',
          before: { name: current.name, accounts: current.accountCount },
        })
        return { id, accounts: current.accountCount }
      })
    },

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
