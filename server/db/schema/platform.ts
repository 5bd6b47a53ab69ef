import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import { pq, sq } from './columns'

/** The spine every area plugs into (docs/decisions/020): the event outbox, the activity log, jobs and schedules. Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts). */

/** The outbox: every domain event, written in the transaction of the change it reports. Never updated. */
export const domainEvents = s.sqliteTable(
  'domain_events',
  {
    id: s.integer('id').primaryKey({ autoIncrement: true }),
    name: s.text('name').notNull(),
    payload: s.text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    actorId: s.text('actor_id'),
    occurredAt: s.integer('occurred_at').notNull(),
  },
  (t) => [s.index('domain_events_name').on(t.name, t.id)],
)

export const domainEventsPg = p.pgTable(
  'domain_events',
  {
    id: p.integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: p.text('name').notNull(),
    payload: p.jsonb('payload').$type<Record<string, unknown>>().notNull(),
    actorId: p.text('actor_id'),
    occurredAt: pq.ms('occurred_at').notNull(),
  },
  (t) => [p.index('domain_events_name').on(t.name, t.id)],
)

/** One row per event and subscriber: handled once it is done; retried with backoff until then. */
export const eventDeliveries = s.sqliteTable(
  'event_deliveries',
  {
    id: s.integer('id').primaryKey({ autoIncrement: true }),
    eventId: s
      .integer('event_id')
      .notNull()
      .references(() => domainEvents.id),
    subscriber: s.text('subscriber').notNull(),
    status: s.text('status', { enum: ['pending', 'done', 'dead'] }).notNull(),
    attempts: s.integer('attempts').notNull(),
    nextAttemptAt: s.integer('next_attempt_at').notNull(),
    lockedBy: s.text('locked_by'),
    lockedUntil: s.integer('locked_until'),
    lastError: s.text('last_error'),
    doneAt: s.integer('done_at'),
  },
  // The dispatcher claims the oldest pending deliveries: (status, id) walks them in order and stops at a batch,
  // where (status, next_attempt_at) had every pending row sorted by id at each claim (bench:events).
  (t) => [s.uniqueIndex('event_deliveries_event_subscriber').on(t.eventId, t.subscriber), s.index('event_deliveries_status').on(t.status, t.id)],
)

export const eventDeliveriesPg = p.pgTable(
  'event_deliveries',
  {
    id: p.integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: p
      .integer('event_id')
      .notNull()
      .references(() => domainEventsPg.id),
    subscriber: p.text('subscriber').notNull(),
    status: p.text('status', { enum: ['pending', 'done', 'dead'] }).notNull(),
    attempts: p.integer('attempts').notNull(),
    nextAttemptAt: pq.ms('next_attempt_at').notNull(),
    lockedBy: p.text('locked_by'),
    lockedUntil: pq.ms('locked_until'),
    lastError: p.text('last_error'),
    doneAt: pq.ms('done_at'),
  },
  // The dispatcher claims the oldest pending deliveries: (status, id) walks them in order and stops at a batch,
  // where (status, next_attempt_at) had every pending row sorted by id at each claim (bench:events).
  (t) => [p.uniqueIndex('event_deliveries_event_subscriber').on(t.eventId, t.subscriber), p.index('event_deliveries_status').on(t.status, t.id)],
)

