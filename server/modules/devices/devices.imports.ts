import { and, eq, inArray, isNull } from 'drizzle-orm'
import { appVersionKey, deviceMappingProblems, guessDeviceMapping, parseDeviceRow, type ParsedDeviceRow } from '../../../shared/rules/devices'
import type { Translate } from '../../../shared/schemas/errors'
import type { DeviceImportAction, DeviceImportPreview, DeviceImportResult, DeviceImportRow, DeviceMapping } from '../../../shared/schemas/devices'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { readTableFile, TableFileError } from '../../lib/table-file'
import { logActivity } from '../../platform/activity-log'
import type { DeviceRow, DevicesContext } from './devices.context'

/** An MDM's list is a device per row: a few thousand in a large organisation. */
export const DEVICE_FILE_MAX_ROWS = 20_000

type Content = { headers: string[]; rows: Array<Record<string, string>> }
type Planned = { row: number; device: ParsedDeviceRow; person: { id: string; name: string } | null; action: DeviceImportAction; target: DeviceRow | null }
type Plan = { planned: Planned[]; problems: DeviceImportRow[] }

/**
 * The MDM's device list (docs/decisions/072): uploaded (CSV or XLSX, read by the guarded table reader), mapped by its
 * columns' usual names, previewed with each row's action (a new device, one the MDM named before by its serial
 * number, or the app's own registration of the person's device) and problems, then applied once; rows with problems
 * are left out.
 */
