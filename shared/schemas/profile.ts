import { z } from 'zod'
import { PASSWORD_MAX, newPasswordSchema } from './auth'
import { NAME_MAX, type PersonalDetails } from './users'
import { optionalText } from './text'

export const TSHIRT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const

export const updateProfileInputSchema = z.strictObject({
  firstName: z.string().trim().min(1).max(NAME_MAX),
  lastName: z.string().trim().min(1).max(NAME_MAX),
  shortName: optionalText(20),
  phone: optionalText(30).refine((v) => !v || /^\+?[\d\s-]{6,20}$/.test(v), { error: 'validation.phone' }),
  language: z.enum(['sv', 'en', 'fi']).nullable().optional(),
  shoeSize: optionalText(5).refine((v) => !v || /^\d{2}(\.5)?$/.test(v), { error: 'validation.shoeSize' }),
  tshirtSize: z.enum(TSHIRT_SIZES).nullable().optional(),
  specialDiet: optionalText(200),
  favouriteCake: optionalText(100),
  iceName: optionalText(NAME_MAX),
  icePhone: optionalText(30).refine((v) => !v || /^\+?[\d\s-]{6,20}$/.test(v), { error: 'validation.phone' }),
  iceRelation: optionalText(50),
})
export type UpdateProfileInput = z.input<typeof updateProfileInputSchema>

export const changePasswordInputSchema = z
  .strictObject({
    currentPassword: z.string().min(1).max(PASSWORD_MAX),
    newPassword: newPasswordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, { error: 'validation.samePassword', path: ['newPassword'] })
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>

export type Profile = PersonalDetails & {
  id: string
  email: string
  firstName: string
  lastName: string
  shortName: string | null
  phone: string | null
  language: 'sv' | 'en' | 'fi' | null
  tshirtSize: (typeof TSHIRT_SIZES)[number] | null
  roleKey: string
  roleName: string
  teamName: string | null
  officeName: string | null
}

export type SessionItem = { id: string; current: boolean; createdAt: number; lastSeenAt: number; userAgent: string | null; ip: string | null }