/** Append-only: who did what to which entity, with the fields before and after. No code updates or deletes it. */
export const activityLog = s.sqliteTable(
  'activity_log',
  {
    id: s.integer('id').primaryKey({ autoIncrement: true }),
    at: s.integer('at').notNull(),
    /** who did it (null: the system, e.g. a job) */
    actorId: s.text('actor_id'),
    /** whom the actor was acting as (impersonation), when not themselves */
    actingAsId: s.text('acting_as_id'),
    entity: s.text('entity').notNull(),
    entityId: s.text('entity_id').notNull(),
    action: s.text('action').notNull(),
    before: s.text('before', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    after: s.text('after', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    reason: s.text('reason'),
  },
  // The search (decision 035) reads newest first: the whole log, or one kind of entity.
  (t) => [
    s.index('activity_log_entity').on(t.entity, t.entityId, t.at),
    s.index('activity_log_actor').on(t.actorId, t.at),
    s.index('activity_log_at').on(t.at, t.id),
    s.index('activity_log_kind_at').on(t.entity, t.at),
  ],
)

export const activityLogPg = p.pgTable(
  'activity_log',
  {
    id: p.integer('id').primaryKey().generatedByDefaultAsIdentity(),
    at: pq.ms('at').notNull(),
    actorId: p.text('actor_id'),
    actingAsId: p.text('acting_as_id'),
    entity: p.text('entity').notNull(),
    entityId: p.text('entity_id').notNull(),
    action: p.text('action').notNull(),
    before: p.jsonb('before').$type<Record<string, unknown> | null>(),
    after: p.jsonb('after').$type<Record<string, unknown> | null>(),
    reason: p.text('reason'),
  },
  (t) => [
    p.index('activity_log_entity').on(t.entity, t.entityId, t.at),
    p.index('activity_log_actor').on(t.actorId, t.at),
    p.index('activity_log_at').on(t.at, t.id),
    p.index('activity_log_kind_at').on(t.entity, t.at),
  ],
)

/** Durable jobs: stored, leased by one instance at a time, retried with backoff, with progress a screen can show. */
export const jobs = s.sqliteTable(
  'jobs',
  {
    id: s.text('id').primaryKey(),
    name: s.text('name').notNull(),
    payload: s.text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: s.text('status', { enum: ['queued', 'running', 'done', 'dead'] }).notNull(),
    attempts: s.integer('attempts').notNull(),
    maxAttempts: s.integer('max_attempts').notNull(),
    runAt: s.integer('run_at').notNull(),
    lockedBy: s.text('locked_by'),
    lockedUntil: s.integer('locked_until'),
    progressDone: s.integer('progress_done').notNull(),
    progressTotal: s.integer('progress_total'),
    result: s.text('result', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    lastError: s.text('last_error'),
    /** at most one job per key (a schedule's occurrence, an export's request) */
    uniqueKey: s.text('unique_key').unique(),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
    finishedAt: s.integer('finished_at'),
  },
  (t) => [s.index('jobs_due').on(t.status, t.runAt)],
)

export const jobsPg = p.pgTable(
  'jobs',
  {
    id: p.text('id').primaryKey(),
    name: p.text('name').notNull(),
    payload: p.jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: p.text('status', { enum: ['queued', 'running', 'done', 'dead'] }).notNull(),
    attempts: p.integer('attempts').notNull(),
    maxAttempts: p.integer('max_attempts').notNull(),
    runAt: pq.ms('run_at').notNull(),
    lockedBy: p.text('locked_by'),
    lockedUntil: pq.ms('locked_until'),
    progressDone: p.integer('progress_done').notNull(),
    progressTotal: p.integer('progress_total'),
    result: p.jsonb('result').$type<Record<string, unknown> | null>(),
    lastError: p.text('last_error'),
    uniqueKey: p.text('unique_key').unique(),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
    finishedAt: pq.ms('finished_at'),
  },
  (t) => [p.index('jobs_due').on(t.status, t.runAt)],
)

/** Recurring schedules: each due occurrence becomes one job. */
export const jobSchedules = s.sqliteTable('job_schedules', {
  id: s.text('id').primaryKey(),
  key: s.text('key').notNull().unique(),
  jobName: s.text('job_name').notNull(),
  payload: s.text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  /** a shared/schemas/recurrence.ts value */
  recurrence: s.text('recurrence', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  timezone: s.text('timezone').notNull(),
  nextRunAt: s.integer('next_run_at'),
  lastRunAt: s.integer('last_run_at'),
  active: s.integer('active', { mode: 'boolean' }).notNull(),
  createdAt: sq.createdAt(),
  updatedAt: sq.updatedAt(),
})

export const jobSchedulesPg = p.pgTable('job_schedules', {
  id: p.text('id').primaryKey(),
  key: p.text('key').notNull().unique(),
  jobName: p.text('job_name').notNull(),
  payload: p.jsonb('payload').$type<Record<string, unknown>>().notNull(),
  recurrence: p.jsonb('recurrence').$type<Record<string, unknown>>().notNull(),
  timezone: p.text('timezone').notNull(),
  nextRunAt: pq.ms('next_run_at'),
  lastRunAt: pq.ms('last_run_at'),
  active: p.boolean('active').notNull(),
  createdAt: pq.createdAt(),
  updatedAt: pq.updatedAt(),
})

/**
 * Keys the server makes for itself at first start and keeps (never in the repository): the built-in realtime
 * server's app key and secret, the Web Push VAPID key pair. In the database, so every instance signs and
 * verifies with the same ones.
 */
export const serverKeys = s.sqliteTable('server_keys', {
  name: s.text('name').primaryKey(),
  value: s.text('value', { mode: 'json' }).$type<Record<string, string>>().notNull(),
  createdAt: sq.createdAt(),
})

export const serverKeysPg = p.pgTable('server_keys', {
  name: p.text('name').primaryKey(),
  value: p.jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: pq.createdAt(),
})
