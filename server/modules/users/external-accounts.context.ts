import { and, asc, count, eq } from 'drizzle-orm'
import { usernameFrom, type ExternalAccountRow, type ExternalTemplateItem } from '../../../shared/schemas/external-accounts'
import type { Translate } from '../../../shared/schemas/errors'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'
import type { UserActor, UserRow } from './users.service'
import { refuseTakenName } from '../../db/unique-name'
import { dbRateLimiter, spendOrRefuse, tooManyRequests } from '../../platform/rate-limits'

export const HIDDEN = '••••'
/** Wrong confirmations before the reader waits: per reader and account holder, five in a quarter of an hour. */
export const REVEAL_THROTTLE = { points: 5, durationS: 15 * 60 }

/** What the external accounts' parts share: the tables, the secret box and its limiter, the templates, a name's check, a person's rows and revealing a secret. */
export function externalAccountsContext(
  { database, secrets }: Pick<Deps, 'database' | 'secrets'>,
  opts: { mayChange: (tx: Db, actor: UserActor, id: string) => Promise<UserRow>; now?: () => number },
) {
  const { db, t } = database
  const now = opts.now ?? Date.now
  const limiter = dbRateLimiter(database, 'ssn4', REVEAL_THROTTLE)

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
    await refuseTakenName(tx, t.externalAccountTemplates, name, { exceptId, message: translate('externalAccounts.nameTaken') })
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
      await spendOrRefuse(limiter, key)
      throw validationError({ ssnLast4: [translate('externalAccounts.ssnMismatch')] })
    }
    const blocked = await limiter.get(key)
    if (blocked && blocked.consumedPoints >= REVEAL_THROTTLE.points) throw tooManyRequests(blocked.msBeforeNext)
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

  return { database, secrets, opts, db, t, now, limiter, templates, template, nameFree, rowsOf, reveal }
}
export type ExternalAccountsContext = ReturnType<typeof externalAccountsContext>
