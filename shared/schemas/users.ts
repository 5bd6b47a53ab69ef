import { z } from 'zod'
import { sensitiveEdit } from './sensitive-field'
import { optionalCalendarDay } from './period'
import { normalizeBankAccount, normalizeClearingNumber, normalizePersonalNumber } from '../rules/identity'
import type { RoleScope } from '../permissions/scopes'
import type { ActivityLine } from './activity'
import { emailSchema, newPasswordSchema } from './auth'
import { listQuerySchema } from './pagination'
import { scopedPermissionSchema } from './roles'
import { optionalText } from './text'

export const NAME_MAX = 100

export const createUserInputSchema = z.strictObject({
  email: emailSchema,
  firstName: z.string().trim().min(1).max(NAME_MAX),
  lastName: z.string().trim().min(1).max(NAME_MAX),
  shortName: z.string().trim().max(20).optional(),
  password: newPasswordSchema,
  /** the user sets their own password at the first sign-in (decision 082); the screen's box is ticked */
  passwordChangeRequired: z.boolean().optional(),
  roleId: z.string().min(1).max(64),
  teamId: z.string().min(1).max(64).nullable().optional(),
  employeeId: z.string().trim().max(40).optional(),
  phone: z.string().trim().max(30).optional(),
  language: z.enum(['sv', 'en', 'fi']).optional(),
})
export type CreateUserInput = z.input<typeof createUserInputSchema>

/** What the users and teams lists sort by (the API refuses any other sortBy). */
export const USER_SORT_KEYS = ['name', 'email', 'role', 'team', 'created', 'deactivated'] as const
export const TEAM_SORT_KEYS = ['name', 'office', 'region'] as const

export type UserListItem = {
  id: string
  email: string
  fullName: string
  roleKey: string
  roleName: string
  teamName: string | null
  officeName: string | null
  title: string | null
  active: boolean
  createdAt: number
  deactivatedAt: number | null
  deactivationReason: string | null
  lastSignInAt: number | null
}

export type TeamListItem = {
  id: string
  name: string
  officeId: string
  officeName: string
  regionName: string
  /** the provider the team sells for, or null */
  providerName: string | null
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

// ── User administration (docs/decisions/033) ──

const id = z.string().min(1).max(64)
const version = z.number().int().min(1)

/** Active users, former (deactivated) ones, or both. */
export const USER_STATUSES = ['active', 'former', 'all'] as const

export const userListQuerySchema = listQuerySchema(USER_SORT_KEYS).extend({
  roleId: id.optional(),
  teamId: id.optional(),
  officeId: id.optional(),
  regionId: id.optional(),
  title: z.string().trim().min(1).max(60).optional(),
  status: z.enum(USER_STATUSES).default('active'),
  /** only users created at or after this time (epoch ms): the onboarding list */
  createdSince: z.coerce.number().int().min(0).max(8.64e15).optional(),
})
export type UserListQuery = z.output<typeof userListQuerySchema>

export const userIdParamSchema = z.strictObject({ id })

export const SENSITIVE_USER_FIELDS = ['personalNumber', 'bankClearing', 'bankAccount'] as const

/** The fields an admin's edit sets (besides the sensitive ones), as the form shows them and the log names them. */
export const USER_EDITABLE_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'shortName',
  'phone',
  'employeeId',
  'title',
  'roleId',
  'teamId',
  'language',
  'driversLicense',
  'employmentDate',
  'educationDate',
  'coachAssignedDate',
] as const
export type SensitiveUserField = (typeof SENSITIVE_USER_FIELDS)[number]

/** How many providers one person may sell for (spec section 3, "providers"; docs/decisions/044). */
export const USER_PROVIDERS_MAX = 50

export const updateUserInputSchema = z.strictObject({
  email: emailSchema,
  firstName: z.string().trim().min(1).max(NAME_MAX),
  lastName: z.string().trim().min(1).max(NAME_MAX),
  shortName: optionalText(20),
  phone: optionalText(30).refine((v) => !v || /^\+?[\d\s-]{6,20}$/.test(v), { error: 'validation.phone' }),
  employeeId: optionalText(40),
  title: optionalText(60),
  roleId: id,
  teamId: id.nullable(),
  language: z.enum(['sv', 'en', 'fi']).nullable(),
  driversLicense: z.boolean(),
  employmentDate: optionalCalendarDay,
  educationDate: optionalCalendarDay,
  coachAssignedDate: optionalCalendarDay,
  /** the spec's "Can view team" (decision 042); absent keeps it as it is */
  canViewTeam: z.boolean().optional(),
  /** the providers they sell for (decision 044); absent keeps them as they are */
  providerIds: z.array(id).max(USER_PROVIDERS_MAX).optional(),
  personalNumber: sensitiveEdit((v) => normalizePersonalNumber(v), 'validation.personalNumber'),
  bankClearing: sensitiveEdit(normalizeClearingNumber, 'validation.clearingNumber'),
  bankAccount: sensitiveEdit(normalizeBankAccount, 'validation.bankAccount'),
  version,
})
export type UpdateUserInput = z.input<typeof updateUserInputSchema>

