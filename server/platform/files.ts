import { and, eq, inArray, isNull, lt, sum } from 'drizzle-orm'
import { fileTypeFromBuffer } from 'file-type'
import type { Context } from 'hono'
import { FILE_KINDS, TYPE_LABELS, type FileKind } from '../../shared/schemas/files'
import type { Translate } from '../../shared/schemas/errors'
import type { Database, Db } from '../db/client'
import type { AppEnv, AuthContext } from '../lib/context'
import { dispositionOf } from '../lib/disposition'
import { ApiError, validationError } from '../lib/errors'
import { keyedQueue } from '../lib/keyed-queue'

/**
 * One file module for every stored file (docs/decisions/020): checklist photos today, order imports, exports and
 * contracts next. A file's type is decided by its content (the well-kept `file-type` package reads the magic
 * bytes; text is accepted as CSV only when it is well-formed UTF-8 without control bytes) and must be one its
 * kind allows, as must its size. Files live in the database, so every instance serves every file. Who may read a
 * file is decided by the area that owns its kind: it registers a read policy; a kind without one is readable by
 * its owner only. Refusals are translated errors that change nothing.
 */

export type StoredFileMeta = {
  id: string
  kind: FileKind
  userId: string
  name: string
  contentType: string
  size: number
  createdAt: number
  attachedAt: number | null
}
export type StoredFile = StoredFileMeta & { data: Buffer }
/** May `auth` read `file`? Asked of everyone but the owner of a kind whose owner always reads it (FILE_KINDS' `ownerReads`). */
export type FileReadPolicy = (file: StoredFileMeta, auth: AuthContext, db: Db) => Promise<boolean>

export type FileStore = ReturnType<typeof fileStore>

/** What a record shows of its file (a sale's checklist): enough to name it and fetch it. */
export function fileSummary(f: StoredFileMeta) {
  return { id: f.id, name: f.name, contentType: f.contentType, size: f.size }
}

/** Both names of the HEIF family are one type here: phones label the same photo either way. */
const sameType = (a: string, b: string) => a === b || (a.startsWith('image/hei') && b.startsWith('image/hei'))

/** Text (UTF-8, or Windows-1252 as Excel saves it) with no control bytes but tab, CR and LF: what a CSV file is. */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 64 * 1024)
  for (const b of head) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false
  try {
    // A multi-byte character cut at the 64 KiB boundary is not an error: decode a little less in that case.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.length > head.length ? head.subarray(0, head.length - 4) : head)
    return true
  } catch {
    // Not UTF-8: text in Windows-1252 (what Excel saves a Swedish CSV in) has none of the five bytes it leaves undefined.
    for (const b of head) if (b === 0x81 || b === 0x8d || b === 0x8f || b === 0x90 || b === 0x9d) return false
    return true
  }
}

/** The type the content says it is, or null when it is none we know. */
export async function detectType(bytes: Uint8Array): Promise<string | null> {
  const found = await fileTypeFromBuffer(bytes)
  if (found) return found.mime
  return looksLikeText(bytes) ? 'text/csv' : null
}

/**
 * Checks bytes against a kind: not empty, within its size, of one of its types by content, and — when the
 * uploader declared a type — the type the content has. Answers the type to store; throws a translated 400, 413 or
 * 415 (field `file`) otherwise.
 */
export async function checkFile(kind: FileKind, bytes: Uint8Array, declaredType: string | null, t: Translate): Promise<string> {
  const spec = FILE_KINDS[kind]
  const types = spec.types as readonly string[]
  const typeError = () =>
    new ApiError(415, 'unsupported_file_type', {
      fieldErrors: { file: [t(`${spec.messages}.fileType`, { types: [...new Set(types.map((x) => TYPE_LABELS[x] ?? x))].join(', ') })] },
    })
  if (declaredType !== null && !types.some((x) => sameType(x, declaredType))) throw typeError()
  if (bytes.byteLength === 0) throw validationError({ file: [t(`${spec.messages}.fileEmpty`)] })
  if (bytes.byteLength > spec.maxBytes)
    throw new ApiError(413, 'payload_too_large', {
      fieldErrors: { file: [t(`${spec.messages}.fileTooLarge`, { max: `${Math.round(spec.maxBytes / 1024 / 1024)} MB` })] },
    })
  const detected = await detectType(bytes)
  if (!detected) throw typeError()
  const allowed = types.find((x) => sameType(x, detected))
  if (!allowed || (declaredType !== null && !sameType(declaredType, detected))) throw typeError()
  return declaredType ?? allowed
}

