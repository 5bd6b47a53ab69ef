import { table } from './table'

/** The spine every area plugs into (docs/decisions/020): the event outbox, the activity log, jobs and schedules. Each table once for both databases (./table.ts; conventions in ./sqlite.ts). */

/** The outbox: every domain event, written in the transaction of the change it reports. Never updated. */
export const [domainEvents, domainEventsPg] = table(
  'domain_events',
  (k) => ({
    id: k.serial('id'),
    name: k.text('name').notNull(),
    payload: k.json('payload').$type<Record<string, unknown>>().notNull(),
    actorId: k.text('actor_id'),
    /** the request that caused it (its X-Request-Id), carried into its deliveries' log lines */
    requestId: k.text('request_id'),
    /** the trace of the request that caused it (W3C traceparent), when tracing is on: its deliveries join it */
    traceParent: k.text('trace_parent'),
    occurredAt: k.ms('occurred_at').notNull(),
  }),
  (t, k) => [k.index('domain_events_name').on(t.name, t.id)],
)

/** One row per event and subscriber: handled once it is done; retried with backoff until then. */
export const [eventDeliveries, eventDeliveriesPg] = table(
  'event_deliveries',
  (k) => ({
    id: k.serial('id'),
    eventId: k
      .integer('event_id')
      .notNull()
      .references(() => k.of(domainEvents).id),
    subscriber: k.text('subscriber').notNull(),
    status: k.text('status', { enum: ['pending', 'done', 'dead'] }).notNull(),
    attempts: k.integer('attempts').notNull(),
    nextAttemptAt: k.ms('next_attempt_at').notNull(),
    lockedBy: k.text('locked_by'),
    lockedUntil: k.ms('locked_until'),
    lastError: k.text('last_error'),
    doneAt: k.ms('done_at'),
  }),
  (t, k) => [k.uniqueIndex('event_deliveries_event_subscriber').on(t.eventId, t.subscriber), k.index('event_deliveries_status').on(t.status, t.id)],
)

/** Append-only: who did what to which entity, with the fields before and after. No code updates or deletes it. */
export const [activityLog, activityLogPg] = table(
  'activity_log',
  (k) => ({
    id: k.serial('id'),
    at: k.ms('at').notNull(),
    /** who did it (null: the system, e.g. a job) */
    actorId: k.text('actor_id'),
    /** whom the actor was acting as (impersonation), when not themselves */
    actingAsId: k.text('acting_as_id'),
    entity: k.text('entity').notNull(),
    entityId: k.text('entity_id').notNull(),
    action: k.text('action').notNull(),
    before: k.json('before').$type<Record<string, unknown> | null>(),
    after: k.json('after').$type<Record<string, unknown> | null>(),
    reason: k.text('reason'),
  }),
  (t, k) => [
    k.index('activity_log_entity').on(t.entity, t.entityId, t.at),
    k.index('activity_log_actor').on(t.actorId, t.at),
    k.index('activity_log_at').on(t.at, t.id),
    k.index('activity_log_kind_at').on(t.entity, t.at),
  ],
)

/** Durable jobs: stored, leased by one instance at a time, retried with backoff, with progress a screen can show. */
export const [jobs, jobsPg] = table(
  'jobs',
  (k) => ({
    id: k.text('id').primaryKey(),
    name: k.text('name').notNull(),
    payload: k.json('payload').$type<Record<string, unknown>>().notNull(),
    status: k.text('status', { enum: ['queued', 'running', 'done', 'dead'] }).notNull(),
    attempts: k.integer('attempts').notNull(),
    maxAttempts: k.integer('max_attempts').notNull(),
    runAt: k.ms('run_at').notNull(),
    lockedBy: k.text('locked_by'),
    lockedUntil: k.ms('locked_until'),
    progressDone: k.integer('progress_done').notNull(),
    progressTotal: k.integer('progress_total'),
    result: k.json('result').$type<Record<string, unknown> | null>(),
    lastError: k.text('last_error'),
    /** at most one job per key (a schedule's occurrence, an export's request) */
    uniqueKey: k.text('unique_key').unique(),
    /** the request that enqueued it (its X-Request-Id), carried into the run's log lines */
    requestId: k.text('request_id'),
    /** the trace of the request that enqueued it (W3C traceparent), when tracing is on */
    traceParent: k.text('trace_parent'),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
    finishedAt: k.ms('finished_at'),
  }),
  (t, k) => [k.index('jobs_due').on(t.status, t.runAt)],
)

/** Recurring schedules: each due occurrence becomes one job. */
export const [jobSchedules, jobSchedulesPg] = table('job_schedules', (k) => ({
  id: k.text('id').primaryKey(),
  key: k.text('key').notNull().unique(),
  jobName: k.text('job_name').notNull(),
  payload: k.json('payload').$type<Record<string, unknown>>().notNull(),
  /** a shared/schemas/recurrence.ts value */
  recurrence: k.json('recurrence').$type<Record<string, unknown>>().notNull(),
  timezone: k.text('timezone').notNull(),
  nextRunAt: k.ms('next_run_at'),
  lastRunAt: k.ms('last_run_at'),
  active: k.bool('active').notNull(),
  createdAt: k.createdAt(),
  updatedAt: k.updatedAt(),
}))

/**
 * Keys the server makes for itself at first start and keeps (never in the repository): the built-in realtime
 * server's app key and secret, the Web Push VAPID key pair. In the database, so every instance signs and
 * verifies with the same ones.
 */
export const [serverKeys, serverKeysPg] = table('server_keys', (k) => ({
  name: k.text('name').primaryKey(),
  value: k.json('value').$type<Record<string, string>>().notNull(),
  createdAt: k.createdAt(),
}))

/**
 * Which releases may run on this database (docs/decisions/085): one row (id 'current'), written by every migration run.
 * A release that knows fewer migrations than the database has applied still starts when it knows at least
 * `oldest_release` of them: the newer ones only added (expand), and none it relies on was taken away.
 */
export const [schemaCompatibility, schemaCompatibilityPg] = table('schema_compatibility', (k) => ({
  /** always 'current' */
  id: k.text('id').primaryKey(),
  /** the fewest migrations a release must know to run on this schema (the contract migrations' demand) */
  oldestRelease: k.integer('oldest_release').notNull(),
  /** how many migrations the release that wrote this row knew */
  writtenBy: k.integer('written_by').notNull(),
  updatedAt: k.ms('updated_at').notNull(),
}))
