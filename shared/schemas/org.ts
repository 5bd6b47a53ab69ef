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
