import { z } from 'zod'
import type { AppRawRule } from '../permissions/ability'
import { ROLE_KEYS } from '../permissions/roles'

export const EMAIL_MAX = 254
export const PASSWORD_MIN = 10
export const PASSWORD_MAX = 200

export const emailSchema = z
  .string()
  .trim()
  .min(1)
  .max(EMAIL_MAX)
  .pipe(z.email())
  .transform((v) => v.toLowerCase())

export const loginInputSchema = z.strictObject({
  email: emailSchema,
  // No minimum length here: a login checks the password, it does not judge it.
  password: z.string().min(1).max(PASSWORD_MAX),
})
export type LoginInput = z.input<typeof loginInputSchema>

/** A new password (account creation, password change): long enough, not absurdly long. */
export const newPasswordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX)

/** The stored user data (localStorage key userData): at least a role (spec section 3). */
export const userDataSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  shortName: z.string().nullable(),
  role: z.enum(ROLE_KEYS).or(z.string()),
  roleName: z.string(),
  teamIds: z.array(z.string()),
  officeId: z.string().nullable(),
  regionId: z.string().nullable(),
  language: z.enum(['sv', 'en', 'fi']).nullable(),
})
export type UserData = z.infer<typeof userDataSchema>

export type SessionAnswer = { userData: UserData; userAbilityRules: AppRawRule[] }

export type AppMeta = { demo: boolean; version: string; demoAccounts: string[] }