/** The name an uploader gave its file (header `X-File-Name`, URI-encoded), or the default. */
export function uploadedName(c: Context<AppEnv>, fallback: string): string {
  try {
    return decodeURIComponent(c.req.header('x-file-name') ?? fallback).slice(0, 200) || fallback
  } catch {
    return fallback
  }
}

/**
 * An upload whose body is the file: read, checked against its kind (checkFile: type by content, size, translated
 * 400/413/415) and named. What the areas' upload routes start with.
 */
export async function readUpload(c: Context<AppEnv>, kind: FileKind, fallbackName: string): Promise<{ name: string; contentType: string; data: Buffer }> {
  const declared = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase() || null
  const body = new Uint8Array(await c.req.arrayBuffer())
  const contentType = await checkFile(kind, body, declared, c.var.t)
  return { name: uploadedName(c, fallbackName), contentType, data: Buffer.from(body.buffer, body.byteOffset, body.byteLength) }
}

type StoredFileInput = { id: string; kind: FileKind; userId: string; name: string; contentType: string; data: Buffer; attached?: boolean }

export function fileStore(database: Database) {
  const { db, t } = database
  const policies = new Map<FileKind, FileReadPolicy>()
  const meta = {
    id: t.files.id,
    kind: t.files.kind,
    userId: t.files.userId,
    name: t.files.name,
    contentType: t.files.contentType,
    size: t.files.size,
    createdAt: t.files.createdAt,
    attachedAt: t.files.attachedAt,
  }

  const cappedUploads = keyedQueue()
  function insert(file: StoredFileInput, now: number, opts: { quotaBytes?: number }): Promise<'stored' | 'existed'> {
    return database.transaction(async (tx) => {
      const [existing] = await tx.select({ userId: t.files.userId, kind: t.files.kind }).from(t.files).where(eq(t.files.id, file.id))
      if (existing) {
        if (existing.userId !== file.userId || existing.kind !== file.kind) throw new ApiError(409, 'conflict')
        return 'existed' as const
      }
      if (opts.quotaBytes !== undefined) {
        const [waiting] = await tx
          .select({ bytes: sum(t.files.size).mapWith(Number) })
          .from(t.files)
          .where(and(eq(t.files.userId, file.userId), eq(t.files.kind, file.kind), isNull(t.files.attachedAt)))
        if ((waiting?.bytes ?? 0) + file.data.byteLength > opts.quotaBytes) throw new ApiError(429, 'quota_exceeded', { headers: { 'Retry-After': '60' } })
      }
      const { attached, ...row } = file
      await tx.insert(t.files).values({
        ...row,
        name: row.name.toWellFormed().slice(0, 200) || 'file',
        size: file.data.byteLength,
        createdAt: now,
        attachedAt: attached ? now : null,
      })
      return 'stored' as const
    })
  }

  return {
    /** The owning area's say on who may read its kind of file (besides the owner). One policy per kind. */
    readPolicy(kind: FileKind, policy: FileReadPolicy) {
      if (policies.has(kind)) throw new Error(`The ${kind} files already have a read policy`)
      policies.set(kind, policy)
    },

    /**
     * Stores checked bytes (checkFile first). `quotaBytes` caps what the owner's files of this kind that nothing
     * has taken yet may add up to (429 over it); the sum and the insert are one transaction, so parallel uploads
     * cannot pass the cap together. Storing the same id again is 'existed' for the same owner, 409 for another.
     */
    async store(file: StoredFileInput, now: number, opts: { quotaBytes?: number } = {}): Promise<'stored' | 'existed'> {
      // One owner's capped uploads are stored one at a time on this instance. The transaction alone keeps the cap
      // (across instances too), but on PostgreSQL parallel ones conflict on the sum and are run again, each
      // time with its whole file: 16 parallel 9 MB uploads took 19 s that way.
      if (opts.quotaBytes !== undefined) return cappedUploads.run(`${file.userId}|${file.kind}`, () => insert(file, now, opts))
      return insert(file, now, opts)
    },

    /** A file's bytes for the area that owns it (its own job or service, never a user's request: open() is for those). */
    async bytes(id: string): Promise<Buffer | null> {
      const [content] = await db.select({ data: t.files.data }).from(t.files).where(eq(t.files.id, id))
      return content ? Buffer.from(content.data) : null
    },

    /** The file's description without its bytes (null when there is none). */
    async describe(tx: Db, id: string): Promise<StoredFileMeta | null> {
      const [file] = await tx.select(meta).from(t.files).where(eq(t.files.id, id))
      return file ?? null
    },

    /** Descriptions of several files (the ones that exist), for records that list their files. */
    async describeMany(tx: Db, ids: string[]): Promise<StoredFileMeta[]> {
      return ids.length ? tx.select(meta).from(t.files).where(inArray(t.files.id, ids)) : []
    },

    /** Marks files as taken by a record (a sale): they stop counting against the owner's quota and are kept. */
    async attach(tx: Db, ids: string[], now: number) {
      if (ids.length)
        await tx
          .update(t.files)
          .set({ attachedAt: now })
          .where(and(inArray(t.files.id, ids), isNull(t.files.attachedAt)))
    },

    /**
     * The file, if `auth` may read it: whoever the owning area's policy admits at this moment, and the owner of a kind
     * whose owner always reads it (what they uploaded as their own). Anyone else gets null, as for a file that does
     * not exist: they learn nothing, not even that it exists.
     */
    async open(id: string, auth: AuthContext): Promise<StoredFile | null> {
      const [file] = await db.select(meta).from(t.files).where(eq(t.files.id, id))
      if (!file) return null
      if (!(FILE_KINDS[file.kind].ownerReads && file.userId === auth.userData.id)) {
        const policy = policies.get(file.kind)
        if (!policy || !(await policy(file, auth, db))) return null
      }
      const [content] = await db.select({ data: t.files.data }).from(t.files).where(eq(t.files.id, id))
      return content ? { ...file, data: Buffer.from(content.data) } : null
    },

    /**
     * The answer that hands a file over. Files are documents, never part of the app: not kept by the browser or a
     * proxy (a shared phone keeps nothing after logout), never run as a page of the app's origin (sandboxed, no
     * scripts), never sniffed into another type; only images are shown in place, the rest downloaded (decision 016).
     */
    respond(c: Context<AppEnv>, file: StoredFile): Response {
      const image = file.contentType.startsWith('image/')
      c.header('Content-Type', file.contentType)
      c.header('Content-Disposition', dispositionOf(image ? 'inline' : 'attachment', file.name))
      c.header('Cache-Control', 'no-store')
      c.header('Content-Security-Policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
      c.header('Cross-Origin-Resource-Policy', 'same-origin')
      return c.body(new Uint8Array(file.data), 200)
    },

    /** Removes files a record no longer keeps (an erasure), in the caller's transaction. */
    async remove(tx: Db, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0
      const gone = await tx.delete(t.files).where(inArray(t.files.id, ids)).returning({ id: t.files.id })
      return gone.length
    },

    /** Removes files of a kind that nothing took within `olderThanMs`; answers how many. */
    async purgeUnattached(kind: FileKind, now: number, olderThanMs: number): Promise<number> {
      const gone = await db
        .delete(t.files)
        .where(and(eq(t.files.kind, kind), isNull(t.files.attachedAt), lt(t.files.createdAt, now - olderThanMs)))
        .returning({ id: t.files.id })
      return gone.length
    },
  }
}
