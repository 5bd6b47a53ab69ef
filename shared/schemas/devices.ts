import { z } from 'zod'
import type { ActivityLine } from './activity'
import { listQuerySchema } from './pagination'
import { text } from './text'

/**
 * The sellers' devices (docs/decisions/072): every installed app registers itself through the sync it already does
 * (what the browser can tell), the MDM's device list fills in what a browser cannot (serial number, the whole free
 * space, the enrollment), and back office keeps them, sees their alerts and marks a lost one, which the app on it
 * then wipes.
 */

const optionalText = (max: number) => text(max).nullable().optional()

/** The hints a browser gives beyond its user agent (User-Agent Client Hints, where there are any). */
export const deviceHintsSchema = z.strictObject({
  model: optionalText(80),
  platform: optionalText(40),
  platformVersion: optionalText(40),
  mobile: z.boolean().nullable().optional(),
})

/** What an installed app says about itself after a sync (and at its first sign-in: the enrollment). */
export const deviceReportSchema = z.strictObject({
  /** the installation's own id, made once on the device */
  deviceId: z.uuid(),
  /** the installation's secret, made once with the id: asking whether it is lost needs both */
  key: z.string().regex(/^[A-Za-z0-9_-]{32,86}$/),
  appVersion: text(40).min(1),
  hints: deviceHintsSchema.optional(),
  /** navigator.storage.estimate(): what the app uses and what the browser gives it; persist() granted or not */
  storage: z
    .strictObject({
      usage: z
        .int()
        .min(0)
        .max(2 ** 50)
        .nullable(),
      quota: z
        .int()
        .min(0)
        .max(2 ** 50)
        .nullable(),
      persisted: z.boolean().nullable(),
    })
    .optional(),
  lastSyncAt: z.int().min(0).nullable(),
  /** the signed-in person's store on the device (its sync client id): a new one where changes waited means they were lost */
  storeId: z.uuid().optional(),
  /** changes made on the device that the server had not taken at this contact */
  pending: z.int().min(0).max(1_000_000),
})
export type DeviceReport = z.infer<typeof deviceReportSchema>
/**
 * The app's store found emptied by the browser (docs/decisions/090): the changes the server knew were waiting on this
 * device at its last contact, which never arrived.
 */
export type LostWork = { pending: number; lastContactAt: number }
/**
 * Whether the installation must wipe itself; to a signed-in report, also whether sales get positions (docs/decisions/074)
 * and, once, what the browser's emptying of the store lost.
 */
export type DeviceReportAnswer = { wipe: boolean; positions?: boolean; lostWork?: LostWork }

/** Asked without a session (it ended when the device was marked lost): should this installation wipe itself? */
export const deviceCheckSchema = z.strictObject({ deviceId: z.uuid(), key: deviceReportSchema.shape.key })

export const DEVICE_ALERTS = ['stale', 'lowSpace', 'oldVersion'] as const
export type DeviceAlert = (typeof DEVICE_ALERTS)[number]
export const DEVICE_STATES = ['active', 'lost'] as const
export type DeviceState = (typeof DEVICE_STATES)[number]
/** Where a device's record came from: the app registered itself, the MDM's list named it, or both. */
export const DEVICE_SOURCES = ['app', 'mdm', 'both'] as const
export type DeviceSource = (typeof DEVICE_SOURCES)[number]

/** What a device is: a phone or tablet (a seller's, in the field), or a computer someone signed in on. */
export const DEVICE_KINDS = ['phone', 'tablet', 'computer'] as const
export type DeviceKind = (typeof DEVICE_KINDS)[number]
/** The list's filter: the field devices (phones and tablets), or the computers. */
export const DEVICE_KIND_FILTERS = ['mobile', 'computer'] as const

export const DEVICE_SORT_KEYS = ['lastSyncAt', 'name', 'enrolledAt', 'freeStorage', 'pending'] as const
export const devicesQuerySchema = listQuerySchema(DEVICE_SORT_KEYS).extend({
  alert: z.enum([...DEVICE_ALERTS, 'any']).optional(),
  state: z.enum(DEVICE_STATES).optional(),
  source: z.enum(DEVICE_SOURCES).optional(),
  userId: z.uuid().optional(),
  kind: z.enum(DEVICE_KIND_FILTERS).optional(),
})
export type DevicesQuery = z.input<typeof devicesQuerySchema>

