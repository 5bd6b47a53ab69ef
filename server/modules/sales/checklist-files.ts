import { and, eq, isNull, lt, sum } from 'drizzle-orm'
import { CHECKLIST_UNATTACHED_QUOTA_BYTES, CHECKLIST_UNATTACHED_TTL_MS } from '../../../shared/schemas/sales'
import type { Database } from '../../db/client'
import { ApiError } from '../../lib/errors'

/** Checklist files: stored in the database (every instance serves them), counted against their owner until a sale takes them. */
export function checklistFiles(database: Database) {
  const { db, t } = database
  return {
    /**
     * Stores an uploaded file unless it would take the owner's untaken files over the quota (429, transient
     * for the device: its next push attaches what is waiting). The sum and the insert are one transaction,
     * so parallel uploads cannot pass the quota together. Uploading the same id again changes nothing.
     */
    async store(file: { id: string; userId: string; name: string; contentType: string; data: Buffer }, now: number): Promise<'stored' | 'existed'> {
      return database.transaction(async (tx) => {
        const [existing] = await tx.select({ userId: t.files.userId }).from(t.files).where(eq(t.files.id, file.id))
        if (existing) {
          if (existing.userId !== file.userId) throw new ApiError(409, 'conflict')
          return 'existed' as const
        }
        const [waiting] = await tx
          .select({ bytes: sum(t.files.size).mapWith(Number) })
          .from(t.files)
          .where(and(eq(t.files.userId, file.userId), isNull(t.files.attachedAt)))
        if ((waiting?.bytes ?? 0) + file.data.byteLength > CHECKLIST_UNATTACHED_QUOTA_BYTES) {
          throw new ApiError(429, 'quota_exceeded', { headers: { 'Retry-After': '60' } })
        }
        await tx.insert(t.files).values({ ...file, size: file.data.byteLength, createdAt: now, attachedAt: null })
        return 'stored' as const
      })
    },

    /** Removes files no sale took within the time allowed; answers how many. */
    async purgeUnattached(now: number): Promise<number> {
      const gone = await db
        .delete(t.files)
        .where(and(isNull(t.files.attachedAt), lt(t.files.createdAt, now - CHECKLIST_UNATTACHED_TTL_MS)))
        .returning({ id: t.files.id })
      return gone.length
    },
  }
}
