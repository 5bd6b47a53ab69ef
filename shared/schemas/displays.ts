import { z } from 'zod'
import { DISPLAY_SCENES, isDisplayCode, normaliseDisplayCode, type DisplayScene, type DisplayState } from '../rules/displays'

/** The office screen (issue 76, docs/decisions/101): pairing a screen by its code, the list of screens, revoking one. */
export { DISPLAY_SCENES, type DisplayScene, type DisplayState }

export const displayIdSchema = z.strictObject({ id: z.uuid() })

/** One scene of a screen's cycle and how long it stays. */
export const displaySceneSchema = z.strictObject({ scene: z.enum(DISPLAY_SCENES), seconds: z.int().min(5).max(600) })
export type DisplaySceneInput = z.infer<typeof displaySceneSchema>

/** What a screen shows: its name, the office and (some of) its teams, and the scenes in their order. */
export const displaySetupSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  officeId: z.uuid(),
  /** none: the whole office */
  teamIds: z.array(z.uuid()).max(50).default([]),
  scenes: z.array(displaySceneSchema).min(1, { error: 'validation.displays.scenes' }).max(20),
})
export type DisplaySetup = z.input<typeof displaySetupSchema>

/** Pairing: the code the screen shows, and what it is to show. */
export const pairDisplaySchema = displaySetupSchema.extend({
  code: z.string().max(20).refine(isDisplayCode, { error: 'validation.displays.codeFormat' }).transform(normaliseDisplayCode),
})
export type PairDisplayInput = z.input<typeof pairDisplaySchema>

/** The version of a screen read before changing or revoking it (a screen changed meanwhile is a 409). */
export const displayVersionSchema = z.strictObject({ version: z.int().min(1) })

/** A screen as an admin or a manager sees it in the list. */
export type DisplayView = {
  id: string
  name: string | null
  state: DisplayState
  officeId: string | null
  officeName: string | null
  teamIds: string[]
  scenes: DisplaySceneInput[]
  pairedAt: number | null
  pairedByName: string | null
  lastSeenAt: number | null
  lastSeenIp: string | null
  revokedAt: number | null
  version: number
}

/** A new screen asking to be paired: its code to show, and the secret it keeps (never shown, never in an address). */
export type DisplayPairing = { id: string; code: string; secret: string; expiresAt: number }

/**
 * What a screen hears when it asks how it stands: waiting (with its code's expiry), paired (with what it shows), or
 * revoked; `secret` when the server gives it a new one (keep it, use it from the next request).
 */
export type DisplayStatus = {
  state: DisplayState | 'expired'
  expiresAt?: number
  display?: { name: string; officeId: string; teamIds: string[]; scenes: DisplaySceneInput[] }
  secret?: string
}

/** One person on a screen's leaderboard (those who chose to be hidden from others are not there). */
export type DisplayBoardRow = { rank: number; name: string; initials: string; xp: number }

/** A competition on the screen: its top rows and when it ends. */
export type DisplayCompetition = {
  id: string
  name: string
  metric: string
  kind: 'sellers' | 'teams' | 'offices'
  from: string
  to: string
  /** the end of its last day (Stockholm), for the countdown */
  endsAt: number
  rows: Array<{ rank: number; name: string; value: number }>
}

/** A team's (or the office's) month against its gold goal. */
export type DisplayBudgetRow = { id: string; name: string; goalOre: number | null; orderValueOre: number }

/**
 * What a paired screen shows (GET /api/display/scenes), read for its office and teams only: the scenes it cycles
 * through, each filled only when the screen shows it.
 */
export type DisplayScenes = {
  /** when these figures were read (the screen shows "updated HH:MM" when it cannot read newer ones) */
  at: number
  day: string
  office: { id: string; name: string }
  teams: Array<{ id: string; name: string }>
  leaderboards: { day: DisplayBoardRow[]; month: DisplayBoardRow[] }
  competitions: DisplayCompetition[]
  budgets: { month: string; elapsed: number; office: DisplayBudgetRow | null; teams: DisplayBudgetRow[] }
  /** the office's day: approved sales, their order value, hours worked; per team */
  officeDay: { sales: number; orderValueOre: number; hours: number; teams: Array<{ id: string; name: string; sales: number; orderValueOre: number }> }
  /** people who started in the last fortnight */
  welcome: Array<{ name: string; initials: string; teamName: string | null; since: string }>
  /** must-read guides of the office and how many of its people have read their current version */
  guides: Array<{ id: string; titles: Partial<Record<'sv' | 'en' | 'fi', string>>; read: number; readers: number }>
}

/** A moment a screen interrupts its cycle for (the realtime channel's `DisplayNewsflash`). */
export type DisplayNewsflash = {
  /** the event's id: a flash heard twice is shown once */
  id: string
  kind: 'sale' | 'level' | 'badge' | 'competition'
  at: number
  /** null: the person chose to be hidden from others (the flash names the team only) */
  name: string | null
  initials: string | null
  teamId: string | null
  teamName: string | null
  /** what was sold (product names), the level's or badge's or competition's name */
  what: string[]
  orderValueOre: number | null
}
