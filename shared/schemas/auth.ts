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
}

export type SessionAnswer = { userData: UserData; userAbilityRules: AppRawRule[] }

export type AppMeta = { demo: boolean; version: string; demoAccounts: string[]; maintenance: boolean }
