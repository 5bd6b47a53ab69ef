import { z } from 'zod'
import { ACTIONS, SUBJECTS } from '../permissions/catalogue'
import { ROLE_SCOPES, type RoleScope } from '../permissions/scopes'

/** A permission of a role as the role editor sends it: an action on a subject, and how far it reaches. */
export const scopedPermissionSchema = z.strictObject({
  action: z.enum([...ACTIONS, 'manage']),
  subject: z.enum([...SUBJECTS, 'all']),
  scope: z.enum(ROLE_SCOPES).default('all'),
})

export const ROLE_NAME_MAX = 60
export const ROLE_DESCRIPTION_MAX = 300

/** Creating a role, or replacing an editable role's name, description and permissions (docs/decisions/032). */
export const roleInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(ROLE_NAME_MAX),
  description: z.string().trim().max(ROLE_DESCRIPTION_MAX).default(''),
  permissions: z.array(scopedPermissionSchema).max(400),
  /** the role's `updatedAt` the edit was based on: an older one is a 409 with the current role */
  basedOn: z.number().int().nonnegative().optional(),
})
export type RoleInput = z.input<typeof roleInputSchema>

export const roleIdSchema = z.strictObject({ id: z.uuid() })

/** Deleting a role whose users must go somewhere: the role they get instead. */
export const deleteRoleInputSchema = z.strictObject({ replacementRoleId: z.uuid().optional() })
export type DeleteRoleInput = z.input<typeof deleteRoleInputSchema>

export type RolePermission = { action: string; subject: string; scope: RoleScope }

export type RoleDetail = {
  id: string
  key: string
  name: string
  description: string
  /** a seeded role: its name is the product's (translated), it cannot be deleted */
  system: boolean
  /** the admin role: everything, kept as it is so that somebody can always administer */
  locked: boolean
  userCount: number
  updatedAt: number
  permissions: RolePermission[]
  /** rules the editor cannot show as a scoped permission (inverted, field-limited, other conditions): kept by an edit */
  otherRules: number
  /** whether the reader may give every permission of this role (assign it, or delete it moving its users) */
  grantable: boolean
}
