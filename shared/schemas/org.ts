import { z } from 'zod'

// ── Regions (issue 17; docs/decisions/036) ──

export const REGION_NAME_MAX = 60

export const regionInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(REGION_NAME_MAX),
})
export type RegionInput = z.input<typeof regionInputSchema>

/** A rename, with the name the editor saw: another's rename in between is a 409 with the current region. */
export const regionUpdateSchema = regionInputSchema.extend({ basedOn: z.string().max(REGION_NAME_MAX) })
export type RegionUpdate = z.input<typeof regionUpdateSchema>

export const regionIdSchema = z.strictObject({ id: z.string().min(1).max(64) })

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
