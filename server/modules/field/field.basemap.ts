import { and, eq, ne } from 'drizzle-orm'
import { byteRange } from '../../lib/byte-range'
import type { AppAbility } from '../../../shared/permissions/ability'
import { PMTILES_HEADER_BYTES, readPmtilesHeader } from '../../../shared/rules/maps'
import type { Translate } from '../../../shared/schemas/errors'
import { BASEMAP_MAX_BYTES, type MapSettings, type MapSettingsInput, type PmtilesInfo } from '../../../shared/schemas/maps'
import { ApiError, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { FieldContext } from './field.context'
import { postalPositions } from './field.postal'

export const SETTINGS_ID = 'global'
/** The uploaded file is kept in pieces of this size: a range of it is one or two rows. */
export const CHUNK_BYTES = 1024 * 1024
/** Pieces kept in memory for the next requests (a map view asks for a few dozen tiles near each other). */
const CACHED_CHUNKS = 32
/**
 * The most one range answers (decision 079): a map asks for a header, directories and tiles of kilobytes to a
 * megabyte; a longer range is answered with its first 4 MiB (a shorter 206), so its work is not the file's size.
 * (8 MiB let eight such readers at once delay a health answer by a second on a loaded host: CI saw 1,022 ms.)
 */
export const RANGE_MAX_BYTES = 4 * CHUNK_BYTES

export type RangeAnswer = { status: 200 | 206 | 304 | 404 | 416; headers: Record<string, string>; body: ReadableStream<Uint8Array> | Uint8Array | null }

/**
 * The basemap (docs/decisions/074): a plain background with country borders shipped with the app, a style URL the
 * organisation chose, or its own PMTiles file uploaded here and served in ranges — every instance reads the same
 * rows, and no request goes to a tile server nobody chose.
 */
export function fieldBasemap(ctx: FieldContext) {
  const { database, db, t, ports } = ctx
  const m = t.mapSettings
  const c = t.mapFileChunks
  const postal = postalPositions(ctx)
  const origins = { at: 0, list: [] as string[] }

  const row = async () => (await db.select().from(m).where(eq(m.id, SETTINGS_ID)))[0]

  const { bytesOf } = chunkReader(db, c)

  return {
    /**
     * The origin of the style URL an admin set, for the pages' Content-Security-Policy: answered from memory, read
     * again at most every 10 seconds (another instance's change is seen within them).
     */
    mapSources(): string[] {
      const at = Date.now()
      if (at - origins.at > 10_000) {
        origins.at = at
        row()
          .then((s) => (origins.list = s?.basemap === 'style' && s.styleUrl ? [new URL(s.styleUrl).origin] : []))
          .catch(() => undefined)
      }
      return origins.list
    },

    async settings(ability: AppAbility): Promise<MapSettings> {
      const [s, salePositions, postalCodes] = await Promise.all([row(), ports.positionsOn(db), postal.count()])
      return {
        basemap: s?.basemap ?? 'plain',
        styleUrl: s?.styleUrl ?? null,
        file:
          s?.fileVersion && s.fileInfo
            ? { ...s.fileInfo, name: s.fileName ?? '', size: Number(s.fileSize ?? 0), uploadedAt: s.fileUploadedAt ?? 0, version: s.fileVersion }
            : null,
        salePositions,
        postalCodes,
        may: { edit: ability.can('update', 'controlling') },
      }
    },

    /** The basemap and whether sales get positions; a PMTiles basemap needs its file uploaded first. */
    async updateSettings(actorId: string, input: MapSettingsInput, translate: Translate): Promise<void> {
      const at = Date.now()
      await database.transaction(async (tx) => {
        const [before] = await tx.select().from(m).where(eq(m.id, SETTINGS_ID))
        if (input.basemap === 'pmtiles' && !before?.fileVersion) throw validationError({ basemap: [translate('validation.maps.noFile')] })
        const values = { basemap: input.basemap, styleUrl: input.styleUrl, updatedAt: at, updatedById: actorId }
        await tx
          .insert(m)
          .values({ id: SETTINGS_ID, ...values })
          .onConflictDoUpdate({ target: m.id, set: values })
        await ports.setPositionsOn(tx, actorId, input.salePositions, at)
        await logActivity(tx, t, {
          at,
          actorId,
          entity: 'map_settings',
          entityId: SETTINGS_ID,
          action: 'updated',
          before: { basemap: before?.basemap ?? 'plain', styleUrl: before?.styleUrl ?? null },
          after: { basemap: input.basemap, styleUrl: input.styleUrl },
        })
      })
      origins.at = 0
    },

    /**
     * Stores an uploaded PMTiles file piece by piece as it arrives (a region's extract is hundreds of megabytes),
     * checking its header first; the map switches to it when the whole file is in, and the old file's pieces go.
     */
    async upload(actorId: string, name: string, body: ReadableStream<Uint8Array>, translate: Translate): Promise<MapSettings['file']> {
      const version = crypto.randomUUID()
      const { size, info } = await storePieces(db, c, version, body, translate)
      const at = Date.now()
      const file = { name: name.slice(0, 200), size, info, at }
      await database.transaction(async (tx) => {
        const [before] = await tx.select().from(m).where(eq(m.id, SETTINGS_ID))
        const values = {
          fileVersion: version,
          fileName: file.name,
          fileSize: size,
          fileInfo: file.info,
          fileUploadedAt: at,
          updatedAt: at,
          updatedById: actorId,
        }
        await tx
          .insert(m)
          .values({ id: SETTINGS_ID, basemap: 'pmtiles', styleUrl: null, ...values })
          .onConflictDoUpdate({ target: m.id, set: { ...values, basemap: 'pmtiles' } })
        await tx.delete(c).where(ne(c.version, version))
        await logActivity(tx, t, {
          at,
          actorId,
          entity: 'map_settings',
          entityId: SETTINGS_ID,
          action: 'fileUploaded',
          before: { file: before?.fileName ?? null },
          after: { file: file.name, size, tileType: file.info.tileType },
        })
      })
      return { ...file.info, name: file.name, size, uploadedAt: at, version }
    },

    /** A range of the uploaded file (RFC 9110): one range answers 206, none the whole file, an impossible one 416. */
    async serve(range: string | undefined, ifNoneMatch: string | undefined): Promise<RangeAnswer> {
      const s = await row()
      if (!s?.fileVersion) return { status: 404, headers: {}, body: null }
      const size = Number(s.fileSize ?? 0)
      const version = s.fileVersion
      const etag = `"${version}"`
      const headers: Record<string, string> = {
        'Accept-Ranges': 'bytes',
        ETag: etag,
        'Content-Type': 'application/vnd.pmtiles',
        'Cache-Control': 'private, max-age=86400',
      }
      if (ifNoneMatch === etag && !range) return { status: 304, headers, body: null }
      const part = byteRange(range, size, RANGE_MAX_BYTES)
      if (part.kind === 'unsatisfiable') return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` }, body: null }
      if (part.kind === 'part') {
        // A part within one piece is answered at once; a longer one piece by piece as the client takes them.
        const length = part.end - part.start + 1
        const body = length <= CHUNK_BYTES ? await bytesOf(version, part.start, part.end) : partStream(bytesOf, version, part.start, part.end)
        return {
          status: 206,
          headers: { ...headers, 'Content-Range': `bytes ${part.start}-${part.end}/${size}`, 'Content-Length': String(length) },
          body,
        }
      }
      // No range (or several, which this server answers with the whole file): the pieces one after another.
      const stream = wholeFile(db, c, version, size)
      return { status: 200, headers: { ...headers, 'Content-Length': String(size) }, body: stream }
    },
  }
}

/**
 * Bytes start…end of a version as a stream, a piece (CHUNK_BYTES) at a time as the client takes them: the event loop
 * is free between pieces and no more than a piece of the range is in memory for it (decision 079).
 */
function partStream(bytesOf: ReturnType<typeof chunkReader>['bytesOf'], version: string, start: number, end: number): ReadableStream<Uint8Array> {
  let at = start
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const to = Math.min(end, (Math.floor(at / CHUNK_BYTES) + 1) * CHUNK_BYTES - 1)
      controller.enqueue(await bytesOf(version, at, to))
      at = to + 1
      if (at > end) controller.close()
    },
  })
}

/** The whole file as a stream of its pieces, read one at a time as the client takes them. */
function wholeFile(db: FieldContext['db'], c: FieldContext['t']['mapFileChunks'], version: string, size: number): ReadableStream<Uint8Array> {
  let seq = 0
  const last = Math.ceil(size / CHUNK_BYTES) - 1
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const [row] = await db
        .select({ data: c.data })
        .from(c)
        .where(and(eq(c.version, version), eq(c.seq, seq)))
      if (!row) return controller.error(new Error(`basemap ${version}: piece ${seq} is missing`))
      controller.enqueue(new Uint8Array(row.data))
      seq += 1
      if (seq > last) controller.close()
    },
  })
}

/** Ranges of a stored file from its pieces, the last pieces read kept in memory (a map view asks for tiles near each other). */
function chunkReader(db: FieldContext['db'], c: FieldContext['t']['mapFileChunks']) {
  const chunkCache = new Map<string, Uint8Array>()
  // A piece being read already: readers of the same piece at the same moment (a map view's tiles, clients opening the
  // map together) share one read instead of each decoding the megabyte again.
  const reading = new Map<string, Promise<Uint8Array | null>>()
  function chunk(version: string, seq: number): Promise<Uint8Array | null> {
    const key = `${version}:${seq}`
    const hit = chunkCache.get(key)
    if (hit) return Promise.resolve(hit)
    const pending = reading.get(key)
    if (pending) return pending
    const read = readChunk(version, seq, key).finally(() => reading.delete(key))
    reading.set(key, read)
    return read
  }
  async function readChunk(version: string, seq: number, key: string): Promise<Uint8Array | null> {
    const [found] = await db
      .select({ data: c.data })
      .from(c)
      .where(and(eq(c.version, version), eq(c.seq, seq)))
    if (!found) return null
    const bytes = new Uint8Array(found.data)
    if (chunkCache.size >= CACHED_CHUNKS) chunkCache.delete(chunkCache.keys().next().value!)
    chunkCache.set(key, bytes)
    return bytes
  }

  /** The bytes start…end (inclusive) of a version, from its pieces. */
  async function bytesOf(version: string, start: number, end: number): Promise<Uint8Array> {
    const out = new Uint8Array(end - start + 1)
    for (let seq = Math.floor(start / CHUNK_BYTES); seq <= Math.floor(end / CHUNK_BYTES); seq++) {
      const data = await chunk(version, seq)
      if (!data) throw new ApiError(404, 'not_found')
      const from = Math.max(start, seq * CHUNK_BYTES)
      const to = Math.min(end, seq * CHUNK_BYTES + data.byteLength - 1)
      out.set(data.subarray(from - seq * CHUNK_BYTES, to - seq * CHUNK_BYTES + 1), from - start)
    }
    return out
  }
  return { bytesOf }
}

/** Stores an upload's bytes in pieces as they arrive, the header checked first; a failure removes what was stored. */
async function storePieces(
  db: FieldContext['db'],
  c: FieldContext['t']['mapFileChunks'],
  version: string,
  body: ReadableStream<Uint8Array>,
  translate: Translate,
): Promise<{ size: number; info: PmtilesInfo }> {
  let size = 0
  let seq = 0
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  let info: ReturnType<typeof readPmtilesHeader> = null
  const flush = async () => {
    const data = Buffer.concat(pending)
    pending = []
    pendingBytes = 0
    if (seq === 0) {
      info = readPmtilesHeader(data.subarray(0, PMTILES_HEADER_BYTES))
      if (!info) throw validationError({ file: [translate('validation.maps.notPmtiles')] })
    }
    await db.insert(c).values({ version, seq: seq++, data })
  }
  try {
    const reader = body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > BASEMAP_MAX_BYTES) throw new ApiError(413, 'payload_too_large')
      let rest = value
      while (pendingBytes + rest.byteLength >= CHUNK_BYTES) {
        const take = CHUNK_BYTES - pendingBytes
        pending.push(rest.subarray(0, take))
        pendingBytes += take
        rest = rest.subarray(take)
        await flush()
      }
      if (rest.byteLength > 0) {
        pending.push(rest)
        pendingBytes += rest.byteLength
      }
    }
    if (pendingBytes > 0 || seq === 0) await flush()
  } catch (error) {
    await db.delete(c).where(eq(c.version, version))
    throw error
  }
  return { size, info: info! }
}
