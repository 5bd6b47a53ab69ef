import { and, count, eq, inArray, lt } from 'drizzle-orm'
import { DOWNLOAD_TTL_MS, LARGE_DOWNLOADS_AT_ONCE, type DownloadKind } from '../../shared/schemas/downloads'
import type { Action, Subject } from '../../shared/permissions/catalogue'
import type { Database, Db } from '../db/client'
import { ApiError } from '../lib/errors'
import type { EventBus } from './events'
import type { FileStore } from './files'
import type { JobRunner } from './jobs'

/**
 * The downloads centre's write side (docs/decisions/071), for every area that makes a file in the background for a
 * person: `request` in the transaction that enqueues the job (refused with a clear 429 when the person already has
 * as many large exports running as allowed), `running` when the job starts, `ready` in the transaction that stores
 * the file, `failed` when it gives up. Ready and failed record `download.finished`, which the notifications area
 * turns into the person's alert (live and by Web Push). The permission the file needs is kept with it and checked
 * again when it is fetched (server/modules/downloads); an expired file is removed from storage by `expire`.
 */
export type DownloadRequest = {
  userId: string
  kind: DownloadKind
  name: string
  /** what the reader must hold to fetch it, checked again at each download */
  permission: { action: string; subject: string }
  /** a large export counts against the person's limit of those running at once */
  large?: boolean
  jobId?: string
  at?: number
}

export type DownloadCentre = ReturnType<typeof downloadCentre>

export function downloadCentre(database: Database, deps: { events: EventBus; files: FileStore; jobs: JobRunner }) {
  const { db, t } = database
  const d = t.downloads

  // Every export file is a download's: read through /api/files/:id under the permission kept with it, checked with
  // the reader's rules of the moment — its requester's too (issue 68 Q6). A file no download names is read by no one.
  deps.files.readPolicy('export', async (file, auth, tx) => {
    const [row] = await tx.select({ action: d.action, subject: d.subject }).from(d).where(eq(d.fileId, file.id))
    return !!row && auth.ability.can(row.action as Action, row.subject as Subject)
  })

  async function finish(tx: Db, id: string, state: 'ready' | 'failed', set: Partial<typeof d.$inferInsert>, at: number) {
    const [row] = await tx
      .update(d)
      .set({ state, finishedAt: at, ...set })
      .where(and(eq(d.id, id), inArray(d.state, ['queued', 'running'])))
      .returning()
    if (!row) return
    await deps.events.record(
      tx,
      'download.finished',
      { downloadId: id, userId: row.userId, name: row.name, kind: row.kind, state, error: row.error },
      { actorId: row.userId, at },
    )
  }

  return {
    /** A new download for the person, queued; in the caller's transaction (with the job that makes it). */
    async request(tx: Db, r: DownloadRequest): Promise<string> {
      const at = r.at ?? Date.now()
      if (r.large) {
        const [running] = await tx
          .select({ n: count() })
          .from(d)
          .where(and(eq(d.userId, r.userId), eq(d.large, true), inArray(d.state, ['queued', 'running'])))
        if ((running?.n ?? 0) >= LARGE_DOWNLOADS_AT_ONCE)
          throw new ApiError(429, 'too_many_downloads', { params: { count: LARGE_DOWNLOADS_AT_ONCE }, headers: { 'Retry-After': '30' } })
      }
      const id = crypto.randomUUID()
      await tx.insert(d).values({
        id,
        userId: r.userId,
        kind: r.kind,
        name: r.name.toWellFormed().slice(0, 200),
        state: 'queued',
        large: r.large ?? false,
        action: r.permission.action,
        subject: r.permission.subject,
        jobId: r.jobId ?? null,
        fileId: null,
        size: null,
        contentType: null,
        error: null,
        createdAt: at,
        finishedAt: null,
        expiresAt: null,
      })
      return id
    },

    /** The job that makes it, once enqueued (its progress is the download's). */
    async setJob(tx: Db, id: string, jobId: string) {
      await tx.update(d).set({ jobId }).where(eq(d.id, id))
    },

    /** The job started on it. */
    async running(id: string) {
      await db
        .update(d)
        .set({ state: 'running' })
        .where(and(eq(d.id, id), eq(d.state, 'queued')))
    },

    /**
     * The file is stored (in the caller's transaction, with the file): ready until it expires — after the usual time, or
     * earlier when its content may not be used beyond `until` (a lead list's NIX check, decision 095).
     */
    async ready(tx: Db, id: string, file: { fileId: string; size: number; contentType: string; name?: string; until?: number }, at = Date.now()) {
      const expiresAt = Math.min(at + DOWNLOAD_TTL_MS, file.until ?? Infinity)
      await finish(
        tx,
        id,
        'ready',
        { fileId: file.fileId, size: file.size, contentType: file.contentType, expiresAt, ...(file.name ? { name: file.name } : {}) },
        at,
      )
    },

    /** It could not be made: the reason is shown to the person. */
    async failed(id: string, reason: string, at = Date.now()) {
      await database.transaction((tx) => finish(tx, id, 'failed', { error: reason.slice(0, 500) }, at))
    },

    /** Ready files past their expiry leave storage; the row stays, expired, so the list still says what it was. */
    async expire(now = Date.now()): Promise<number> {
      const due = await db
        .select({ id: d.id, fileId: d.fileId })
        .from(d)
        .where(and(eq(d.state, 'ready'), lt(d.expiresAt, now)))
        .limit(500)
      if (due.length === 0) return 0
      await database.transaction(async (tx) => {
        await deps.files.remove(
          tx,
          due.flatMap((x) => (x.fileId ? [x.fileId] : [])),
        )
        await tx
          .update(d)
          .set({ state: 'expired', fileId: null })
          .where(
            inArray(
              d.id,
              due.map((x) => x.id),
            ),
          )
      })
      return due.length
    },
  }
}
