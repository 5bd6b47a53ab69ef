// zod/mini: the login screen loads this schema, and the mini build keeps that screen's JavaScript small
// (about 20 kB gzip less than the classic API). Schemas of both builds mix freely (users.ts embeds these).
import * as zm from 'zod/mini'
import type { AppRawRule } from '../permissions/ability'
import type { RoleKey } from '../permissions/role-keys'

export const EMAIL_MAX = 254
export const PASSWORD_MIN = 10
export const PASSWORD_MAX = 200

/** An e-mail address: trimmed, lower-cased, at most 254 characters. */
export const emailSchema = zm.pipe(zm.string().check(zm.trim(), zm.minLength(1), zm.maxLength(EMAIL_MAX), zm.toLowerCase()), zm.email())

export const loginInputSchema = zm.strictObject({
  email: emailSchema,
  // No minimum length here: a login checks the password, it does not judge it.
  password: zm.string().check(zm.minLength(1), zm.maxLength(PASSWORD_MAX)),
})
export type LoginInput = zm.input<typeof loginInputSchema>

/** A new password (account creation, password change): long enough, not absurdly long. */
export const newPasswordSchema = zm.string().check(zm.minLength(PASSWORD_MIN), zm.maxLength(PASSWORD_MAX))

/** The stored user data (localStorage key userData): at least a role (spec section 3). */
export type UserData = {
  id: string
  email: string
  fullName: string
  shortName: string | null
  role: RoleKey | (string & {})
  roleName: string
  teamIds: string[]
  officeId: string | null
  regionId: string | null
  language: 'sv' | 'en' | 'fi' | null
  /** the spec's "Can view team" (docs/decisions/042): the session holds CAN_VIEW_TEAM_RULES */
  canViewTeam?: boolean
  /** set while an admin views the app as this user (docs/decisions/037): who is really signed in */
  impersonatedBy?: { id: string; fullName: string } | null
  /** set while the terms of use in force wait for the user's answer (docs/decisions/039): the app asks first */
  termsPending?: { versionId: string; number: number } | null
  /** set while the password is one someone else chose (decision 082): the app asks for the user's own first */
  passwordChangeRequired?: boolean
}

export type SessionAnswer = { userData: UserData; userAbilityRules: AppRawRule[] }

export type AppMeta = { demo: boolean; version: string; demoAccounts: string[]; maintenance: boolean }

/** A sensitive action's confirmation (decision 093): the authenticator's code or a recovery code, or the password. */
export const stepUpInputSchema = zm.strictObject({
  code: zm.optional(zm.string().check(zm.trim(), zm.maxLength(40))),
  password: zm.optional(zm.string().check(zm.maxLength(200))),
})
export type StepUpInput = zm.input<typeof stepUpInputSchema>

/** Whom an admin starts acting as (docs/decisions/037): a user's id. */
export const impersonationInputSchema = zm.strictObject({ userId: zm.string().check(zm.minLength(1), zm.maxLength(64)) })

// ── Two-step sign-in (TOTP; docs/decisions/038) ──

/** A code from the authenticator app (6 digits) or a recovery code (xxxxx-xxxxx), as typed. */
export const mfaCodeSchema = zm.string().check(zm.trim(), zm.minLength(1), zm.maxLength(40))

/** The sign-in's second step: the challenge the password step answered, and a code. */
export const loginMfaInputSchema = zm.strictObject({
  challenge: zm.string().check(zm.minLength(1), zm.maxLength(100)),
  code: mfaCodeSchema,
})

/** A password step answers either the session or, for a user with two-step sign-in, a challenge for the code. */
export type LoginAnswer = SessionAnswer | { mfaRequired: true; challenge: string }

export const mfaEnableInputSchema = zm.strictObject({ code: mfaCodeSchema })
/** Setting up, turning off or renewing the recovery codes asks for the password again. */
export const mfaPasswordInputSchema = zm.strictObject({ password: zm.string().check(zm.minLength(1), zm.maxLength(PASSWORD_MAX)) })

export type MfaStatus = { enabled: boolean; enabledAt: number | null; recoveryCodesLeft: number }
/** A secret being set up: the text to type into an app, its otpauth URI, and that URI as a QR code (SVG). */
export type MfaSetup = { secret: string; uri: string; qrSvg: string }
