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

// ── Teams ──

export const TEAM_NAME_MAX = 60
export const TEAM_COACHES_MAX = 10

const teamFields = {
  name: z.string().trim().min(1).max(TEAM_NAME_MAX),
  officeId: z.string().min(1).max(64),
  /** the team's coaches (users), who see and lead it */
  coachIds: z.array(z.string().min(1).max(64)).max(TEAM_COACHES_MAX),
}
export const teamInputSchema = z.strictObject(teamFields)
export type TeamInput = z.input<typeof teamInputSchema>

/** An edit, with the team as the editor saw it: another's edit in between is a 409 with the current team. */
export const teamUpdateSchema = z.strictObject({
  ...teamFields,
  basedOn: z.strictObject({ name: z.string().max(TEAM_NAME_MAX), officeId: z.string().max(64), coachIds: z.array(z.string().max(64)).max(50) }),
})
export type TeamUpdate = z.input<typeof teamUpdateSchema>

export type TeamDetail = {
  id: string
  name: string
  officeId: string
  officeName: string
  regionName: string
  coaches: Array<{ id: string; name: string }>
  members: Array<{ id: string; name: string; email: string; roleKey: string; roleName: string; title: string | null }>
  createdAt: number
  may: { edit: boolean; delete: boolean }
  activity: ActivityLine[]
}