/**
 * A user as their edit opens (the editor's form, a client that changes one field): text not set is empty, and the
 * sensitive fields, the providers and "can view team" are left out — absent keeps what is stored.
 */
export function userEditOf(u: UserDetail): UpdateUserInput {
  return {
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    shortName: u.shortName ?? '',
    phone: u.phone ?? '',
    employeeId: u.employeeId ?? '',
    title: u.title ?? '',
    roleId: u.roleId,
    teamId: u.teamId,
    language: u.language,
    driversLicense: u.driversLicense,
    employmentDate: u.employmentDate ?? '',
    educationDate: u.educationDate ?? '',
    coachAssignedDate: u.coachAssignedDate ?? '',
    version: u.version,
  }
}

export const revealUserFieldsSchema = z.strictObject({
  fields: z.array(z.enum(SENSITIVE_USER_FIELDS)).min(1).max(SENSITIVE_USER_FIELDS.length),
})
export type RevealedUserFields = Partial<Record<SensitiveUserField, string | null>>

export const deactivateUserSchema = z.strictObject({
  reason: z.string().trim().min(1).max(500),
  version,
})
export const reactivateUserSchema = z.strictObject({ version })
/** An admin's reset of a user's two-step sign-in, on the version they saw (decision 038). */
export const resetMfaSchema = z.strictObject({ version })

/** A user's direct permissions (beside their role's), as the editor shows them; the version the editor saw. */
export const userPermissionsInputSchema = z.strictObject({
  permissions: z.array(scopedPermissionSchema).max(400),
  version,
})
export type UserPermissionsInput = z.input<typeof userPermissionsInputSchema>

export const BULK_USERS_MAX = 500
const bulkIds = z.array(id).min(1).max(BULK_USERS_MAX)
export const bulkUsersSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('team'), ids: bulkIds, teamId: id.nullable() }),
  z.strictObject({ action: z.literal('deactivate'), ids: bulkIds, reason: z.string().trim().min(1).max(500) }),
])
export type BulkUsersInput = z.input<typeof bulkUsersSchema>
/** Why a selected user was left as they were. */
export const BULK_SKIP_REASONS = ['notFound', 'notAllowed', 'self', 'unchanged'] as const
export type BulkUsersAnswer = { changed: number; skipped: Array<{ id: string; name: string | null; reason: (typeof BULK_SKIP_REASONS)[number] }> }

/** What a person tells about themselves on their profile (sizes, diet, an emergency contact). */
export type PersonalDetails = {
  shoeSize: string | null
  tshirtSize: string | null
  specialDiet: string | null
  favouriteCake: string | null
  iceName: string | null
  icePhone: string | null
  iceRelation: string | null
}

/** A user as the admin page shows them. Sensitive fields are masked, and absent for those who may not edit the user. */
export type UserDetail = {
  id: string
  email: string
  firstName: string
  lastName: string
  fullName: string
  shortName: string | null
  phone: string | null
  employeeId: string | null
  title: string | null
  language: 'sv' | 'en' | 'fi' | null
  roleId: string
  roleKey: string
  roleName: string
  teamId: string | null
  teamName: string | null
  officeId: string | null
  officeName: string | null
  regionName: string | null
  coachedTeams: Array<{ id: string; name: string }>
  /** the providers they sell for (decision 044), by name; archived ones marked */
  providers: Array<{ id: string; name: string; active: boolean }>
  /** their team's provider (the team's, decision 036), or null */
  teamProvider: { id: string; name: string; active: boolean } | null
  driversLicense: boolean
  employmentDate: string | null
  educationDate: string | null
  coachAssignedDate: string | null
  /** the spec's "Can view team": a seller also sees their team's figures (decision 042) */
  canViewTeam: boolean
  /** the user's own details (their profile), read-only here */
  own: PersonalDetails
  /** masked; absent when the reader may not edit the user */
  sensitive?: Record<SensitiveUserField, string | null>
  active: boolean
  deactivatedAt: number | null
  deactivationReason: string | null
  lastSignInAt: number | null
  createdAt: number
  updatedAt: number
  version: number
  /** what the reader may do to this user (scope and rank included) */
  /** what the reader may do to the user; impersonate: view the app as them (docs/decisions/037) */
  /** resetMfa: their two-step sign-in, only when the reader holds every permission they hold (decision 054) */
  may: { edit: boolean; deactivate: boolean; impersonate: boolean; resetMfa: boolean }
  /** their two-step sign-in (decision 038): only for those who may edit them, who may reset it */
  mfa?: { enabled: boolean }
  /** the rules the user holds through their role and directly (scope null: conditions no scope names) */
  rules: {
    role: Array<{ action: string; subject: string; scope: RoleScope | null; inverted: boolean }>
    direct: Array<{ action: string; subject: string; scope: RoleScope | null; inverted: boolean }>
  }
  activity: ActivityLine[]
}