export type DeviceItem = {
  id: string
  /** the MDM's name, else manufacturer and model, else the OS and browser */
  label: string
  kind: DeviceKind
  manufacturer: string | null
  model: string | null
  serialNumber: string | null
  os: string | null
  browser: string | null
  appVersion: string | null
  /** the device's free space when the MDM told it, else the space the browser leaves the app */
  freeStorageBytes: number | null
  enrolledAt: number | null
  lastSyncAt: number | null
  pending: number
  userId: string | null
  userName: string | null
  source: DeviceSource
  state: DeviceState
  alerts: DeviceAlert[]
}

export type DeviceDetail = DeviceItem & {
  version: number
  name: string | null
  osVersion: string | null
  storageUsedBytes: number | null
  storageQuotaBytes: number | null
  persisted: boolean | null
  mdmFreeStorageBytes: number | null
  mdmTotalStorageBytes: number | null
  mdmEnrolledAt: number | null
  mdmLastSyncAt: number | null
  appEnrolledAt: number | null
  lastContactAt: number | null
  lostAt: number | null
  lostByName: string | null
  /** the changes waiting on the device at its last contact before it was marked lost: these are lost with it */
  pendingAtLoss: number | null
  wipedAt: number | null
  /** the browser emptied the app's store on this device with these changes unsent (docs/decisions/090) */
  storeLostAt: number | null
  pendingAtStoreLoss: number | null
  activity: ActivityLine[]
  may: { edit: boolean }
}

export const deviceIdSchema = z.strictObject({ id: z.uuid() })

/** Back office's own edit of what the MDM would say (a device without MDM, or a correction). */
export const deviceUpdateSchema = z.strictObject({
  version: z.int().min(1),
  name: optionalText(120),
  manufacturer: optionalText(80),
  model: optionalText(80),
  serialNumber: optionalText(80),
  /** megabytes as people read them on the MDM's screen */
  freeStorageMb: z.number().min(0).max(100_000_000).nullable().optional(),
  totalStorageMb: z.number().min(0).max(100_000_000).nullable().optional(),
  enrolledAt: z.iso.date().nullable().optional(),
  userId: z.uuid().nullable().optional(),
})
export type DeviceUpdate = z.infer<typeof deviceUpdateSchema>

export const deviceLostSchema = z.strictObject({ version: z.int().min(1), lost: z.boolean() })

export const deviceSettingsSchema = z.strictObject({
  /** a device with changes waiting that has not synced for this many hours is an alert */
  staleHours: z
    .int()
    .min(1)
    .max(24 * 60),
  /** less free space than this (MB) is an alert */
  lowSpaceMb: z.int().min(0).max(1_000_000),
  /** app versions before this one are an alert; none: no check */
  minAppVersion: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+){0,3}$/)
    .nullable(),
})
export type DeviceSettings = z.infer<typeof deviceSettingsSchema>
export const DEFAULT_DEVICE_SETTINGS: DeviceSettings = { staleHours: 24, lowSpaceMb: 500, minAppVersion: null }

/** The columns of an MDM's device list the import reads; the e-mail finds the person, the serial the device. */
export const DEVICE_IMPORT_FIELDS = [
  'serialNumber',
  'email',
  'name',
  'manufacturer',
  'model',
  'os',
  'freeStorage',
  'totalStorage',
  'enrolledAt',
  'lastSyncAt',
] as const
export type DeviceImportField = (typeof DEVICE_IMPORT_FIELDS)[number]
export type DeviceMapping = Partial<Record<DeviceImportField, string>>
export const deviceMappingSchema = z.strictObject(
  Object.fromEntries(DEVICE_IMPORT_FIELDS.map((f) => [f, text(200).min(1).optional()])) as Record<DeviceImportField, z.ZodOptional<z.ZodString>>,
)
export const deviceImportApplySchema = z.strictObject({ mapping: deviceMappingSchema })
export const deviceImportIdSchema = z.strictObject({ id: z.uuid() })

/** What a row of the list does: a new device, an update of one the MDM named before, or one the app registered. */
export type DeviceImportAction = 'create' | 'update' | 'matchApp'
export type DeviceImportRow = {
  row: number
  serialNumber: string | null
  model: string | null
  email: string | null
  userName: string | null
  action: DeviceImportAction | null
  errors: Partial<Record<DeviceImportField, string>>
}
export type DeviceImportPreview = {
  id: string
  fileName: string
  headers: string[]
  mapping: DeviceMapping
  rowCount: number
  counts: { create: number; update: number; matchApp: number; errors: number }
  /** the rows with problems first, then the first of the rest */
  rows: DeviceImportRow[]
}
export type DeviceImportResult = { created: number; updated: number; matchedApp: number; skipped: number }