export function deviceImports(ctx: DevicesContext) {
  const { database, db, t, d, files, ports, now } = ctx
  const plan = (on: Db, content: Content, mapping: DeviceMapping, translate: Translate) => planImport(ctx, on, content, mapping, translate)

  async function read(contentType: string, bytes: Buffer, translate: Translate): Promise<Content> {
    let table: string[][]
    try {
      table = await readTableFile(contentType, bytes, { maxRows: DEVICE_FILE_MAX_ROWS })
    } catch (error) {
      if (error instanceof TableFileError) throw validationError({ file: [translate(`validation.devices.file.${error.reason}`)] })
      throw error
    }
    const [first, ...rows] = table
    const headers = (first ?? []).map((h) => h.trim())
    if (headers.length === 0 || headers.some((h) => h === '') || new Set(headers).size !== headers.length)
      throw validationError({ file: [translate('validation.devices.file.noHeaders')] })
    return {
      headers,
      rows: rows.filter((cells) => cells.some((c) => c.trim() !== '')).map((cells) => Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? '']))),
    }
  }

  async function importOf(id: string) {
    const [imp] = await db.select().from(t.deviceImports).where(eq(t.deviceImports.id, id))
    if (!imp) throw notFound()
    return imp
  }

  async function contentOf(imp: typeof t.deviceImports.$inferSelect, translate: Translate) {
    const [meta] = await files.describeMany(db, [imp.fileId])
    const bytes = await files.bytes(imp.fileId)
    if (!meta || !bytes) throw notFound()
    return read(meta.contentType, bytes, translate)
  }

  function checkMapping(mapping: DeviceMapping, headers: string[], translate: Translate) {
    const problems = deviceMappingProblems(mapping, headers)
    if (Object.keys(problems).length > 0) throw validationError(Object.fromEntries(Object.entries(problems).map(([f, key]) => [f, [translate(key)]])))
  }

  return {
    async upload(actorId: string, file: { name: string; contentType: string; data: Buffer }, translate: Translate): Promise<DeviceImportPreview> {
      const content = await read(file.contentType, file.data, translate)
      const id = crypto.randomUUID()
      const fileId = crypto.randomUUID()
      const at = now()
      await files.store(
        { id: fileId, kind: 'device_import', userId: actorId, name: file.name, contentType: file.contentType, data: file.data, attached: true },
        at,
      )
      await db
        .insert(t.deviceImports)
        .values({ id, fileId, fileName: file.name, mapping: null, status: 'uploaded', result: null, createdById: actorId, createdAt: at, appliedAt: null })
      return previewOf(id, file.name, content, guessDeviceMapping(content.headers), translate)
    },

    async preview(id: string, mapping: DeviceMapping, translate: Translate): Promise<DeviceImportPreview> {
      const imp = await importOf(id)
      if (imp.status !== 'uploaded') throw new ApiError(409, 'already_decided', { params: { state: imp.status }, details: { state: imp.status } })
      const content = await contentOf(imp, translate)
      checkMapping(mapping, content.headers, translate)
      return previewOf(id, imp.fileName, content, mapping, translate)
    },

    /** Writes the rows without problems, once: a second apply answers 409. */
    async apply(actorId: string, id: string, mapping: DeviceMapping, translate: Translate): Promise<DeviceImportResult> {
      const imp = await importOf(id)
      const content = await contentOf(imp, translate)
      checkMapping(mapping, content.headers, translate)
      return database.transaction(async (tx) => {
        const [state] = await tx.select({ status: t.deviceImports.status }).from(t.deviceImports).where(eq(t.deviceImports.id, id))
        if (state?.status !== 'uploaded')
          throw new ApiError(409, 'already_decided', { params: { state: state?.status ?? '' }, details: { state: state?.status } })
        const p = await plan(tx, content, mapping, translate)
        const places = await ports.placesOf(
          tx,
          p.planned.flatMap((x) => (x.person ? [x.person.id] : [])),
        )
        const at = now()
        for (const x of p.planned) await write(tx, actorId, x, x.person ? (places.get(x.person.id) ?? null) : null, at)
        const result: DeviceImportResult = {
          created: p.planned.filter((x) => x.action === 'create').length,
          updated: p.planned.filter((x) => x.action === 'update').length,
          matchedApp: p.planned.filter((x) => x.action === 'matchApp').length,
          skipped: p.problems.length,
        }
        await tx.update(t.deviceImports).set({ status: 'applied', mapping, result, appliedAt: at }).where(eq(t.deviceImports.id, id))
        await logActivity(tx, t, { at, actorId, entity: 'device_import', entityId: id, action: 'applied', after: { ...result, file: imp.fileName } })
        return result
      })
    },
  }

  async function previewOf(id: string, fileName: string, content: Content, mapping: DeviceMapping, translate: Translate): Promise<DeviceImportPreview> {
    const usable = Object.keys(deviceMappingProblems(mapping, content.headers)).length === 0
    const p: Plan = usable ? await plan(db, content, mapping, translate) : { planned: [], problems: [] }
    const count = (a: DeviceImportAction) => p.planned.filter((x) => x.action === a).length
    return {
      id,
      fileName,
      headers: content.headers,
      mapping,
      rowCount: content.rows.length,
      counts: { create: count('create'), update: count('update'), matchApp: count('matchApp'), errors: p.problems.length },
      rows: [
        ...p.problems.sort((a, b) => a.row - b.row).slice(0, 200),
        ...p.planned.slice(0, 50).map((x) => ({ ...rowOf(x.row, x.device, x.person), action: x.action })),
      ],
    }
  }

  async function write(tx: Db, actorId: string, x: Planned, place: { teamId: string | null; officeId: string | null } | null, at: number) {
    const v = x.device
    const mdm = {
      serialNumber: v.serialNumber,
      ...(v.name ? { name: v.name } : {}),
      ...(v.manufacturer ? { manufacturer: v.manufacturer } : {}),
      ...(v.model ? { model: v.model } : {}),
      ...(v.os ? { os: v.os } : {}),
      ...(v.freeStorageBytes !== null ? { mdmFreeStorage: v.freeStorageBytes } : {}),
      ...(v.totalStorageBytes !== null ? { mdmTotalStorage: v.totalStorageBytes } : {}),
      ...(v.enrolledAt !== null ? { mdmEnrolledAt: v.enrolledAt } : {}),
      ...(v.lastSyncAt !== null ? { mdmLastSyncAt: v.lastSyncAt } : {}),
    }
    // The person the app saw signed in wins over the MDM's (the app knows who uses it now); a device only the MDM knows takes the MDM's.
    const owner = x.person && !x.target?.installationId ? { userId: x.person.id, teamId: place?.teamId ?? null, officeId: place?.officeId ?? null } : {}
    if (x.target) {
      await tx
        .update(d)
        .set({ ...mdm, ...owner, version: x.target.version + 1, updatedAt: at })
        .where(eq(d.id, x.target.id))
      await logActivity(tx, t, { at, actorId, entity: 'device', entityId: x.target.id, action: 'imported', after: { ...mdm, ...owner } })
      return
    }
    const id = crypto.randomUUID()
    await tx.insert(d).values({ id, ...mdm, ...owner, appVersionKey: appVersionKey(null), pending: 0, alerted: [], version: 1, createdAt: at, updatedAt: at })
    await logActivity(tx, t, { at, actorId, entity: 'device', entityId: id, action: 'imported', after: { ...mdm, ...owner } })
  }
}

