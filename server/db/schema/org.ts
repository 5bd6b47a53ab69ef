import { table } from './table'

/** The organisation: regions, offices and teams. Each table once for both databases (./table.ts; conventions in ./sqlite.ts). */

export const [regions, regionsPg] = table('regions', (k) => ({
  id: k.id(),
  name: k.text('name').notNull().unique(),
  /** the region's country (ISO 3166 alpha-2): a new seller's directory account's usage location (decision 070) */
  country: k.text('country').notNull().default('SE'),
  createdAt: k.createdAt(),
}))

export const [offices, officesPg] = table('offices', (k) => ({
  id: k.id(),
  name: k.text('name').notNull().unique(),
  regionId: k.ref('region_id', () => regions).notNull(),
  createdAt: k.createdAt(),
}))

export const [teams, teamsPg] = table(
  'teams',
  (k) => ({
    id: k.id(),
    name: k.text('name').notNull(),
    officeId: k.ref('office_id', () => offices).notNull(),
    /** the provider the team sells for (the catalog's; checked by the org service through its port), or none */
    providerId: k.text('provider_id'),
    createdAt: k.createdAt(),
  }),
  (t, k) => [k.uniqueIndex('teams_office_name').on(t.officeId, t.name)],
)

/**
 * Coach groups (docs/decisions/041): coaches who work together, and the providers each group works for. The
 * members and providers are checked by the org service (users and providers live in other schema files); a
 * group's links go with it.
 */
export const [coachGroups, coachGroupsPg] = table('coach_groups', (k) => ({
  id: k.id(),
  name: k.text('name').notNull().unique(),
  version: k.integer('version').notNull().default(1),
  createdAt: k.createdAt(),
}))

export const [coachGroupMembers, coachGroupMembersPg] = table(
  'coach_group_members',
  (k) => ({
    groupId: k.ref('group_id', () => coachGroups, 'cascade').notNull(),
    userId: k.text('user_id').notNull(),
  }),
  (t, k) => [k.uniqueIndex('coach_group_members_pk').on(t.groupId, t.userId), k.index('coach_group_members_user').on(t.userId)],
)

export const [coachGroupProviders, coachGroupProvidersPg] = table(
  'coach_group_providers',
  (k) => ({
    groupId: k.ref('group_id', () => coachGroups, 'cascade').notNull(),
    providerId: k.text('provider_id').notNull(),
  }),
  (t, k) => [k.uniqueIndex('coach_group_providers_pk').on(t.groupId, t.providerId), k.index('coach_group_providers_provider').on(t.providerId)],
)

/**
 * OPH targets (orders per hour; docs/decisions/042) of an office or a team: levels 1 and 2, classes gold and
 * platinum, in hundredths of an order per hour. A team without its own row follows its office's.
 */
export const [ophTargets, ophTargetsPg] = table(
  'oph_targets',
  (k) => ({
    scope: k.text('scope', { enum: ['office', 'team'] }).notNull(),
    scopeId: k.text('scope_id').notNull(),
    level1Gold: k.integer('level1_gold').notNull(),
    level1Platinum: k.integer('level1_platinum').notNull(),
    level2Gold: k.integer('level2_gold').notNull(),
    level2Platinum: k.integer('level2_platinum').notNull(),
    version: k.integer('version').notNull().default(1),
    updatedAt: k.ms('updated_at').notNull(),
  }),
  (t, k) => [k.uniqueIndex('oph_targets_pk').on(t.scope, t.scopeId)],
)
