import { z } from 'zod'
import { text } from './text'

/**
 * Field runs and the sales planner (docs/decisions/073): a run is a team's field day — date, team, sellers, area,
 * meeting place and time, travel day or not, a note — planned per team and week; an area is a named territory of a
 * team (its shape is drawn on the map). The runs screen puts each run's plan beside what the day brought.
 */

const day = z.iso.date()

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
/** A seller of a run as the day went: time reported there, hours, doors knocked and answered, sales and their order value that day. */
export type RunSellerOutcome = {
  id: string
  name: string
  planned: boolean
  reported: boolean
  hours: number
  doors: number
  contacts: number
  sales: number
  orderValueOre: number
}
/** What runs came to: sellers reported, their hours, doors, contacts, sales and order value. */
export type RunFigures = { reported: number; hours: number; doors: number; contacts: number; sales: number; orderValueOre: number }
export type RunOutcome = RunItem & {
  outcome: RunFigures & {
    sellers: RunSellerOutcome[]
    /** the day's sales of its sellers placed outside its area (null when the area is not drawn) */
    outsideArea?: number | null
  }
}
export type RunTotals = RunFigures & { teamId: string; teamName: string; week: string; runs: number; planned: number }
export type RunsReport = { runs: RunOutcome[]; totals: RunTotals[] }

/** A door's outcome (decision 073): nobody opened, no thanks, come back at a time, or a sale. */
export const VISIT_OUTCOMES = ['notHome', 'notInterested', 'comeBack', 'sale'] as const
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number]
/** A come-back is at most this far ahead. */
export const COME_BACK_MAX_DAYS = 60

/** A door visit as the seller's device records it (offline like a sale): the sync's `recordVisit`. */
export const visitMutationSchema = z.strictObject({
  id: z.uuid(),
  outcome: z.enum(VISIT_OUTCOMES),
  address: text(200).min(1),
  postalCode: text(10).nullable(),
  city: text(80).nullable(),
  note: text(500).nullable(),
  /** when to come back (a `comeBack`'s) */
  comeBackAt: z.int().min(0).nullable(),
  visitedAt: z.int().min(0),
  /** where, when the seller allowed it (decision 073): never tracked between visits */
  position: z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180), accuracy: z.number().min(0).max(100_000) }).nullable(),
  runId: z.uuid().nullable(),
})
export type VisitInput = z.infer<typeof visitMutationSchema>
/** A visit as the device keeps it (its own, from the server after the sync). */
export type VisitRecord = Omit<VisitInput, 'position'> & { lat: number | null; lng: number | null }

/**
 * What a seller promised (docs/decisions/097): a door's come-back, a telesales call-back ("call me Thursday after
 * five"), or an appointment a setter books for a closer. Each has a time, a reminder before it, and an end: kept, the
 * customer not there (an appointment's no-show), or cancelled. One left open past its time goes to the team's queue.
 */
export const PROMISE_KINDS = ['comeBack', 'callBack', 'appointment'] as const
export type PromiseKind = (typeof PROMISE_KINDS)[number]
export const PROMISE_ENDS = ['kept', 'noShow', 'cancelled'] as const
export type PromiseEnd = (typeof PROMISE_ENDS)[number]
export type PromiseState = 'open' | PromiseEnd

/** A call-back or an appointment as the seller's device records it (offline): the sync's `recordPromise`. */
export const promiseMutationSchema = z.strictObject({
  id: z.uuid(),
  kind: z.enum(['callBack', 'appointment']),
  customerName: text(120).min(1),
  phone: text(40).nullable(),
  address: text(200).nullable(),
  note: text(500).nullable(),
  dueAt: z.int().min(0),
  /** the closer who keeps an appointment (a teammate); null: the one who made it */
  closerId: z.uuid().nullable(),
  createdAt: z.int().min(0),
})
export type PromiseInput = z.infer<typeof promiseMutationSchema>

/** A promise's end, recorded on the holder's device (the sync's `closePromise`). */
export const closePromiseSchema = z.strictObject({ id: z.uuid(), end: z.enum(PROMISE_ENDS), at: z.int().min(0) })
export type ClosePromiseInput = z.infer<typeof closePromiseSchema>

/** A promise as its holder's device keeps it. */
export type PromiseRecord = {
  id: string
  kind: PromiseKind
  customerName: string | null
  phone: string | null
  address: string | null
  note: string | null
  dueAt: number
  state: PromiseState
  closedAt: number | null
  /** who booked it, when someone else did (an appointment's setter) */
  bookedBy: string | null
  /** it came from the team's queue */
  taken: boolean
}

/** A promise in the team's shared queue: overdue, no one holds it. */
export type QueuedPromise = Pick<PromiseRecord, 'id' | 'kind' | 'customerName' | 'phone' | 'address' | 'note' | 'dueAt'> & {
  queuedAt: number
  teamName: string
  missedByName: string
}

export const promiseIdSchema = z.strictObject({ id: z.uuid() })
export const promisesReportQuerySchema = z
  .strictObject({ from: day, to: day, teamId: z.uuid().optional() })
  .refine((q) => q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= 62 * 86_400_000, { path: ['to'], message: 'validation.field.period' })
export type PromisesReportQuery = z.infer<typeof promisesReportQuerySchema>

/** Per seller: promises due in the period kept on time, kept late, missed (left to the queue), still open; taken from the queue. */
export type PromiseSellerFigures = { id: string; name: string; due: number; kept: number; late: number; missed: number; open: number; taken: number }
/** Per setter: appointments booked that fell due in the period, and those where the customer was not there. */
export type PromiseSetterFigures = { id: string; name: string; booked: number; noShows: number }
export type PromisesReport = { sellers: PromiseSellerFigures[]; setters: PromiseSetterFigures[]; queue: QueuedPromise[] }
