import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import { pq, sq } from './columns'

/** The organisation: regions, offices and teams. Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts). */

export const regions = s.sqliteTable('regions', {
  id: sq.id(),
  name: s.text('name').notNull().unique(),
  createdAt: sq.createdAt(),
})

export const regionsPg = p.pgTable('regions', {
  id: pq.id(),
  name: p.text('name').notNull().unique(),
  createdAt: pq.createdAt(),
})

export const offices = s.sqliteTable('offices', {
  id: sq.id(),
  name: s.text('name').notNull().unique(),
  regionId: s
    .text('region_id')
    .notNull()
    .references(() => regions.id),
  createdAt: sq.createdAt(),
})

export const officesPg = p.pgTable('offices', {
  id: pq.id(),
  name: p.text('name').notNull().unique(),
  regionId: p
    .text('region_id')
    .notNull()
    .references(() => regionsPg.id),
  createdAt: pq.createdAt(),
})

export const teams = s.sqliteTable(
  'teams',
  {
    id: sq.id(),
    name: s.text('name').notNull(),
    officeId: s
      .text('office_id')
      .notNull()
      .references(() => offices.id),
    /** the provider the team sells for (the catalog's; checked by the org service through its port), or none */
    providerId: s.text('provider_id'),
    createdAt: sq.createdAt(),
  },
  (t) => [s.uniqueIndex('teams_office_name').on(t.officeId, t.name)],
)

export const teamsPg = p.pgTable(
  'teams',
  {
    id: pq.id(),
    name: p.text('name').notNull(),
    officeId: p
      .text('office_id')
      .notNull()
      .references(() => officesPg.id),
    providerId: p.text('provider_id'),
    createdAt: pq.createdAt(),
  },
  (t) => [p.uniqueIndex('teams_office_name').on(t.officeId, t.name)],
)

/**
 * Coach groups (docs/decisions/041): coaches who work together, and the providers each group works for. The
 * members and providers are checked by the org service (users and providers live in other schema files); a
 * group's links go with it.
 */
export const coachGroups = s.sqliteTable('coach_groups', {
  id: sq.id(),
  name: s.text('name').notNull().unique(),
  version: s.integer('version').notNull().default(1),
  createdAt: sq.createdAt(),
})

export const coachGroupsPg = p.pgTable('coach_groups', {
  id: pq.id(),
  name: p.text('name').notNull().unique(),
  version: p.integer('version').notNull().default(1),
  createdAt: pq.createdAt(),
})

export const coachGroupMembers = s.sqliteTable(
  'coach_group_members',
  {
    groupId: s
      .text('group_id')
      .notNull()
      .references(() => coachGroups.id, { onDelete: 'cascade' }),
    userId: s.text('user_id').notNull(),
  },
  (t) => [s.uniqueIndex('coach_group_members_pk').on(t.groupId, t.userId), s.index('coach_group_members_user').on(t.userId)],
)

export const coachGroupMembersPg = p.pgTable(
  'coach_group_members',
  {
    groupId: p
      .text('group_id')
      .notNull()
      .references(() => coachGroupsPg.id, { onDelete: 'cascade' }),
    userId: p.text('user_id').notNull(),
  },
  (t) => [p.uniqueIndex('coach_group_members_pk').on(t.groupId, t.userId), p.index('coach_group_members_user').on(t.userId)],
)

export const coachGroupProviders = s.sqliteTable(
  'coach_group_providers',
  {
    groupId: s
      .text('group_id')
      .notNull()
      .references(() => coachGroups.id, { onDelete: 'cascade' }),
    providerId: s.text('provider_id').notNull(),
  },
  (t) => [s.uniqueIndex('coach_group_providers_pk').on(t.groupId, t.providerId), s.index('coach_group_providers_provider').on(t.providerId)],
)

export const coachGroupProvidersPg = p.pgTable(
  'coach_group_providers',
  {
    groupId: p
      .text('group_id')
      .notNull()
      .references(() => coachGroupsPg.id, { onDelete: 'cascade' }),
    providerId: p.text('provider_id').notNull(),
  },
  (t) => [p.uniqueIndex('coach_group_providers_pk').on(t.groupId, t.providerId), p.index('coach_group_providers_provider').on(t.providerId)],
)

/**
 * OPH targets (orders per hour; docs/decisions/042) of an office or a team: levels 1 and 2, classes gold and
 * platinum, in hundredths of an order per hour. A team without its own row follows its office's.
 */
export const ophTargets = s.sqliteTable(
  'oph_targets',
  {
    scope: s.text('scope', { enum: ['office', 'team'] }).notNull(),
    scopeId: s.text('scope_id').notNull(),
    level1Gold: s.integer('level1_gold').notNull(),
    level1Platinum: s.integer('level1_platinum').notNull(),
    level2Gold: s.integer('level2_gold').notNull(),
    level2Platinum: s.integer('level2_platinum').notNull(),
    version: s.integer('version').notNull().default(1),
    updatedAt: s.integer('updated_at').notNull(),
  },
  (t) => [s.uniqueIndex('oph_targets_pk').on(t.scope, t.scopeId)],
)

export const ophTargetsPg = p.pgTable(
  'oph_targets',
  {
    scope: p.text('scope', { enum: ['office', 'team'] }).notNull(),
    scopeId: p.text('scope_id').notNull(),
    level1Gold: p.integer('level1_gold').notNull(),
    level1Platinum: p.integer('level1_platinum').notNull(),
    level2Gold: p.integer('level2_gold').notNull(),
    level2Platinum: p.integer('level2_platinum').notNull(),
    version: p.integer('version').notNull().default(1),
    updatedAt: pq.ms('updated_at').notNull(),
  },
  (t) => [p.uniqueIndex('oph_targets_pk').on(t.scope, t.scopeId)],
)
