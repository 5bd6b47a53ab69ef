import { z } from 'zod'

/**
 * Field runs and the sales planner (docs/decisions/073): a run is a team's field day — date, team, sellers, area,
 * meeting place and time, travel day or not, a note — planned per team and week; an area is a named territory of a
 * team (its shape is drawn on the map). The runs screen puts each run's plan beside what the day brought.
 */

const day = z.iso.date()
const text = (max: number) => z.string().trim().max(max)

export const MAX_RUN_SELLERS = 60

export const runInputSchema = z.strictObject({
  date: day,
  teamId: z.uuid(),
  sellerIds: z.array(z.uuid()).max(MAX_RUN_SELLERS),
  areaId: z.uuid().nullable(),
  meetingPlace: text(200).nullable(),
  meetingTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .nullable(),
  travelDay: z.boolean(),
  note: text(2000).nullable(),
})
export type RunInput = z.infer<typeof runInputSchema>
export const runUpdateSchema = runInputSchema.extend({ version: z.int().min(1) })
export const runIdSchema = z.strictObject({ id: z.uuid() })

/** A week of one team or all the reader's teams (the planner), or a period (the runs screen), at most 62 days. */
export const runsQuerySchema = z
  .strictObject({ from: day, to: day, teamId: z.uuid().optional() })
  .refine((q) => q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 62 * 86_400_000, { path: ['to'], message: 'validation.field.period' })
export type RunsQuery = z.infer<typeof runsQuerySchema>

export type RunItem = {
  id: string
  version: number
  date: string
  teamId: string
  teamName: string
  sellers: Array<{ id: string; name: string }>
  areaId: string | null
  areaName: string | null
  meetingPlace: string | null
  meetingTime: string | null
  travelDay: boolean
  note: string | null
  may: { edit: boolean }
}

/** A run as the seller's device keeps it (offline): what the day is, where and with whom. */
export type RunRecord = {
  id: string
  date: string
  teamName: string
  areaName: string | null
  meetingPlace: string | null
  meetingTime: string | null
  travelDay: boolean
  note: string | null
  sellers: string[]
}

export const areaInputSchema = z.strictObject({ name: text(120).min(1), teamId: z.uuid().nullable() })
export type AreaItem = { id: string; name: string; teamId: string | null; teamName: string | null; lastWorkedOn: string | null }
export const areasQuerySchema = z.strictObject({ teamId: z.uuid().optional() })
export const teamMembersQuerySchema = z.strictObject({ teamId: z.uuid() })

/** A seller of a run as the day went: time reported there, hours, sales and their order value that day. */
export type RunSellerOutcome = { id: string; name: string; planned: boolean; reported: boolean; hours: number; sales: number; orderValueOre: number }
export type RunOutcome = RunItem & { outcome: { sellers: RunSellerOutcome[]; reported: number; hours: number; sales: number; orderValueOre: number } }
export type RunTotals = {
  teamId: string
  teamName: string
  week: string
  runs: number
  planned: number
  reported: number
  hours: number
  sales: number
  orderValueOre: number
}
export type RunsReport = { runs: RunOutcome[]; totals: RunTotals[] }
