import { and, eq, sql } from 'drizzle-orm'
import type { Database, Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { SellerAccountInput } from '../../../shared/schemas/candidates'

/**
 * The users area's answer to recruiting: a seller account — the organisation's seller role (the one role this step
 * gives; who may start it was decided by the admin who gave `create candidate_accounts`), the chosen team (in the
 * candidate's region), the candidate's details — written in the caller's transaction and logged as created.
 */
export function sellerAccounts(database: Database) {
  const { t } = database

  async function teamRegion(tx: Db, teamId: string): Promise<{ officeId: string; regionId: string } | null> {
    const [row] = await tx
      .select({ officeId: t.offices.id, regionId: t.offices.regionId })
      .from(t.teams)
      .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
      .where(eq(t.teams.id, teamId))
    return row ?? null
  }

  async function createSeller(tx: Db, input: SellerAccountInput, actorId: string | null, at: number): Promise<{ userId: string }> {
    const [role] = await tx.select({ id: t.roles.id }).from(t.roles).where(eq(t.roles.key, 'seller'))
    if (!role) throw new Error('the seller role is missing')
    const place = await teamRegion(tx, input.teamId)
    if (!place) throw new ApiError(400, 'validation_failed', { fieldErrors: { teamId: ['validation.unknownTeam'] } })
    const [taken] = await tx
      .select({ id: t.users.id })
      .from(t.users)
      .where(and(eq(t.users.email, input.email)))
      .limit(1)
    if (taken) throw new ApiError(409, 'conflict', { fieldErrors: { email: ['validation.emailTaken'] } })
    return insertAccount(
      tx,
      {
        email: input.email,
        passwordHash: input.passwordHash,
        // The temporary password was shown to the recruiter: the seller sets their own at the first sign-in (decision 082).
        passwordChangeRequired: true,
        firstName: input.firstName,
        lastName: input.lastName,
        roleId: role.id,
        teamId: input.teamId,
        phone: input.phone,
        language: input.language,
        ...input.details,
      },
      { at, actorId, logged: ['email', 'firstName', 'lastName', 'roleId', 'teamId', 'language'] },
    )
  }

  /**
   * An account for a person at their first sign-in through the organisation's identity provider (decision 093): the
   * provider's role (its rules were within the administrator's who set it), no team yet, and a password nobody knows
   * (they sign in through the provider; an administrator can set one). Logged as created by the person themselves.
   */
  async function createFromIdentity(
    tx: Db,
    input: { email: string; firstName: string; lastName: string; roleId: string; language: 'sv' | 'en' | 'fi' | null; passwordHash: string },
    at: number,
  ): Promise<{ userId: string }> {
    const { passwordHash, ...shown } = input
    return insertAccount(
      tx,
      { ...shown, passwordHash },
      { at, actorId: null, self: true, reason: 'sso', logged: ['email', 'firstName', 'lastName', 'roleId', 'language'] },
    )
  }

  /**
   * An account's role as its identity provider's groups give it at a sign-in (decision 093; the auth area checked the
   * mapping's author may give it and logged the change): the role written, the account's version counted.
   */
  async function setRoleFromIdentity(tx: Db, userId: string, roleId: string, at: number): Promise<void> {
    await tx
      .update(t.users)
      .set({ roleId, version: sql`${t.users.version} + 1`, updatedAt: at })
      .where(eq(t.users.id, userId))
  }

  /** A new active account written, and logged as created with the fields named (by whom, or by the person themselves). */
  async function insertAccount(
    tx: Db,
    values: Omit<typeof t.users.$inferInsert, 'id' | 'active' | 'createdAt' | 'updatedAt'>,
    log: { at: number; actorId: string | null; self?: boolean; reason?: string; logged: Array<keyof typeof values> },
  ): Promise<{ userId: string }> {
    const userId = crypto.randomUUID()
    await tx.insert(t.users).values({ ...values, id: userId, active: true, createdAt: log.at, updatedAt: log.at })
    await logActivity(tx, t, {
      at: log.at,
      actorId: log.self ? userId : log.actorId,
      entity: 'user',
      entityId: userId,
      action: 'created',
      after: Object.fromEntries(log.logged.map((k) => [k, values[k] ?? null])),
      reason: log.reason ?? null,
    })
    return { userId }
  }

  return { teamRegion, createSeller, createFromIdentity, setRoleFromIdentity }
}
export type SellerAccounts = ReturnType<typeof sellerAccounts>
