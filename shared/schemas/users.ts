import { z } from 'zod'
import { emailSchema, newPasswordSchema } from './auth'

export const NAME_MAX = 100

export const createUserInputSchema = z.strictObject({
  email: emailSchema,
  firstName: z.string().trim().min(1).max(NAME_MAX),
  lastName: z.string().trim().min(1).max(NAME_MAX),
  shortName: z.string().trim().max(20).optional(),
  password: newPasswordSchema,
  roleId: z.string().min(1).max(64),
  teamId: z.string().min(1).max(64).nullable().optional(),
  employeeId: z.string().trim().max(40).optional(),
  phone: z.string().trim().max(30).optional(),
  language: z.enum(['sv', 'en', 'fi']).optional(),
})
export type CreateUserInput = z.input<typeof createUserInputSchema>

/** What the users and teams lists sort by (the API refuses any other sortBy). */
export const USER_SORT_KEYS = ['name', 'email', 'role', 'team'] as const
export const TEAM_SORT_KEYS = ['name', 'office', 'region'] as const

export type UserListItem = {
  id: string
  email: string
  fullName: string
  roleKey: string
  roleName: string
  teamName: string | null
  officeName: string | null
  active: boolean
}

export type TeamListItem = {
  id: string
  name: string
  officeId: string
  officeName: string
  regionName: string
  memberCount: number
}

export type RoleListItem = {
  id: string
  key: string
  name: string
  description: string
  userCount: number
  permissions: string[]
}