// ── Importing new users from a CSV file (docs/decisions/034) ──

/** At most this many rows in one import, and this much text. */
export const USER_IMPORT_MAX_ROWS = 5_000
export const USER_IMPORT_MAX_CHARS = 3_000_000
/** The import's request body: the CSV in JSON (at most USER_IMPORT_MAX_CHARS characters, some escaped) and the answers. */
export const USER_IMPORT_MAX_BYTES = 20 * 1024 * 1024

/** The columns an import reads; each found by any of its headers (sv, en, fi; case, spaces and dashes ignored). */
export const USER_IMPORT_COLUMNS = {
  email: ['email', 'e-mail', 'e-post', 'epost', 'sähköposti'],
  firstName: ['firstName', 'first name', 'förnamn', 'etunimi'],
  lastName: ['lastName', 'last name', 'efternamn', 'sukunimi'],
  role: ['role', 'roll', 'rooli'],
  team: ['team', 'tiimi'],
  title: ['title', 'titel', 'titteli'],
  employeeId: ['employeeId', 'employee id', 'anställningsnummer', 'anstnr', 'henkilöstönumero'],
  phone: ['phone', 'telefon', 'mobil', 'puhelin'],
  shortName: ['shortName', 'short name', 'kortnamn', 'lyhenne'],
  language: ['language', 'språk', 'kieli'],
} as const
export type UserImportColumn = keyof typeof USER_IMPORT_COLUMNS
export const USER_IMPORT_REQUIRED: readonly UserImportColumn[] = ['email', 'firstName', 'lastName', 'role']

/** A header as the import compares it: lower case, without spaces, dashes and underscores. */
export const importHeaderKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '')

/**
 * The file's text (the screen decodes it: UTF-8, or Windows-1252 as Excel saves it). `confirm: false` is the dry
 * run, which writes nothing; `confirm: true` creates the valid rows, all with the one first password given.
 */
export const importUsersSchema = z
  .strictObject({
    csv: z.string().min(1).max(USER_IMPORT_MAX_CHARS),
    confirm: z.boolean(),
    password: z.optional(newPasswordSchema),
  })
  .refine((v) => !v.confirm || v.password !== undefined, { path: ['password'], error: 'validation.required' })
export type ImportUsersInput = z.input<typeof importUsersSchema>

/** One data row of the file (its line number, counting the header as 1) and what is wrong with it, if anything. */
export type UserImportRow = {
  line: number
  email: string
  name: string
  roleName: string | null
  teamName: string | null
  errors: string[]
}
export type UserImportAnswer = {
  confirmed: boolean
  /** data rows in the file */
  total: number
  /** rows without errors (created, when confirmed) */
  valid: number
  created: number
  /** headers the import does not read (ignored) */
  ignoredColumns: string[]
  /** every row with errors, then the first valid ones (at most 200 in all) */
  rows: UserImportRow[]
}

// ── User titles (docs/decisions/040) ──

export const TITLE_MAX = 60
const titleName = z.string().trim().min(1).max(TITLE_MAX)
export const userTitleInputSchema = z.strictObject({ name: titleName })
/** A rename on the name the editor saw: another's rename in between is a 409 with the title as it is now. */
export const userTitleUpdateSchema = z.strictObject({ name: titleName, basedOn: z.string().max(TITLE_MAX) })
export const userTitleIdSchema = z.strictObject({ id: z.string().min(1).max(64) })
/** A title of the list, with how many active and former people hold it. */
export type UserTitleItem = { id: string; name: string; userCount: number }
