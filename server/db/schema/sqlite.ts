import { blob, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { ActionOrManage, SubjectOrAll } from '../../../shared/permissions/catalogue'
import type { AbsenceType, AllowanceType } from '../../../shared/rules/time-report'
import type { FileKind } from '../../../shared/schemas/files'
import type { NotificationSettings } from '../../../shared/schemas/notifications'
import type { DeviationType, SaleStatus } from '../../../shared/schemas/sales'

/**
 * The SQLite schema. server/db/schema/pg.ts holds the same tables for PostgreSQL;
 * schema-parity.test.ts fails when their row types differ. Conventions that keep both alike:
 * ids are text UUIDs, times are epoch milliseconds, money is integer öre, JSON is JSON.
 */

const id = () => text('id').primaryKey()
const createdAt = () => integer('created_at').notNull()
const updatedAt = () => integer('updated_at').notNull()

export const regions = sqliteTable('regions', {
  id: id(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
})

export const offices = sqliteTable('offices', {
  id: id(),
  name: text('name').notNull().unique(),
  regionId: text('region_id')
    .notNull()
    .references(() => regions.id),
  createdAt: createdAt(),
})

export const teams = sqliteTable(
  'teams',
  {
    id: id(),
    name: text('name').notNull(),
    officeId: text('office_id')
      .notNull()
      .references(() => offices.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('teams_office_name').on(t.officeId, t.name)],
)

export const roles = sqliteTable('roles', {
  id: id(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  isSystem: integer('is_system', { mode: 'boolean' }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const users = sqliteTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    shortName: text('short_name'),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id),
    teamId: text('team_id').references(() => teams.id),
    officeId: text('office_id').references(() => offices.id),
    employeeId: text('employee_id'),
    phone: text('phone'),
    language: text('language', { enum: ['sv', 'en', 'fi'] }),
    // The user's own details (spec section 3), kept on their profile.
    shoeSize: text('shoe_size'),
    tshirtSize: text('tshirt_size'),
    specialDiet: text('special_diet'),
    favouriteCake: text('favourite_cake'),
    iceName: text('ice_name'),
    icePhone: text('ice_phone'),
    iceRelation: text('ice_relation'),
    /** which alerts reach the user, and how (null: the defaults) */
    notificationSettings: text('notification_settings', { mode: 'json' }).$type<NotificationSettings>(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_role').on(t.roleId), index('users_team').on(t.teamId)],
)

/** Teams a coach coaches (a coach may have several). */
export const teamCoaches = sqliteTable(
  'team_coaches',
  {
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('team_coaches_pk').on(t.teamId, t.userId), index('team_coaches_user').on(t.userId)],
)

/** A permission rule held by a role or directly by a user (spec: action, subject, fields, conditions, inverted, reason). */
export const permissionRules = sqliteTable(
  'permission_rules',
  {
    id: id(),
    roleId: text('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').$type<ActionOrManage>().notNull(),
    subject: text('subject').$type<SubjectOrAll>().notNull(),
    fields: text('fields', { mode: 'json' }).$type<string[] | null>(),
    conditions: text('conditions', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    inverted: integer('inverted', { mode: 'boolean' }).notNull().default(false),
    reason: text('reason'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('permission_rules_role').on(t.roleId), index('permission_rules_user').on(t.userId)],
)

export const sessions = sqliteTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user').on(t.userId)],
)

/** Failed sign-in counters, per account ("acct:<email>") and per address ("ip:<ip>"). */
/**
 * Rate-limit counters (rate-limiter-flexible's Drizzle store): one row per key with the points consumed in
 * the current window and when the window (or a block) ends. One atomic upsert per attempt, on both dialects.
 */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: integer('expire', { mode: 'timestamp_ms' }),
})

export const providers = sqliteTable('providers', {
  id: id(),
  name: text('name').notNull().unique(),
  type: text('type').notNull(),
  requireExternalOrderNumber: integer('require_external_order_number', { mode: 'boolean' }).notNull().default(false),
  copyAllProducts: integer('copy_all_products', { mode: 'boolean' }).notNull().default(false),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const products = sqliteTable(
  'products',
  {
    id: id(),
    providerId: text('provider_id')
      .notNull()
      .references(() => providers.id),
    name: text('name').notNull(),
    /** order value of one piece, in öre */
    priceOre: integer('price_ore').notNull(),
    sellerCommissionOre: integer('seller_commission_ore').notNull(),
    companyCommissionOre: integer('company_commission_ore').notNull(),
    companyCostOre: integer('company_cost_ore').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('products_provider_name').on(t.providerId, t.name)],
)

/** What reaches a user in the navbar bells: general notifications and deviation alerts. */
export const notifications = sqliteTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['general', 'deviation'] }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    fromName: text('from_name'),
    readAt: integer('read_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('notifications_user_kind').on(t.userId, t.kind, t.createdAt)],
)

/**
 * Sale reports (spec section 3). Made on a seller's device and delivered by the sync queue; amounts are
 * computed by the server from the product settings when the sale arrives. Team and office are the
 * seller's at the time of the sale, for the coach's and manager's conditions.
 */
export const sales = sqliteTable(
  'sales',
  {
    id: id(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    teamId: text('team_id'),
    officeId: text('office_id'),
    providerId: text('provider_id')
      .notNull()
      .references(() => providers.id),
    customerType: text('customer_type', { enum: ['private', 'company'] }).notNull(),
    customerSsn: text('customer_ssn'),
    customerName: text('customer_name').notNull(),
    email: text('email'),
    phone: text('phone').notNull(),
    companyName: text('company_name'),
    orgNumber: text('org_number'),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    message: text('message'),
    externalOrderNumber: text('external_order_number'),
    checklistFileId: text('checklist_file_id'),
    status: text('status').$type<SaleStatus>().notNull(),
    externalStatus: text('external_status'),
    deviationType: text('deviation_type').$type<DeviationType>(),
    deviationReason: text('deviation_reason'),
    soldAt: integer('sold_at').notNull(),
    sellDate: text('sell_date').notNull(),
    orderValueOre: integer('order_value_ore').notNull(),
    sellerCommissionOre: integer('seller_commission_ore').notNull(),
    companyCommissionOre: integer('company_commission_ore').notNull(),
    companyCostOre: integer('company_cost_ore').notNull(),
    version: integer('version').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sales_seller_version').on(t.sellerId, t.version),
    index('sales_seller_date').on(t.sellerId, t.sellDate),
    index('sales_team_date').on(t.teamId, t.sellDate),
    index('sales_office_date').on(t.officeId, t.sellDate),
  ],
)

/** The products of a sale, with the product settings they were priced with. */
export const saleLines = sqliteTable(
  'sale_lines',
  {
    id: id(),
    saleId: text('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    priceOre: integer('price_ore').notNull(),
    sellerCommissionOre: integer('seller_commission_ore').notNull(),
    companyCommissionOre: integer('company_commission_ore').notNull(),
    companyCostOre: integer('company_cost_ore').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('sale_lines_sale').on(t.saleId)],
)

export const saleStatusHistory = sqliteTable(
  'sale_status_history',
  {
    id: id(),
    saleId: text('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    status: text('status').$type<SaleStatus>().notNull(),
    note: text('note'),
    byUserId: text('by_user_id'),
    at: integer('at').notNull(),
  },
  (t) => [index('sale_status_history_sale').on(t.saleId, t.at)],
)

/** Every stored file (server/platform/files.ts), kept in the database so every instance serves it. */
export const files = sqliteTable(
  'files',
  {
    id: id(),
    /** which kind of file (shared/schemas/files.ts): its types, its size limit and the area that decides who reads it */
    kind: text('kind').$type<FileKind>().notNull().default('checklist'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: blob('data', { mode: 'buffer' }).notNull(),
    createdAt: createdAt(),
    /** when a record (a sale) took the file; null while it waits (counted against the owner's quota, purged after a few days) */
    attachedAt: integer('attached_at'),
  },
  (t) => [index('files_user').on(t.userId, t.kind), index('files_unattached').on(t.kind, t.attachedAt, t.createdAt)],
)

export const timeReports = sqliteTable(
  'time_reports',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    teamId: text('team_id'),
    officeId: text('office_id'),
    date: text('date').notNull(),
    present: integer('present', { mode: 'boolean' }),
    workHours: integer('work_hours').notNull(),
    absenceHours: integer('absence_hours').notNull(),
    absenceType: text('absence_type').$type<AbsenceType>(),
    allowanceType: integer('allowance_type').$type<AllowanceType>(),
    travelLocation: text('travel_location'),
    comment: text('comment'),
    version: integer('version').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('time_reports_user_date').on(t.userId, t.date), index('time_reports_user_version').on(t.userId, t.version)],
)

export const checkouts = sqliteTable(
  'checkouts',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    date: text('date').notNull(),
    checkedOutAt: integer('checked_out_at').notNull(),
    salesCount: integer('sales_count').notNull(),
    orderValueOre: integer('order_value_ore').notNull(),
    workHours: integer('work_hours').notNull(),
    comment: text('comment'),
    version: integer('version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('checkouts_user_date').on(t.userId, t.date), index('checkouts_user_version').on(t.userId, t.version)],
)

export const sickNotices = sqliteTable(
  'sick_notices',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    teamId: text('team_id'),
    officeId: text('office_id'),
    date: text('date').notNull(),
    message: text('message'),
    sentAt: integer('sent_at').notNull(),
    version: integer('version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sick_notices_user_version').on(t.userId, t.version)],
)

/** A seller's order-value budget for a month (YYYY-MM). */
export const salesBudgets = sqliteTable(
  'sales_budgets',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    amountOre: integer('amount_ore').notNull(),
    version: integer('version').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sales_budgets_user_month').on(t.userId, t.month)],
)

/** One row per device: the last mutation applied from it (the Replicache lastMutationID). */
export const syncClients = sqliteTable(
  'sync_clients',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMutationId: integer('last_mutation_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sync_clients_user').on(t.userId)],
)

/** Mutations the server refused for good, kept so the device can show why. */
export const syncRejections = sqliteTable(
  'sync_rejections',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => syncClients.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    fieldErrors: text('field_errors', { mode: 'json' }).$type<Record<string, string[]>>().notNull(),
    at: integer('at').notNull(),
  },
  (t) => [uniqueIndex('sync_rejections_pk').on(t.clientId, t.seq)],
)

/** The global change counter: every synced row carries the value it was written at (the pull cookie). */
export const syncVersion = sqliteTable('sync_version', {
  id: text('id').primaryKey(),
  version: integer('version').notNull(),
})

// ── The spine every area plugs into (docs/decisions/020) ───────────────────────────────────────────────────

/** The outbox: every domain event, written in the transaction of the change it reports. Never updated. */
export const domainEvents = sqliteTable(
  'domain_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    actorId: text('actor_id'),
    occurredAt: integer('occurred_at').notNull(),
  },
  (t) => [index('domain_events_name').on(t.name, t.id)],
)

/** One row per event and subscriber: handled once it is done; retried with backoff until then. */
export const eventDeliveries = sqliteTable(
  'event_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => domainEvents.id),
    subscriber: text('subscriber').notNull(),
    status: text('status', { enum: ['pending', 'done', 'dead'] }).notNull(),
    attempts: integer('attempts').notNull(),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    lockedBy: text('locked_by'),
    lockedUntil: integer('locked_until'),
    lastError: text('last_error'),
    doneAt: integer('done_at'),
  },
  (t) => [uniqueIndex('event_deliveries_event_subscriber').on(t.eventId, t.subscriber), index('event_deliveries_due').on(t.status, t.nextAttemptAt)],
)

/** Append-only: who did what to which entity, with the fields before and after. No code updates or deletes it. */
export const activityLog = sqliteTable(
  'activity_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at').notNull(),
    /** who did it (null: the system, e.g. a job) */
    actorId: text('actor_id'),
    /** whom the actor was acting as (impersonation), when not themselves */
    actingAsId: text('acting_as_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: text('before', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    after: text('after', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    reason: text('reason'),
  },
  (t) => [index('activity_log_entity').on(t.entity, t.entityId, t.at), index('activity_log_actor').on(t.actorId, t.at)],
)

/** Durable jobs: stored, leased by one instance at a time, retried with backoff, with progress a screen can show. */
export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'dead'] }).notNull(),
    attempts: integer('attempts').notNull(),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: integer('run_at').notNull(),
    lockedBy: text('locked_by'),
    lockedUntil: integer('locked_until'),
    progressDone: integer('progress_done').notNull(),
    progressTotal: integer('progress_total'),
    result: text('result', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    lastError: text('last_error'),
    /** at most one job per key (a schedule's occurrence, an export's request) */
    uniqueKey: text('unique_key').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: integer('finished_at'),
  },
  (t) => [index('jobs_due').on(t.status, t.runAt)],
)

/** Recurring schedules: each due occurrence becomes one job. */
export const jobSchedules = sqliteTable('job_schedules', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  jobName: text('job_name').notNull(),
  payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  /** a shared/schemas/recurrence.ts value */
  recurrence: text('recurrence', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  timezone: text('timezone').notNull(),
  nextRunAt: integer('next_run_at'),
  lastRunAt: integer('last_run_at'),
  active: integer('active', { mode: 'boolean' }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** Every mail the app sends, rendered in the recipient's language; kept when no SMTP server is configured. */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** queued → sending → sent; kept (no SMTP); failed (gave up); unconfirmed (the process died while sending) */
    status: text('status', { enum: ['queued', 'sending', 'sent', 'kept', 'failed', 'unconfirmed'] }).notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: integer('sent_at'),
  },
  (t) => [index('mail_outbox_created').on(t.createdAt)],
)
