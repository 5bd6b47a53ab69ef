import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import type { ActionOrManage, SubjectOrAll } from '../../../shared/permissions/catalogue'
import type { NotificationSettings } from '../../../shared/schemas/notifications'
import { pq, sq } from './columns'
import { offices, officesPg, teams, teamsPg } from './org'

/** Who people are and what they may do: roles, users, the teams a coach coaches, permission rules, sessions and rate limits. Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts). */

export const roles = s.sqliteTable('roles', {
  id: sq.id(),
  key: s.text('key').notNull().unique(),
  name: s.text('name').notNull(),
  description: s.text('description').notNull().default(''),
  isSystem: s.integer('is_system', { mode: 'boolean' }).notNull().default(false),
  createdAt: sq.createdAt(),
  updatedAt: sq.updatedAt(),
})

export const rolesPg = p.pgTable('roles', {
  id: pq.id(),
  key: p.text('key').notNull().unique(),
  name: p.text('name').notNull(),
  description: p.text('description').notNull().default(''),
  isSystem: p.boolean('is_system').notNull().default(false),
  createdAt: pq.createdAt(),
  updatedAt: pq.updatedAt(),
})

export const users = s.sqliteTable(
  'users',
  {
    id: sq.id(),
    email: s.text('email').notNull().unique(),
    passwordHash: s.text('password_hash').notNull(),
    firstName: s.text('first_name').notNull(),
    lastName: s.text('last_name').notNull(),
    shortName: s.text('short_name'),
    roleId: s
      .text('role_id')
      .notNull()
      .references(() => roles.id),
    teamId: s.text('team_id').references(() => teams.id),
    officeId: s.text('office_id').references(() => offices.id),
    employeeId: s.text('employee_id'),
    phone: s.text('phone'),
    language: s.text('language', { enum: ['sv', 'en', 'fi'] }),
    // The user's own details (spec section 3), kept on their profile.
    shoeSize: s.text('shoe_size'),
    tshirtSize: s.text('tshirt_size'),
    specialDiet: s.text('special_diet'),
    favouriteCake: s.text('favourite_cake'),
    iceName: s.text('ice_name'),
    icePhone: s.text('ice_phone'),
    iceRelation: s.text('ice_relation'),
    // What the organisation keeps about the user (spec section 3; decision 033).
    title: s.text('title'),
    driversLicense: s.integer('drivers_license', { mode: 'boolean' }).notNull().default(false),
    /** personal identity number, 12 digits (sensitive: masked, reading it is logged) */
    personalNumber: s.text('personal_number'),
    bankClearing: s.text('bank_clearing'),
    /** sensitive, as the personal number */
    bankAccount: s.text('bank_account'),
    employmentDate: s.text('employment_date'),
    educationDate: s.text('education_date'),
    coachAssignedDate: s.text('coach_assigned_date'),
    deactivatedAt: s.integer('deactivated_at'),
    deactivationReason: s.text('deactivation_reason'),
    lastSignInAt: s.integer('last_sign_in_at'),
    /** counts edits: a change based on an older one is refused (409 version_conflict) */
    version: s.integer('version').notNull().default(1),
    /** which alerts reach the user, and how (null: the defaults) */
    notificationSettings: s.text('notification_settings', { mode: 'json' }).$type<NotificationSettings>(),
    active: s.integer('active', { mode: 'boolean' }).notNull().default(true),
    /** the spec's "Can view team": a seller also sees their team's figures (docs/decisions/042) */
    canViewTeam: s.integer('can_view_team', { mode: 'boolean' }).notNull().default(false),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [s.index('users_role').on(t.roleId), s.index('users_team').on(t.teamId)],
)

export const usersPg = p.pgTable(
  'users',
  {
    id: pq.id(),
    email: p.text('email').notNull().unique(),
    passwordHash: p.text('password_hash').notNull(),
    firstName: p.text('first_name').notNull(),
    lastName: p.text('last_name').notNull(),
    shortName: p.text('short_name'),
    roleId: p
      .text('role_id')
      .notNull()
      .references(() => rolesPg.id),
    teamId: p.text('team_id').references(() => teamsPg.id),
    officeId: p.text('office_id').references(() => officesPg.id),
    employeeId: p.text('employee_id'),
    phone: p.text('phone'),
    language: p.text('language', { enum: ['sv', 'en', 'fi'] }),
    // The user's own details (spec section 3), kept on their profile.
    shoeSize: p.text('shoe_size'),
    tshirtSize: p.text('tshirt_size'),
    specialDiet: p.text('special_diet'),
    favouriteCake: p.text('favourite_cake'),
    iceName: p.text('ice_name'),
    icePhone: p.text('ice_phone'),
    iceRelation: p.text('ice_relation'),
    // What the organisation keeps about the user (spec section 3; decision 033).
    title: p.text('title'),
    driversLicense: p.boolean('drivers_license').notNull().default(false),
    /** personal identity number, 12 digits (sensitive: masked, reading it is logged) */
    personalNumber: p.text('personal_number'),
    bankClearing: p.text('bank_clearing'),
    /** sensitive, as the personal number */
    bankAccount: p.text('bank_account'),
    employmentDate: p.text('employment_date'),
    educationDate: p.text('education_date'),
    coachAssignedDate: p.text('coach_assigned_date'),
    deactivatedAt: pq.ms('deactivated_at'),
    deactivationReason: p.text('deactivation_reason'),
    lastSignInAt: pq.ms('last_sign_in_at'),
    /** counts edits: a change based on an older one is refused (409 version_conflict) */
    version: p.integer('version').notNull().default(1),
    /** which alerts reach the user, and how (null: the defaults) */
    notificationSettings: p.jsonb('notification_settings').$type<NotificationSettings>(),
    active: p.boolean('active').notNull().default(true),
    /** the spec's "Can view team": a seller also sees their team's figures (docs/decisions/042) */
    canViewTeam: p.boolean('can_view_team').notNull().default(false),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [p.index('users_role').on(t.roleId), p.index('users_team').on(t.teamId)],
)

/** Teams a coach coaches (a coach may have several). */
export const teamCoaches = s.sqliteTable(
  'team_coaches',
  {
    teamId: s
      .text('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [s.uniqueIndex('team_coaches_pk').on(t.teamId, t.userId), s.index('team_coaches_user').on(t.userId)],
)

export const teamCoachesPg = p.pgTable(
  'team_coaches',
  {
    teamId: p
      .text('team_id')
      .notNull()
      .references(() => teamsPg.id, { onDelete: 'cascade' }),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id, { onDelete: 'cascade' }),
  },
  (t) => [p.uniqueIndex('team_coaches_pk').on(t.teamId, t.userId), p.index('team_coaches_user').on(t.userId)],
)

/**
 * The providers a person sells for (spec section 3, "providers"; docs/decisions/044). Provider ids are the catalog's,
 * checked by the users service through its port, not a foreign key across areas.
 */
export const userProviders = s.sqliteTable(
  'user_providers',
  {
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: s.text('provider_id').notNull(),
  },
  (t) => [s.uniqueIndex('user_providers_pk').on(t.userId, t.providerId), s.index('user_providers_provider').on(t.providerId)],
)

export const userProvidersPg = p.pgTable(
  'user_providers',
  {
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id, { onDelete: 'cascade' }),
    providerId: p.text('provider_id').notNull(),
  },
  (t) => [p.uniqueIndex('user_providers_pk').on(t.userId, t.providerId), p.index('user_providers_provider').on(t.providerId)],
)

/** A permission rule held by a role or directly by a user (spec: action, subject, fields, conditions, inverted, reason). */
export const permissionRules = s.sqliteTable(
  'permission_rules',
  {
    id: sq.id(),
    roleId: s.text('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    userId: s.text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    action: s.text('action').$type<ActionOrManage>().notNull(),
    subject: s.text('subject').$type<SubjectOrAll>().notNull(),
    fields: s.text('fields', { mode: 'json' }).$type<string[] | null>(),
    conditions: s.text('conditions', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    inverted: s.integer('inverted', { mode: 'boolean' }).notNull().default(false),
    reason: s.text('reason'),
    position: s.integer('position').notNull().default(0),
  },
  (t) => [s.index('permission_rules_role').on(t.roleId), s.index('permission_rules_user').on(t.userId)],
)

export const permissionRulesPg = p.pgTable(
  'permission_rules',
  {
    id: pq.id(),
    roleId: p.text('role_id').references(() => rolesPg.id, { onDelete: 'cascade' }),
    userId: p.text('user_id').references(() => usersPg.id, { onDelete: 'cascade' }),
    action: p.text('action').$type<ActionOrManage>().notNull(),
    subject: p.text('subject').$type<SubjectOrAll>().notNull(),
    fields: p.jsonb('fields').$type<string[] | null>(),
    conditions: p.jsonb('conditions').$type<Record<string, unknown> | null>(),
    inverted: p.boolean('inverted').notNull().default(false),
    reason: p.text('reason'),
    position: p.integer('position').notNull().default(0),
  },
  (t) => [p.index('permission_rules_role').on(t.roleId), p.index('permission_rules_user').on(t.userId)],
)

export const sessions = s.sqliteTable(
  'sessions',
  {
    id: sq.id(),
    tokenHash: s.text('token_hash').notNull().unique(),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: sq.createdAt(),
    expiresAt: s.integer('expires_at').notNull(),
    lastSeenAt: s.integer('last_seen_at').notNull(),
    userAgent: s.text('user_agent'),
    ip: s.text('ip'),
    /** whom the session's user is acting as (an admin's impersonation, docs/decisions/037); null: themselves */
    impersonatingId: s.text('impersonating_id').references(() => users.id, { onDelete: 'set null' }),
    impersonationStartedAt: s.integer('impersonation_started_at'),
  },
  (t) => [s.index('sessions_user').on(t.userId)],
)

export const sessionsPg = p.pgTable(
  'sessions',
  {
    id: pq.id(),
    tokenHash: p.text('token_hash').notNull().unique(),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id, { onDelete: 'cascade' }),
    createdAt: pq.createdAt(),
    expiresAt: pq.ms('expires_at').notNull(),
    lastSeenAt: pq.ms('last_seen_at').notNull(),
    userAgent: p.text('user_agent'),
    ip: p.text('ip'),
    impersonatingId: p.text('impersonating_id').references(() => usersPg.id, { onDelete: 'set null' }),
    impersonationStartedAt: pq.ms('impersonation_started_at'),
  },
  (t) => [p.index('sessions_user').on(t.userId)],
)

/**
 * Rate-limit counters (rate-limiter-flexible's Drizzle store), e.g. failed sign-ins per account ("acct:<email>")
 * and per address ("ip:<ip>"): one row per key with the points consumed in the current window and when the window (or a block) ends. One atomic upsert per attempt, on both dialects.
 */
export const rateLimits = s.sqliteTable('rate_limits', {
  key: s.text('key').primaryKey(),
  points: s.integer('points').notNull(),
  expire: s.integer('expire', { mode: 'timestamp_ms' }),
})

export const rateLimitsPg = p.pgTable('rate_limits', {
  key: p.text('key').primaryKey(),
  points: p.integer('points').notNull(),
  expire: p.timestamp('expire', { mode: 'date', withTimezone: true, precision: 3 }),
})

/**
 * A user's authenticator app (TOTP, RFC 6238; docs/decisions/038): the shared secret (base32), set up first and
 * in use once confirmed with a code; the last time step a code was accepted for, so a code is used once.
 */
export const mfaTotp = s.sqliteTable('mfa_totp', {
  userId: s
    .text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: s.text('secret').notNull(),
  createdAt: sq.createdAt(),
  confirmedAt: s.integer('confirmed_at'),
  lastStep: s.integer('last_step'),
})

export const mfaTotpPg = p.pgTable('mfa_totp', {
  userId: p
    .text('user_id')
    .primaryKey()
    .references(() => usersPg.id, { onDelete: 'cascade' }),
  secret: p.text('secret').notNull(),
  createdAt: pq.createdAt(),
  confirmedAt: pq.ms('confirmed_at'),
  lastStep: p.bigint('last_step', { mode: 'number' }),
})

/** One-time recovery codes (their hashes) for signing in without the authenticator app. */
export const mfaRecoveryCodes = s.sqliteTable(
  'mfa_recovery_codes',
  {
    id: sq.id(),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: s.text('code_hash').notNull(),
    usedAt: s.integer('used_at'),
  },
  (t) => [s.index('mfa_recovery_codes_user').on(t.userId)],
)

export const mfaRecoveryCodesPg = p.pgTable(
  'mfa_recovery_codes',
  {
    id: pq.id(),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id, { onDelete: 'cascade' }),
    codeHash: p.text('code_hash').notNull(),
    usedAt: pq.ms('used_at'),
  },
  (t) => [p.index('mfa_recovery_codes_user').on(t.userId)],
)

/** A sign-in waiting for its second step: the password was right, the code is still to come (a few minutes). */
export const loginChallenges = s.sqliteTable(
  'login_challenges',
  {
    id: sq.id(),
    tokenHash: s.text('token_hash').notNull().unique(),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: sq.createdAt(),
    expiresAt: s.integer('expires_at').notNull(),
    attempts: s.integer('attempts').notNull().default(0),
  },
  (t) => [s.index('login_challenges_expires').on(t.expiresAt)],
)

export const loginChallengesPg = p.pgTable(
  'login_challenges',
  {
    id: pq.id(),
    tokenHash: p.text('token_hash').notNull().unique(),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id, { onDelete: 'cascade' }),
    createdAt: pq.createdAt(),
    expiresAt: pq.ms('expires_at').notNull(),
    attempts: p.integer('attempts').notNull().default(0),
  },
  (t) => [p.index('login_challenges_expires').on(t.expiresAt)],
)

/**
 * The organisation's user titles (docs/decisions/040): the list a user's title is chosen from, kept by name. A
 * user's title stays its text on the user; renaming a title renames it on its holders.
 */
export const userTitles = s.sqliteTable('user_titles', {
  id: sq.id(),
  name: s.text('name').notNull().unique(),
  createdAt: sq.createdAt(),
})

export const userTitlesPg = p.pgTable('user_titles', {
  id: pq.id(),
  name: p.text('name').notNull().unique(),
  createdAt: pq.createdAt(),
})

/**
 * External accounts (docs/decisions/043): a template per outside system sellers sign in to (a provider's sales
 * portal, an e-signing service), with how a user name is formed; and a user's account there, its password sealed
 * (server/lib/secret-box.ts), readable only after confirming the last four digits of the user's personal number.
 */
export const externalAccountTemplates = s.sqliteTable('external_account_templates', {
  id: sq.id(),
  name: s.text('name').notNull().unique(),
  loginUrl: s.text('login_url'),
  /** e.g. "{firstName}.{lastName}": the user name a new account gets */
  usernamePattern: s.text('username_pattern').notNull(),
  instructions: s.text('instructions').notNull().default(''),
  version: s.integer('version').notNull().default(1),
  createdAt: sq.createdAt(),
})

export const externalAccountTemplatesPg = p.pgTable('external_account_templates', {
  id: pq.id(),
  name: p.text('name').notNull().unique(),
  loginUrl: p.text('login_url'),
  usernamePattern: p.text('username_pattern').notNull(),
  instructions: p.text('instructions').notNull().default(''),
  version: p.integer('version').notNull().default(1),
  createdAt: pq.createdAt(),
})

export const externalAccounts = s.sqliteTable(
  'external_accounts',
  {
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: s
      .text('template_id')
      .notNull()
      .references(() => externalAccountTemplates.id, { onDelete: 'cascade' }),
    username: s.text('username').notNull(),
    /** sealed with the server's secret box; null until set */
    passwordSealed: s.text('password_sealed'),
    passwordSetAt: s.integer('password_set_at'),
    version: s.integer('version').notNull().default(1),
  },
  (t) => [s.uniqueIndex('external_accounts_pk').on(t.userId, t.templateId), s.index('external_accounts_template').on(t.templateId)],
)

export const externalAccountsPg = p.pgTable(
  'external_accounts',
  {
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id, { onDelete: 'cascade' }),
    templateId: p
      .text('template_id')
      .notNull()
      .references(() => externalAccountTemplatesPg.id, { onDelete: 'cascade' }),
    username: p.text('username').notNull(),
    passwordSealed: p.text('password_sealed'),
    passwordSetAt: pq.ms('password_set_at'),
    version: p.integer('version').notNull().default(1),
  },
  (t) => [p.uniqueIndex('external_accounts_pk').on(t.userId, t.templateId), p.index('external_accounts_template').on(t.templateId)],
)