/** Each row's action: by serial number, else the person's one app registration without one, else a new device. */
async function planImport(ctx: DevicesContext, on: Db, content: Content, mapping: DeviceMapping, translate: Translate): Promise<Plan> {
  const { d, ports, timezone } = ctx
  const parsed = content.rows.map((cells, i) => ({ row: i + 2, result: parseDeviceRow(cells, mapping, timezone) }))
  const good = parsed.flatMap((p) => (p.result.ok ? [{ row: p.row, device: p.result.device }] : []))
  const serials = [...new Set(good.map((g) => g.device.serialNumber!))]
  const known = new Map<string, DeviceRow>()
  for (let i = 0; i < serials.length; i += 500)
    for (const r of await on
      .select()
      .from(d)
      .where(inArray(d.serialNumber, serials.slice(i, i + 500))))
      known.set(r.serialNumber!, r)
  const people = await ports.byEmails(on, [...new Set(good.flatMap((g) => (g.device.email ? [g.device.email] : [])))])
  const personIds = [...new Set([...people.values()].map((p) => p.id))]
  const appOnly = new Map<string, DeviceRow[]>()
  for (let i = 0; i < personIds.length; i += 500)
    for (const r of await on
      .select()
      .from(d)
      .where(and(inArray(d.userId, personIds.slice(i, i + 500)), isNull(d.serialNumber), isNull(d.lostAt))))
      appOnly.set(r.userId!, [...(appOnly.get(r.userId!) ?? []), r])

  const problems: DeviceImportRow[] = parsed.flatMap((p) =>
    p.result.ok
      ? []
      : [{ ...rowOf(p.row, null, null), errors: translated(p.result.errors, translate), serialNumber: cellOf(content, p.row, mapping.serialNumber) }],
  )
  const planned: Planned[] = []
  const seen = new Set<string>()
  const claimed = new Set<string>()
  for (const g of good) {
    const serial = g.device.serialNumber!
    const person = g.device.email ? (people.get(g.device.email) ?? null) : null
    const errors: Record<string, string> = {}
    if (seen.has(serial)) errors.serialNumber = translate('validation.devices.serialTwice')
    if (g.device.email && !person) errors.email = translate('validation.devices.unknownPerson')
    seen.add(serial)
    if (Object.keys(errors).length > 0) {
      problems.push({ ...rowOf(g.row, g.device, person), errors })
      continue
    }
    const existing = known.get(serial)
    if (existing) {
      planned.push({ row: g.row, device: g.device, person, action: 'update', target: existing })
      continue
    }
    // The app's registration of the person's device: the one without a serial number, preferring the same model.
    const candidates = (person ? (appOnly.get(person.id) ?? []) : []).filter((r) => !claimed.has(r.id))
    const sameModel = candidates.filter((r) => r.model && g.device.model && r.model.toLowerCase() === g.device.model.toLowerCase())
    const match = sameModel.length === 1 ? sameModel[0]! : candidates.length === 1 ? candidates[0]! : null
    if (match) claimed.add(match.id)
    planned.push({ row: g.row, device: g.device, person, action: match ? 'matchApp' : 'create', target: match })
  }
  return { planned, problems }
}

function rowOf(row: number, device: ParsedDeviceRow | null, person: { id: string; name: string } | null): DeviceImportRow {
  return {
    row,
    serialNumber: device?.serialNumber ?? null,
    model: device?.model ?? null,
    email: device?.email ?? null,
    userName: person?.name ?? null,
    action: null,
    errors: {},
  }
}

function translated(errors: Record<string, string>, translate: Translate) {
  return Object.fromEntries(Object.entries(errors).map(([f, key]) => [f, translate(key)]))
}

function cellOf(content: Content, row: number, header: string | undefined) {
  return header ? content.rows[row - 2]?.[header]?.trim() || null : null
}
