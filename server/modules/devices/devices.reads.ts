import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { appVersionKey, deviceAlerts, deviceKind, deviceLabel, MOBILE_SYSTEMS } from '../../../shared/rules/devices'
import type { DeviceAlert, DeviceDetail, DeviceItem, DeviceSettings, DevicesQuery, DeviceSource } from '../../../shared/schemas/devices'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import { accessFilter, containsTerm, withAccess } from '../../db/conditions'
import { notFound } from '../../lib/errors'
import { activityLines } from '../../platform/activity-log'
import { freeStorageOf, type DeviceRow, type DevicesContext } from './devices.context'

const MB = 1024 * 1024

/** The list of devices the reader's rules allow, with their alerts, and one device with its history. */
export function deviceReads(ctx: DevicesContext) {
  const { database, db, d, ports, now } = ctx

  const sourceOf = (row: DeviceRow): DeviceSource => (row.installationId && row.serialNumber ? 'both' : row.installationId ? 'app' : 'mdm')
  const facts = (row: DeviceRow) => ({
    lost: !!row.lostAt,
    pending: row.pending,
    lastSyncAt: row.lastSyncAt,
    enrolledAt: row.appEnrolledAt ?? row.mdmEnrolledAt ?? row.createdAt,
    appVersion: row.appVersion,
    freeStorageBytes: freeStorageOf(row),
  })
  const itemOf = (row: DeviceRow, names: Map<string, { name: string }>, settings: DeviceSettings, at: number): DeviceItem => ({
    id: row.id,
    label: deviceLabel(row),
    kind: deviceKind(row),
    manufacturer: row.manufacturer,
    model: row.model,
    serialNumber: row.serialNumber,
    os: [row.os, row.osVersion].filter(Boolean).join(' ') || null,
    browser: row.browser,
    appVersion: row.appVersion,
    freeStorageBytes: freeStorageOf(row),
    enrolledAt: row.mdmEnrolledAt ?? row.appEnrolledAt,
    lastSyncAt: row.lastSyncAt ?? row.mdmLastSyncAt,
    pending: row.pending,
    userId: row.userId,
    userName: row.userId ? (names.get(row.userId)?.name ?? null) : null,
    source: sourceOf(row),
    state: row.lostAt ? 'lost' : 'active',
    alerts: deviceAlerts(facts(row), settings, at),
  })

  /** The alerts as conditions (the same rule as deviceAlerts, shared/rules/devices.ts), so the list filters and counts in the database. */
  function alertWhere(alert: DeviceAlert, settings: DeviceSettings, at: number): SQL {
    const active = isNull(d.lostAt)
    if (alert === 'stale') {
      const since = sql`coalesce(${d.lastSyncAt}, ${d.appEnrolledAt}, ${d.mdmEnrolledAt}, ${d.createdAt})`
      return and(active, sql`${d.pending} > 0`, sql`${since} <= ${at - settings.staleHours * 3600_000}`)!
    }
    if (alert === 'lowSpace') {
      const free = sql`coalesce(${d.mdmFreeStorage}, ${d.storageQuota} - ${d.storageUsed})`
      return and(active, sql`${free} < ${settings.lowSpaceMb * MB}`)!
    }
    const min = appVersionKey(settings.minAppVersion)
    return min ? and(active, isNotNull(d.appVersionKey), lt(d.appVersionKey, min))! : sql`1 = 0`
  }

  /** At most this many people's devices by an owner's name (a name as short as "an" still finds whose). */
  const OWNERS_SEARCHED = 500

  const visible = (ability: AppAbility) =>
    accessFilter(ability, 'view', 'devices', { sellerId: d.userId, userId: d.userId, teamId: d.teamId, officeId: d.officeId })

  return {
    async list(ability: AppAbility, q: DevicesQuery & { page: number; itemsPerPage: number }): Promise<ListAnswer<DeviceItem>> {
      const settings = await ctx.settings()
      const at = now()
      const own: Array<SQL | undefined> = []
      if (q.q) {
        // By the device's own names, or its owner's ("Erik lost his phone"): the people whose name matches, asked of users.
        const owners = await ports.peopleNamed(db, q.q, OWNERS_SEARCHED)
        own.push(
          or(
            containsTerm(d.name, q.q),
            containsTerm(d.model, q.q),
            containsTerm(d.serialNumber, q.q),
            containsTerm(d.manufacturer, q.q),
            owners.length ? inArray(d.userId, owners) : undefined,
          ),
        )
      }
      if (q.kind) {
        const mobile = or(isNotNull(d.serialNumber), inArray(sql`lower(${d.os})`, [...MOBILE_SYSTEMS]))!
        own.push(q.kind === 'mobile' ? mobile : not(mobile))
      }
      if (q.state) own.push(q.state === 'lost' ? isNotNull(d.lostAt) : isNull(d.lostAt))
      if (q.source === 'app') own.push(and(isNotNull(d.installationId), isNull(d.serialNumber)))
      if (q.source === 'mdm') own.push(isNull(d.installationId))
      if (q.source === 'both') own.push(and(isNotNull(d.installationId), isNotNull(d.serialNumber)))
      if (q.userId) own.push(eq(d.userId, q.userId))
      if (q.alert === 'any') own.push(or(alertWhere('stale', settings, at), alertWhere('lowSpace', settings, at), alertWhere('oldVersion', settings, at)))
      else if (q.alert) own.push(alertWhere(q.alert, settings, at))
      const where = withAccess(visible(ability), ...own)
      const dir = q.orderBy === 'asc' ? asc : desc
      const order =
        q.sortBy === 'name'
          ? [dir(sql`coalesce(${d.name}, ${d.model}, ${d.os})`)]
          : q.sortBy === 'enrolledAt'
            ? [dir(sql`coalesce(${d.mdmEnrolledAt}, ${d.appEnrolledAt})`)]
            : q.sortBy === 'freeStorage'
              ? [dir(sql`coalesce(${d.mdmFreeStorage}, ${d.storageQuota} - ${d.storageUsed})`)]
              : q.sortBy === 'pending'
                ? [dir(d.pending)]
                : [dir(sql`coalesce(${d.lastSyncAt}, ${d.mdmLastSyncAt})`)]
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(d)
          .where(where)
          .orderBy(...order, asc(d.id))
          .limit(q.itemsPerPage)
          .offset((q.page - 1) * q.itemsPerPage),
        db.select({ n: count() }).from(d).where(where),
      ])
      const names = await ports.placesOf(
        db,
        rows.flatMap((r) => (r.userId ? [r.userId] : [])),
      )
      return { items: rows.map((r) => itemOf(r, names, settings, at)), total: counted?.n ?? 0, page: q.page, itemsPerPage: q.itemsPerPage }
    },

    async detail(ability: AppAbility, id: string): Promise<DeviceDetail> {
      const [row] = await db
        .select()
        .from(d)
        .where(withAccess(visible(ability), eq(d.id, id)))
      if (!row) throw notFound()
      const [settings, lines] = await Promise.all([ctx.settings(), activityLines(database, 'device', id)])
      // Who had it: the log's person ids are shown as names.
      const ids = lines.flatMap((l) => [l.before?.userId, l.after?.userId]).filter((x): x is string => typeof x === 'string')
      const names = await ports.placesOf(
        db,
        [row.userId, row.lostById, ...ids].filter((x): x is string => !!x),
      )
      const named = (v: Record<string, unknown> | null) =>
        v && 'userId' in v ? { ...v, userId: typeof v.userId === 'string' ? (names.get(v.userId)?.name ?? v.userId) : null } : v
      const activity = lines.map((l) => ({ ...l, before: named(l.before), after: named(l.after) }))
      return {
        ...itemOf(row, names, settings, now()),
        version: row.version,
        name: row.name,
        os: row.os,
        osVersion: row.osVersion,
        storageUsedBytes: row.storageUsed,
        storageQuotaBytes: row.storageQuota,
        persisted: row.persisted,
        mdmFreeStorageBytes: row.mdmFreeStorage,
        mdmTotalStorageBytes: row.mdmTotalStorage,
        mdmEnrolledAt: row.mdmEnrolledAt,
        mdmLastSyncAt: row.mdmLastSyncAt,
        appEnrolledAt: row.appEnrolledAt,
        lastContactAt: row.lastContactAt,
        lostAt: row.lostAt,
        lostByName: row.lostById ? (names.get(row.lostById)?.name ?? null) : null,
        pendingAtLoss: row.pendingAtLoss,
        wipedAt: row.wipedAt,
        storeLostAt: row.storeLostAt,
        pendingAtStoreLoss: row.pendingAtStoreLoss,
        activity,
        may: { edit: ability.can('update', 'devices') },
      }
    },
  }
}
