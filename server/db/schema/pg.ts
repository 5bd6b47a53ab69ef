import { bigint, boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { ActionOrManage, SubjectOrAll } from '../../../shared/permissions/catalogue'
import type { AbsenceType, AllowanceType } from '../../../shared/rules/time-report'
import type { FileKind } from '../../../shared/schemas/files'
import type { NotificationSettings } from '../../../shared/schemas/notifications'
import type { DeviationType, SaleStatus } from '../../../shared/schemas/sales'

/**
 * The PostgreSQL schema: the same tables as server/db/schema/sqlite.ts (see there for conventions);
 * schema-parity.test.ts fails when their row types differ.
 */
const ms = (name: string) => bigint(name, { mode: 'number' })
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

const id = () => text('id').primaryKey()
const createdAt = () => ms('created_at').notNull()
const updatedAt = () => ms('updated_at').notNull()

export const regions = pgTable('regions', {
  id: id(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
})

export const offices = pgTable('offices', {
  id: id(),
  name: text('name').notNull().unique(),
  regionId: text('region_id')
    .notNull()
    .references(() => regions.id),
  createdAt: createdAt(),
})

export const teams = pgTable(
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

export const roles = pgTable('roles', {
  id: id(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  isSystem: boolean('is_system').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const users = pgTable(
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
    notificationSettings: jsonb('notification_settings').$type<NotificationSettings>(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_role').on(t.roleId), index('users_team').on(t.teamId)],
)

/** Teams a coach coaches (a coach may have several). */
export const teamCoaches = pgTable(
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
export const permissionRules = pgTable(
  'permission_rules',
  {
    id: id(),
    roleId: text('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').$type<ActionOrManage>().notNull(),
    subject: text('subject').$type<SubjectOrAll>().notNull(),
    fields: jsonb('fields').$type<string[] | null>(),
    conditions: jsonb('conditions').$type<Record<string, unknown> | null>(),
    inverted: boolean('inverted').notNull().default(false),
    reason: text('reason'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('permission_rules_role').on(t.roleId), index('permission_rules_user').on(t.userId)],
)

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ms('expires_at').notNull(),
    lastSeenAt: ms('last_seen_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user').on(t.userId)],
)

/** Failed sign-in counters, per account ("acct:<email>") and per address ("ip:<ip>"). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { mode: 'date', withTimezone: true, precision: 3 }),
})

export const providers = pgTable('providers', {
  id: id(),
  name: text('name').notNull().unique(),
  type: text('type').notNull(),
  requireExternalOrderNumber: boolean('require_external_order_number').notNull().default(false),
  copyAllProducts: boolean('copy_all_products').notNull().default(false),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const products = pgTable(
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
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('products_provider_name').on(t.providerId, t.name)],
)

/** What reaches a user in the navbar bells: general notifications and deviation alerts. */
export const notifications = pgTable(
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
    readAt: ms('read_at'),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('notifications_user_kind').on(t.userId, t.kind, t.createdAt)],
)

/**
 * Sale reports (spec section 3). Made on a seller's device and delivered by the sync queue; amounts are
 * computed by the server from the product settings when the sale arrives. Team and office are the
 * seller's at the time of the sale, for the coach's and manager's conditions.
 */
export const sales = pgTable(
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
    soldAt: ms('sold_at').notNull(),
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
export const saleLines = pgTable(
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

export const saleStatusHistory = pgTable(
  'sale_status_history',
  {
    id: id(),
    saleId: text('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'cascade' }),
    status: text('status').$type<SaleStatus>().notNull(),
    note: text('note'),
    byUserId: text('by_user_id'),
    at: ms('at').notNull(),
  },
  (t) => [index('sale_status_history_sale').on(t.saleId, t.at)],
)

/** Every stored file (server/platform/files.ts), kept in the database so every instance serves it. */
export const files = pgTable(
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
    data: bytea('data').notNull(),
    createdAt: createdAt(),
    attachedAt: ms('attached_at'),
  },
  (t) => [index('files_user').on(t.userId, t.kind), index('files_unattached').on(t.kind, t.attachedAt, t.createdAt)],
)

export const timeReports = pgTable(
  'time_reports',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    teamId: text('team_id'),
    officeId: text('office_id'),
    date: text('date').notNull(),
    present: boolean('present'),
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

export const checkouts = pgTable(
  'checkouts',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    date: text('date').notNull(),
    checkedOutAt: ms('checked_out_at').notNull(),
    salesCount: integer('sales_count').notNull(),
    orderValueOre: integer('order_value_ore').notNull(),
    workHours: integer('work_hours').notNull(),
    comment: text('comment'),
    version: integer('version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('checkouts_user_date').on(t.userId, t.date), index('checkouts_user_version').on(t.userId, t.version)],
)

export const sickNotices = pgTable(
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
    sentAt: ms('sent_at').notNull(),
    version: integer('version').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sick_notices_user_version').on(t.userId, t.version)],
)

/** A seller's order-value budget for a month (YYYY-MM). */
export const salesBudgets = pgTable(
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
export const syncClients = pgTable(
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
export const syncRejections = pgTable(
  'sync_rejections',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => syncClients.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    fieldErrors: jsonb('field_errors').$type<Record<string, string[]>>().notNull(),
    at: ms('at').notNull(),
  },
  (t) => [uniqueIndex('sync_rejections_pk').on(t.clientId, t.seq)],
)

/** The global change counter: every synced row carries the value it was written at (the pull cookie). */
export const syncVersion = pgTable('sync_version', {
  id: text('id').primaryKey(),
  version: integer('version').notNull(),
})

// ── The spine every area plugs into (docs/decisions/020) ───────────────────────────────────────────────────

/** The outbox: every domain event, written in the transaction of the change it reports. Never updated. */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    actorId: text('actor_id'),
    occurredAt: ms('occurred_at').notNull(),
  },
  (t) => [index('domain_events_name').on(t.name, t.id)],
)

/** One row per event and subscriber: handled once it is done; retried with backoff until then. */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    eventId: integer('event_id')
      .notNull()
      .references(() => domainEvents.id),
    subscriber: text('subscriber').notNull(),
    status: text('status', { enum: ['pending', 'done', 'dead'] }).notNull(),
    attempts: integer('attempts').notNull(),
    nextAttemptAt: ms('next_attempt_at').notNull(),
    lockedBy: text('locked_by'),
    lockedUntil: ms('locked_until'),
    lastError: text('last_error'),
    doneAt: ms('done_at'),
  },
  (t) => [uniqueIndex('event_deliveries_event_subscriber').on(t.eventId, t.subscriber), index('event_deliveries_due').on(t.status, t.nextAttemptAt)],
)

/** Append-only: who did what to which entity, with the fields before and after. No code updates or deletes it. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    at: ms('at').notNull(),
    actorId: text('actor_id'),
    actingAsId: text('acting_as_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason'),
  },
  (t) => [index('activity_log_entity').on(t.entity, t.entityId, t.at), index('activity_log_actor').on(t.actorId, t.at)],
)

/** Durable jobs: stored, leased by one instance at a time, retried with backoff, with progress a screen can show. */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'dead'] }).notNull(),
    attempts: integer('attempts').notNull(),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: ms('run_at').notNull(),
    lockedBy: text('locked_by'),
    lockedUntil: ms('locked_until'),
    progressDone: integer('progress_done').notNull(),
    progressTotal: integer('progress_total'),
    result: jsonb('result').$type<Record<string, unknown> | null>(),
    lastError: text('last_error'),
    uniqueKey: text('unique_key').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: ms('finished_at'),
  },
  (t) => [index('jobs_due').on(t.status, t.runAt)],
)

/** Recurring schedules: each due occurrence becomes one job. */
export const jobSchedules = pgTable('job_schedules', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  jobName: text('job_name').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  recurrence: jsonb('recurrence').$type<Record<string, unknown>>().notNull(),
  timezone: text('timezone').notNull(),
  nextRunAt: ms('next_run_at'),
  lastRunAt: ms('last_run_at'),
  active: boolean('active').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** Every mail the app sends, rendered in the recipient's language; kept when no SMTP server is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'kept', 'failed', 'unconfirmed'] }).notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: ms('sent_at'),
  },
  (t) => [index('mail_outbox_created').on(t.createdAt)],
)
