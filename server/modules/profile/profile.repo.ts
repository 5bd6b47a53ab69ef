import { and, desc, eq, ne } from 'drizzle-orm'
import { settingsOf, type NotificationSettings } from '../../../shared/schemas/notifications'
import type { z } from 'zod'
import type { Profile, SessionItem, updateProfileInputSchema } from '../../../shared/schemas/profile'
import type { Database } from '../../db/client'
import { changedFields, logActivity } from '../../platform/activity-log'
import { userOfficeId } from '../../db/expressions'

/** The fields a person edits on their own profile. */
export type ProfileDetails = z.output<typeof updateProfileInputSchema>

export function profileRepo(database: Database) {
  const { db, t } = database
  return {
    async get(userId: string): Promise<Profile | undefined> {
      const [row] = await db
        .select({
          id: t.users.id,
          email: t.users.email,
          firstName: t.users.firstName,
          lastName: t.users.lastName,
          shortName: t.users.shortName,
          phone: t.users.phone,
          language: t.users.language,
          shoeSize: t.users.shoeSize,
          tshirtSize: t.users.tshirtSize,
          specialDiet: t.users.specialDiet,
          favouriteCake: t.users.favouriteCake,
          iceName: t.users.iceName,
          icePhone: t.users.icePhone,
          iceRelation: t.users.iceRelation,
          roleKey: t.roles.key,
          roleName: t.roles.name,
          teamName: t.teams.name,
          officeName: t.offices.name,
        })
        .from(t.users)
        .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
        .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
        .leftJoin(t.offices, eq(t.offices.id, userOfficeId(t)))
        .where(eq(t.users.id, userId))
        .limit(1)
      return row as Profile | undefined
    },

    async update(userId: string, values: Partial<typeof t.users.$inferInsert>) {
      await db.update(t.users).set(values).where(eq(t.users.id, userId))
    },

    /**
     * The person's own details changed, with a line in the activity log of the fields that changed (by an admin
     * acting as the person, the admin is its actor: docs/decisions/037).
     */
    async updateDetails(userId: string, values: ProfileDetails, at: number) {
      await database.transaction(async (tx) => {
        const fields = Object.keys(values) as Array<keyof ProfileDetails>
        const [row] = await tx
          .select(Object.fromEntries(fields.map((f) => [f, t.users[f]])) as Record<keyof ProfileDetails, (typeof t.users)[keyof ProfileDetails]>)
          .from(t.users)
          .where(eq(t.users.id, userId))
        if (!row) return
        const { before, after } = changedFields(row as Record<string, unknown>, values as Record<string, unknown>)
        if (Object.keys(after).length === 0) return
        await tx
          .update(t.users)
          .set({ ...values, updatedAt: at })
          .where(eq(t.users.id, userId))
        await logActivity(tx, t, { at, actorId: userId, entity: 'user', entityId: userId, action: 'profile_updated', before, after })
      })
    },

    async notificationSettings(userId: string): Promise<NotificationSettings> {
      const [row] = await db.select({ s: t.users.notificationSettings }).from(t.users).where(eq(t.users.id, userId))
      return settingsOf(row?.s)
    },

    async passwordHash(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ hash: t.users.passwordHash }).from(t.users).where(eq(t.users.id, userId))
      return row?.hash
    },

    async sessions(userId: string, currentId: string): Promise<SessionItem[]> {
      const rows = await db
        .select({ id: t.sessions.id, createdAt: t.sessions.createdAt, lastSeenAt: t.sessions.lastSeenAt, userAgent: t.sessions.userAgent, ip: t.sessions.ip })
        .from(t.sessions)
        .where(eq(t.sessions.userId, userId))
        .orderBy(desc(t.sessions.lastSeenAt))
      return rows.map((r) => ({ ...r, current: r.id === currentId }))
    },

    async deleteOtherSessions(userId: string, keepId: string): Promise<void> {
      await db.delete(t.sessions).where(and(eq(t.sessions.userId, userId), ne(t.sessions.id, keepId)))
    },
  }
}
