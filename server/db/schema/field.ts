import type { PmtilesInfo } from '../../../shared/schemas/maps'
import { table } from './table'

/**
 * Field control (docs/decisions/073): the teams' areas (territories) and runs (a team's field day). A run's sellers
 * are rows of their own so each seller's device receives the runs they are on (the sync's pull, decision 057): a
 * seller taken off a run keeps the row, `removed`, until their device has been told.
 */
export const [fieldAreas, fieldAreasPg] = table(
  'field_areas',
  (k) => ({
    id: k.id(),
    name: k.text('name').notNull(),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    /** the area's shape (a GeoJSON polygon), drawn on the map; null until it is */
    shape: k.json('shape').$type<{ type: 'Polygon'; coordinates: Array<Array<[number, number]>> } | null>(),
    /** the sellers it is given to, besides its team (docs/decisions/074) */
    sellerIds: k.json('seller_ids').$type<string[]>().notNull().default([]),
    version: k.integer('version').notNull().default(1),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.index('field_areas_team').on(t.teamId, t.name)],
)

export const [fieldRuns, fieldRunsPg] = table(
  'field_runs',
  (k) => ({
    id: k.id(),
    date: k.text('date').notNull(),
    teamId: k.text('team_id').notNull(),
    officeId: k.text('office_id'),
    areaId: k.text('area_id'),
    meetingPlace: k.text('meeting_place'),
    meetingTime: k.text('meeting_time'),
    travelDay: k.bool('travel_day').notNull(),
    note: k.text('note'),
    version: k.integer('version').notNull(),
    createdById: k.text('created_by_id'),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.index('field_runs_date').on(t.date, t.teamId), k.index('field_runs_team').on(t.teamId, t.date)],
)

export const [fieldRunSellers, fieldRunSellersPg] = table(
  'field_run_sellers',
  (k) => ({
    runId: k.text('run_id').notNull(),
    userId: k.text('user_id').notNull(),
    /** the seller's change counter when this row last changed: their device's pull sends it (decision 057) */
    version: k.bigint('version').notNull(),
    removed: k.bool('removed').notNull(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.runId, t.userId] }), k.index('field_run_sellers_user').on(t.userId, t.version)],
)

/**
 * Door visits (decision 073): each door's outcome as the seller recorded it, offline like a sale; a come-back's time
 * is a reminder to the seller. `version` is the seller's change counter (their device's pull sends it back).
 */
export const [fieldVisits, fieldVisitsPg] = table(
  'field_visits',
  (k) => ({
    id: k.id(),
    userId: k.text('user_id').notNull(),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    outcome: k.text('outcome').$type<'notHome' | 'notInterested' | 'comeBack' | 'sale'>().notNull(),
    address: k.text('address').notNull(),
    postalCode: k.text('postal_code'),
    city: k.text('city'),
    note: k.text('note'),
    comeBackAt: k.ms('come_back_at'),
    visitedAt: k.ms('visited_at').notNull(),
    lat: k.real('lat'),
    lng: k.real('lng'),
    accuracy: k.real('accuracy'),
    runId: k.text('run_id'),
    version: k.bigint('version').notNull(),
    createdAt: k.createdAt(),
  }),
  (t, k) => [k.index('field_visits_user').on(t.userId, t.version), k.index('field_visits_visited').on(t.visitedAt, t.id)],
)

/**
 * Postal codes' positions (docs/decisions/074), imported by an admin: a sale without a position of its own is placed by
 * its postal code (in the country of the seller's office).
 */
export const [postalPositions, postalPositionsPg] = table(
  'postal_positions',
  (k) => ({
    country: k.text('country').notNull(),
    postalCode: k.text('postal_code').notNull(),
    lat: k.real('lat').notNull(),
    lng: k.real('lng').notNull(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.country, t.postalCode] })],
)

/** The maps' settings, one row ("global"): the basemap (plain, a style URL, or the uploaded PMTiles file). */
export const [mapSettings, mapSettingsPg] = table('map_settings', (k) => ({
  id: k.text('id').primaryKey(),
  basemap: k.text('basemap').$type<'plain' | 'style' | 'pmtiles'>().notNull(),
  styleUrl: k.text('style_url'),
  /** the uploaded file: its version (the chunks' key), name, size and what its header says */
  fileVersion: k.text('file_version'),
  fileName: k.text('file_name'),
  fileSize: k.bigint('file_size'),
  fileInfo: k.json('file_info').$type<PmtilesInfo | null>(),
  fileUploadedAt: k.ms('file_uploaded_at'),
  updatedAt: k.ms('updated_at').notNull(),
  updatedById: k.text('updated_by_id'),
}))

/**
 * The uploaded map file in pieces of 1 MiB (docs/decisions/074), so every instance serves a range of it by reading
 * one or two rows. A new upload writes a new version; the old one's pieces go when the new one is complete.
 */
export const [mapFileChunks, mapFileChunksPg] = table(
  'map_file_chunks',
  (k) => ({
    version: k.text('version').notNull(),
    seq: k.integer('seq').notNull(),
    data: k.bytes('data').notNull(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.version, t.seq] })],
)

/**
 * What a seller promised (docs/decisions/097): a door's come-back (the visit's own id), a telesales call-back or a booked
 * appointment (a setter books it, a closer keeps it). `userId` is who holds it — their device receives it by their change
 * counter (`version`); an open promise left overdue goes to its team's shared queue (`queuedAt`, the holder's device is
 * told to drop it) until a teammate takes it. `missedById` keeps whose promise it was when it was missed.
 */
export const [fieldPromises, fieldPromisesPg] = table(
  'field_promises',
  (k) => ({
    id: k.id(),
    kind: k.text('kind').$type<'comeBack' | 'callBack' | 'appointment'>().notNull(),
    userId: k.text('user_id').notNull(),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    /** who made the promise: the seller at the door or on the call, the setter who booked the appointment */
    createdById: k.text('created_by_id').notNull(),
    customerName: k.text('customer_name'),
    phone: k.text('phone'),
    address: k.text('address'),
    note: k.text('note'),
    dueAt: k.ms('due_at').notNull(),
    state: k.text('state').$type<'open' | 'kept' | 'noShow' | 'cancelled'>().notNull(),
    closedAt: k.ms('closed_at'),
    queuedAt: k.ms('queued_at'),
    missedById: k.text('missed_by_id'),
    takenAt: k.ms('taken_at'),
    escalatedAt: k.ms('escalated_at'),
    version: k.bigint('version').notNull(),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [
    k.index('field_promises_user').on(t.userId, t.version),
    k.index('field_promises_team').on(t.teamId, t.state, t.dueAt),
    k.index('field_promises_due').on(t.dueAt, t.id),
  ],
)
