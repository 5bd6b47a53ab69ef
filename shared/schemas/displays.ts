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
