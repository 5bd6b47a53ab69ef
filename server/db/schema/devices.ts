import type { DeviceMapping } from '../../../shared/schemas/devices'
import { table } from './table'

/**
 * The sellers' devices (docs/decisions/072). A device is one record whether the app registered it (its installation
 * id and what the browser tells), the MDM's list named it (its serial number and what only the MDM knows), or both —
 * the import joins the two. The person it belongs to and their team and office are kept on it, as of its last contact
 * or edit: the readers' rules are applied to them. `version` counts back office's edits (a save on an older reading
 * is a 409).
 */
export const [devices, devicesPg] = table(
  'devices',
  (k) => ({
    id: k.id(),
    /** the installation's own id (the app's registration); null for a device only the MDM named */
    installationId: k.text('installation_id').unique(),
    /** sha-256 of the installation's secret: a lost device's wipe is asked with it */
    keyHash: k.text('key_hash'),
    serialNumber: k.text('serial_number').unique(),
    name: k.text('name'),
    manufacturer: k.text('manufacturer'),
    model: k.text('model'),
    os: k.text('os'),
    osVersion: k.text('os_version'),
    browser: k.text('browser'),
    appVersion: k.text('app_version'),
    /** the version as text that sorts as versions do (appVersionKey): the list finds the old ones */
    appVersionKey: k.text('app_version_key'),
    storageUsed: k.bigint('storage_used'),
    storageQuota: k.bigint('storage_quota'),
    persisted: k.bool('persisted'),
    mdmFreeStorage: k.bigint('mdm_free_storage'),
    mdmTotalStorage: k.bigint('mdm_total_storage'),
    mdmEnrolledAt: k.ms('mdm_enrolled_at'),
    mdmLastSyncAt: k.ms('mdm_last_sync_at'),
    /** the app's first registration (its first sign-in) */
    appEnrolledAt: k.ms('app_enrolled_at'),
    lastSyncAt: k.ms('last_sync_at'),
    lastContactAt: k.ms('last_contact_at'),
    pending: k.integer('pending').notNull().default(0),
    userId: k.text('user_id'),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    /** the session that reported last: marking the device lost ends it */
    sessionId: k.text('session_id'),
    lostAt: k.ms('lost_at'),
    lostById: k.text('lost_by_id'),
    pendingAtLoss: k.integer('pending_at_loss'),
    wipedAt: k.ms('wiped_at'),
    /** the app's store of the person who reported last (its sync client id): another one means the store was made anew */
    storeId: k.text('store_id'),
    /**
     * when the app's store on this device was found emptied (the browser evicted it) while the server knew of changes
     * waiting on it, and how many: they never arrived (docs/decisions/090)
     */
    storeLostAt: k.ms('store_lost_at'),
    pendingAtStoreLoss: k.integer('pending_at_store_loss'),
    /** the alerts a coach was told of (so each is told once, until it clears and comes back) */
    alerted: k.json('alerted').$type<string[]>().notNull(),
    version: k.integer('version').notNull().default(1),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.index('devices_user').on(t.userId), k.index('devices_last_sync').on(t.lastSyncAt, t.id)],
)

/** The alerts' thresholds, one row ("global"); without it the defaults apply (DEFAULT_DEVICE_SETTINGS). */
export const [deviceSettings, deviceSettingsPg] = table('device_settings', (k) => ({
  id: k.text('id').primaryKey(),
  staleHours: k.integer('stale_hours').notNull(),
  lowSpaceMb: k.integer('low_space_mb').notNull(),
  minAppVersion: k.text('min_app_version'),
  version: k.integer('version').notNull(),
  updatedAt: k.ms('updated_at').notNull(),
  updatedById: k.text('updated_by_id'),
}))

/** An MDM's device list uploaded: read and previewed, applied once. */
export const [deviceImports, deviceImportsPg] = table('device_imports', (k) => ({
  id: k.id(),
  fileId: k.text('file_id').notNull(),
  fileName: k.text('file_name').notNull(),
  mapping: k.json('mapping').$type<DeviceMapping>(),
  status: k.text('status').$type<'uploaded' | 'applied'>().notNull(),
  result: k.json('result').$type<{ created: number; updated: number; matchedApp: number; skipped: number }>(),
  createdById: k.text('created_by_id').notNull(),
  createdAt: k.createdAt(),
  appliedAt: k.ms('applied_at'),
}))
