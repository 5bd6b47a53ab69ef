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
    shape: k.json('shape').$type<{ type: 'Polygon'; coordinates: number[][][] } | null>(),
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
