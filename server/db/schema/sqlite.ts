import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import type { ActionOrManage, SubjectOrAll } from '../../../shared/permissions/catalogue'

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
export const loginThrottle = sqliteTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStart: integer('window_start').notNull(),
  lockedUntil: integer('locked_until').notNull().default(0),
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
