import { z } from 'zod'
import type { ActivityLine } from './activity'

// ── Regions (issue 17; docs/decisions/036) ──

export const REGION_NAME_MAX = 60

export const regionInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(REGION_NAME_MAX),
})
export type RegionInput = z.input<typeof regionInputSchema>

/** A rename, with the name the editor saw: another's rename in between is a 409 with the current region. */
export const regionUpdateSchema = regionInputSchema.extend({ basedOn: z.string().max(REGION_NAME_MAX) })
export type RegionUpdate = z.input<typeof regionUpdateSchema>

/**
 * The countries a region may be in (ISO 3166 alpha-2): where its people work, the usage location of a new seller's
 * cloud directory account (decision 070).
 */
export const REGION_COUNTRIES = ['SE', 'FI', 'NO', 'DK', 'EE', 'DE'] as const
export type RegionCountry = (typeof REGION_COUNTRIES)[number]
export const regionCountrySchema = z.strictObject({ country: z.enum(REGION_COUNTRIES) })

/** The id in a region's, an office's or a team's path. */
export const orgIdSchema = z.strictObject({ id: z.string().min(1).max(64) })

export type RegionItem = {
  id: string
  name: string
  officeCount: number
  teamCount: number
  userCount: number
  createdAt: number
}

/** A region's page (decision 036): its offices, what the reader may do, and its log. */
export type RegionDetail = RegionItem & {
  country: RegionCountry
  offices: Array<{ id: string; name: string; teamCount: number; userCount: number }>
  may: { edit: boolean; delete: boolean }
  activity: ActivityLine[]
}

// ── Offices ──

export const OFFICE_NAME_MAX = 60

export const officeInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(OFFICE_NAME_MAX),
  regionId: z.string().min(1).max(64),
})
export type OfficeInput = z.input<typeof officeInputSchema>

/** An edit, with the office as the editor saw it: another's edit in between is a 409 with the current office. */
export const officeUpdateSchema = officeInputSchema.extend({
  basedOn: z.strictObject({ name: z.string().max(OFFICE_NAME_MAX), regionId: z.string().max(64) }),
})
export type OfficeUpdate = z.input<typeof officeUpdateSchema>

export type OfficeItem = {
  id: string
  name: string
  regionId: string
  regionName: string
  teamCount: number
  userCount: number
  createdAt: number
}

/** An office's page (decision 036): its teams the reader may see, what the reader may do, and its log. */
export type OfficeDetail = OfficeItem & {
  teams: Array<{ id: string; name: string; memberCount: number; providerName: string | null }>
  may: { edit: boolean; delete: boolean }
  activity: ActivityLine[]
}

// ── Teams ──

export const TEAM_NAME_MAX = 60
export const TEAM_COACHES_MAX = 10

const teamFields = {
  name: z.string().trim().min(1).max(TEAM_NAME_MAX),
  officeId: z.string().min(1).max(64),
  /** the team's coaches (users), who see and lead it */
  coachIds: z.array(z.string().min(1).max(64)).max(TEAM_COACHES_MAX),
  /** the provider the team sells for (an active one when chosen), or none */
  providerId: z.string().min(1).max(64).nullable().default(null),
}
export const teamInputSchema = z.strictObject(teamFields)
export type TeamInput = z.input<typeof teamInputSchema>

/** An edit, with the team as the editor saw it: another's edit in between is a 409 with the current team. */
export const teamUpdateSchema = z.strictObject({
  ...teamFields,
  basedOn: z.strictObject({
    name: z.string().max(TEAM_NAME_MAX),
    officeId: z.string().max(64),
    coachIds: z.array(z.string().max(64)).max(50),
    providerId: z.string().max(64).nullable().default(null),
  }),
})
export type TeamUpdate = z.input<typeof teamUpdateSchema>

export type TeamDetail = {
  id: string
  name: string
  officeId: string
  officeName: string
  regionName: string
  /** the provider the team sells for, or null */
  provider: { id: string; name: string; active: boolean } | null
  coaches: Array<{ id: string; name: string }>
  members: Array<{ id: string; name: string; email: string; roleKey: string; roleName: string; title: string | null }>
  createdAt: number
  may: { edit: boolean; delete: boolean }
  activity: ActivityLine[]
}

// ── Coach groups (docs/decisions/041) ──

export const COACH_GROUP_NAME_MAX = 60
export const COACH_GROUP_MEMBERS_MAX = 50
export const COACH_GROUP_PROVIDERS_MAX = 100

const idList = (max: number) => z.array(z.string().min(1).max(64)).max(max)

export const coachGroupInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(COACH_GROUP_NAME_MAX),
  /** the group's coaches: active users */
  coachIds: idList(COACH_GROUP_MEMBERS_MAX),
})
export type CoachGroupInput = z.input<typeof coachGroupInputSchema>

/** An edit of the version the editor saw: another's edit in between is a 409 with the group as it is now. */
export const coachGroupUpdateSchema = coachGroupInputSchema.extend({ version: z.number().int().min(1) })
export type CoachGroupUpdate = z.input<typeof coachGroupUpdateSchema>

export type CoachGroupItem = {
  id: string
  name: string
  version: number
  coaches: Array<{ id: string; name: string; active: boolean }>
  providers: Array<{ id: string; name: string }>
  createdAt: number
}

/** The groups working for one provider, with the groups the editor saw there. */
export const providerCoachGroupsSchema = z.strictObject({
  groupIds: idList(COACH_GROUP_PROVIDERS_MAX),
  basedOn: idList(COACH_GROUP_PROVIDERS_MAX),
})
export type ProviderCoachGroupsInput = z.input<typeof providerCoachGroupsSchema>

export type ProviderCoachGroups = {
  providerId: string
  providerName: string
  active: boolean
  groups: Array<{ id: string; name: string }>
}

// ── OPH targets (docs/decisions/042) ──

export const OPH_SCOPES = ['office', 'team'] as const
export type OphScope = (typeof OPH_SCOPES)[number]

/** Orders per hour in hundredths (1.25 orders an hour is 125): above 0, at most 20 orders an hour. */
export const OPH_MAX = 2000
const oph = z.number().int().min(1).max(OPH_MAX)

export const ophValuesSchema = z.strictObject({ level1Gold: oph, level1Platinum: oph, level2Gold: oph, level2Platinum: oph })
export type OphValues = z.output<typeof ophValuesSchema>

export const ophScopeParamSchema = z.strictObject({ scope: z.enum(OPH_SCOPES), id: z.string().min(1).max(64) })

/**
 * A scope's own targets, set or changed on the version the editor saw (null: none yet); `values: null` removes
 * them (a team then follows its office).
 */
export const ophTargetInputSchema = z.strictObject({
  values: ophValuesSchema.nullable(),
  version: z.number().int().min(1).nullable(),
})
export type OphTargetInput = z.input<typeof ophTargetInputSchema>

export type OphOwn = OphValues & { version: number; updatedAt: number }

export type OphOverview = {
  offices: Array<{
    id: string
    name: string
    regionName: string
    own: OphOwn | null
    teams: Array<{ id: string; name: string; own: OphOwn | null }>
  }>
  may: { office: boolean; team: boolean }
}
