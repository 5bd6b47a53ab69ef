import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { containsPattern } from '../../db/conditions'
import { Hono } from 'hono'
import type { Action, Subject } from '../../../shared/permissions/catalogue'
import { downloadIdSchema, downloadsQuerySchema, type DownloadItem } from '../../../shared/schemas/downloads'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import type { Db } from '../../db/client'
import { access } from '../../lib/access'
import type { AppEnv, AuthContext } from '../../lib/context'
import { ApiError, notFound } from '../../lib/errors'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'

type DownloadsPorts = { names(db: Db, ids: { userIds: string[] }): Promise<Map<string, string>> }

/**
 * The downloads centre (docs/decisions/071): the files made in the background for the reader (an admin may look at
 * everyone's), with their progress; fetching one checks again that the reader may see what it holds.
 */
export function downloadsRoutes({ database, jobs, files }: Pick<Deps, 'database' | 'jobs' | 'files'>, ports: DownloadsPorts) {
  const { db, t } = database
  const d = t.downloads

  async function rowFor(auth: AuthContext, id: string) {
    const [row] = await db.select().from(d).where(eq(d.id, id))
    if (!row || (row.userId !== auth.userData.id && !auth.ability.can('admin', 'downloads'))) throw notFound()
    return row
  }

  return new Hono<AppEnv>()
    .get('/downloads', access.can('view', 'downloads'), validate('query', downloadsQuerySchema), async (c) => {
      const q = c.req.valid('query')
      const auth = c.var.auth!
      const everyone = q.everyone === 'true' && auth.ability.can('admin', 'downloads')
      const where: SQL[] = []
      if (!everyone) where.push(eq(d.userId, auth.userData.id))
      if (q.q) where.push(sql`lower(${d.name}) like ${containsPattern(q.q)} escape '\\'`)
      if (q.state) where.push(eq(d.state, q.state))
      if (q.kind) where.push(eq(d.kind, q.kind))
      const dir = q.orderBy === 'asc' ? asc : desc
      const order = q.sortBy === 'name' ? dir(d.name) : dir(d.createdAt)
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(d)
          .where(and(...where))
          .orderBy(order, asc(d.id))
          .limit(q.itemsPerPage)
          .offset((q.page - 1) * q.itemsPerPage),
        db
          .select({ n: count() })
          .from(d)
          .where(and(...where)),
      ])
      const names = await ports.names(db, { userIds: [...new Set(rows.map((r) => r.userId))] })
      const items: DownloadItem[] = await Promise.all(
        rows.map(async (r) => {
          const job = r.jobId && (r.state === 'queued' || r.state === 'running') ? await jobs.get(r.jobId) : null
          return {
            id: r.id,
            kind: r.kind,
            name: r.name,
            state: r.state,
            progress: job?.progressTotal ? Math.min(1, job.progressDone / job.progressTotal) : r.state === 'ready' ? 1 : null,
            size: r.size,
            error: r.error,
            createdAt: r.createdAt,
            finishedAt: r.finishedAt,
            expiresAt: r.expiresAt,
            ownerName: names.get(r.userId) ?? '',
            mine: r.userId === auth.userData.id,
          }
        }),
      )
      const answer: ListAnswer<DownloadItem> = { items, total: counted?.n ?? 0, page: q.page, itemsPerPage: q.itemsPerPage }
      return c.json(answer, 200)
    })
    .get('/downloads/:id/file', access.can('view', 'downloads'), validate('param', downloadIdSchema), async (c) => {
      const auth = c.var.auth!
      const row = await rowFor(auth, c.req.valid('param').id)
      if (row.state === 'expired') throw new ApiError(410, 'download_expired')
      if (row.state !== 'ready' || !row.fileId) throw new ApiError(409, 'conflict')
      // The rules of the moment decide: someone whose rules changed since the export no longer gets it.
      if (!auth.ability.can(row.action as Action, row.subject as Subject)) throw new ApiError(403, 'forbidden')
      const [meta, data] = await Promise.all([files.describe(db, row.fileId), files.bytes(row.fileId)])
      if (!meta || !data) throw new ApiError(410, 'download_expired')
      return files.respond(c, { ...meta, name: row.name, data })
    })
    .delete('/downloads/:id', access.can('view', 'downloads'), validate('param', downloadIdSchema), async (c) => {
      const row = await rowFor(c.var.auth!, c.req.valid('param').id)
      if (row.state === 'queued' || row.state === 'running') throw new ApiError(409, 'conflict')
      await database.transaction(async (tx) => {
        if (row.fileId) await files.remove(tx, [row.fileId])
        await tx.delete(d).where(eq(d.id, row.id))
      })
      return c.body(null, 204)
    })
}
