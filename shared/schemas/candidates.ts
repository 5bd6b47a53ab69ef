import { z } from 'zod'
import { sensitiveEdit } from './sensitive-field'

import { isPhoneNumber, normalizePostalCode } from '../rules/identity'
import type { ActivityLine } from './activity'
import { emailSchema } from './auth'
import { listQuerySchema } from './pagination'
import { calendarDay, optionalCalendarDay } from './period'
import { textOrNull } from './text'
import type { PersonalDetails } from './users'
import {
  CANDIDATE_STAGES,
  CANDIDATE_STATUSES,
  normalizeCandidateIdentity,
  normalizeClearingOnly,
  normalizeSwedishBankAccount,
  STEP_NAMES,
  type CandidateStage,
  type CandidateStatus,
  type StepName,
  type StepStatus,
} from '../rules/candidates'

/**
 * Recruiting and onboarding (docs/decisions/070): the candidate, its four steps, the candidate's own pages behind a
 * link, contracts and their templates. Identity and bank numbers are masked unless the reader may read them
 * (`view candidate_private_data`), and never written to a log.
 */

export {
  CANDIDATE_STAGES,
  CANDIDATE_STATUSES,
  STEP_NAMES,
  STEP_STATUSES,
  type CandidateStage,
  type CandidateStatus,
  type StepName,
  type StepStatus,
} from '../rules/candidates'
export const CONTRACT_KINDS = ['work', 'education'] as const
export type ContractKind = (typeof CONTRACT_KINDS)[number]
export const CONTRACT_STATUSES = ['sent', 'signed', 'cancelled'] as const
export type ContractStatus = (typeof CONTRACT_STATUSES)[number]
export const CANDIDATE_LANGUAGES = ['sv', 'en', 'fi'] as const
export type CandidateLanguage = (typeof CANDIDATE_LANGUAGES)[number]
export const ICE_TYPES = ['partner', 'parent', 'sibling', 'child', 'friend', 'other'] as const
export const TSHIRT_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const

/** The fields not every reader may read in full (one rule: `view candidate_private_data`). */
export const PRIVATE_CANDIDATE_FIELDS = ['personalNumber', 'bankClearing', 'bankAccount'] as const
export type PrivateCandidateField = (typeof PRIVATE_CANDIDATE_FIELDS)[number]

const id = z.uuid()
const name = z.string().trim().min(1).max(80)
const phone = textOrNull(30).refine((v) => v === null || isPhoneNumber(v), { error: 'validation.phone' })
const startDate = optionalCalendarDay.transform((v) => v ?? null)
const postalCode = textOrNull(10).refine((v) => v === null || normalizePostalCode(v) !== null || /^\d{5}$/.test(v), {
  error: 'validation.postalCode',
})

/** The candidate's own details, as their page and the recruiter's edit take them (all optional in an edit). */
const detailFields = {
  phone,
  address: textOrNull(200),
  postalCode,
  city: textOrNull(100),
  favouriteCake: textOrNull(100),
  specialDiet: textOrNull(200),
  tshirtSize: z
    .enum(TSHIRT_SIZES)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  shoeSize: textOrNull(10).refine((v) => v === null || /^\d{2}(?:[.,]5)?$/.test(v), { error: 'validation.shoeSize' }),
  driversLicense: z
    .boolean()
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  iceType: z
    .enum(ICE_TYPES)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  iceName: textOrNull(100),
  icePhone: phone,
}

/** Clearing and account numbers checked together (the bank's own check digits); one refusal names the field at fault. */
function checkBank(v: { bankClearing?: string | null; bankAccount?: string | null }, ctx: z.RefinementCtx) {
  const { bankClearing: clearing, bankAccount: account } = v
  if (clearing && account && normalizeSwedishBankAccount(clearing, account) === null) {
    ctx.addIssue({ code: 'custom', path: ['bankAccount'], message: 'validation.bankAccountCheck' })
  }
}

export const createCandidateSchema = z.strictObject({
  firstName: name,
  lastName: name,
  email: emailSchema,
  phone,
  language: z.enum(CANDIDATE_LANGUAGES).default('sv'),
  regionId: id,
  /** whose candidate it is (absent: the one who adds it) */
  recruiterId: id.optional(),
  startDate,
})
export type CreateCandidateInput = z.input<typeof createCandidateSchema>

export const updateCandidateSchema = z
  .strictObject({
    firstName: name,
    lastName: name,
    email: emailSchema,
    language: z.enum(CANDIDATE_LANGUAGES),
    regionId: id,
    recruiterId: id,
    startDate,
    ...detailFields,
    personalNumber: sensitiveEdit(normalizeCandidateIdentity, 'validation.candidateIdentity'),
    bankClearing: sensitiveEdit(normalizeClearingOnly, 'validation.clearingNumber'),
    bankAccount: sensitiveEdit((v) => v.replace(/[\s.-]/g, '').match(/^\d{4,15}$/)?.[0] ?? null, 'validation.bankAccount'),
    version: z.number().int().min(1),
  })
  .superRefine(checkBank)
export type UpdateCandidateInput = z.input<typeof updateCandidateSchema>

/** What the candidate fills in on their own page (no account): the numbers are required there. */
export const candidateOwnDetailsSchema = z
  .strictObject({
    ...detailFields,
    phone: z.string().trim().min(1, { error: 'validation.required' }).max(30).refine(isPhoneNumber, { error: 'validation.phone' }),
    address: z.string().trim().min(1, { error: 'validation.required' }).max(200),
    postalCode: z
      .string()
      .trim()
      .min(1, { error: 'validation.required' })
      .max(10)
      .refine((v) => normalizePostalCode(v) !== null || /^\d{5}$/.test(v), { error: 'validation.postalCode' }),
    city: z.string().trim().min(1, { error: 'validation.required' }).max(100),
    personalNumber: z
      .string()
      .trim()
      .max(20)
      .transform((v, ctx) => {
        const n = normalizeCandidateIdentity(v)
        if (!n) {
          ctx.addIssue({ code: 'custom', message: 'validation.candidateIdentity' })
          return z.NEVER
        }
        return n
      }),
    bankClearing: z
      .string()
      .trim()
      .max(10)
      .transform((v, ctx) => {
        const n = normalizeClearingOnly(v)
        if (!n) {
          ctx.addIssue({ code: 'custom', message: 'validation.clearingNumber' })
          return z.NEVER
        }
        return n
      }),
    bankAccount: z.string().trim().min(1, { error: 'validation.required' }).max(20),
  })
  .superRefine(checkBank)
  .transform((v) => ({ ...v, bankAccount: normalizeSwedishBankAccount(v.bankClearing, v.bankAccount)?.account ?? v.bankAccount }))
export type CandidateOwnDetailsInput = z.input<typeof candidateOwnDetailsSchema>

export const candidateNoteSchema = z.strictObject({ text: z.string().trim().min(1).max(2000) })
export const closeCandidateSchema = z.strictObject({ reason: z.string().trim().min(1).max(500), version: z.number().int().min(1) })
export const reopenCandidateSchema = z.strictObject({ version: z.number().int().min(1) })
export const revealCandidateSchema = z.strictObject({
  fields: z.array(z.enum(PRIVATE_CANDIDATE_FIELDS)).min(1).max(PRIVATE_CANDIDATE_FIELDS.length),
})

export const candidateIdParamSchema = z.strictObject({ id })
export const candidateStepParamSchema = z.strictObject({ id, step: z.enum(STEP_NAMES) })
/** What starting a step takes: the accounts step its team and how the new seller gets in. */
export const startStepSchema = z.strictObject({
  teamId: id.optional(),
  access: z.enum(['invitation', 'password']).optional(),
})
export type StartStepInput = z.input<typeof startStepSchema>

export const candidateTokenSchema = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) })

export const CANDIDATE_SORT_KEYS = ['created', 'name', 'startDate'] as const
export const candidateListQuerySchema = listQuerySchema(CANDIDATE_SORT_KEYS).extend({
  recruiterId: id.optional(),
  regionId: id.optional(),
  stage: z.enum(CANDIDATE_STAGES).optional(),
  status: z.enum(CANDIDATE_STATUSES).optional(),
  startFrom: calendarDay.optional(),
  startTo: calendarDay.optional(),
})
export type CandidateListQuery = z.output<typeof candidateListQuerySchema>

export const candidateSettingsSchema = z.strictObject({
  retentionDays: z.number().int().min(30).max(3650),
  reminderDays: z.number().int().min(1).max(60),
  linkDays: z.number().int().min(1).max(60),
  version: z.number().int().min(1),
})
export type CandidateSettings = Omit<z.output<typeof candidateSettingsSchema>, 'version'> & { version: number }

export type CandidateListItem = {
  id: string
  firstName: string
  lastName: string
  email: string
  phone: string | null
  recruiter: { id: string; name: string | null }
  region: { id: string; name: string | null }
  status: CandidateStatus
  stage: CandidateStage
  startDate: string | null
  hasAdditionalInfo: boolean
  workContractSigned: boolean
  educationContractSigned: boolean
  createdAt: number
}

export type CandidateStep = {
  step: StepName
  status: StepStatus
  runs: number
  error: string | null
  detail: Record<string, string | number | boolean | null> | null
  startedAt: number | null
  finishedAt: number | null
  /** why it cannot be started now (a translation key), or null */
  blockedBy: string | null
}

export type CandidateContract = {
  id: string
  kind: ContractKind
  status: ContractStatus
  signer: string
  sentAt: number
  signedAt: number | null
  remindedAt: number | null
  fileId: string
  signedFileId: string | null
  sha256: string
}

export type CandidateNote = { id: string; text: string; authorName: string | null; createdAt: number }

export type CandidateDetail = CandidateListItem & {
  language: CandidateLanguage
  userId: string | null
  directoryEmail: string | null
  reminderSentAt: number | null
  workContractSentAt: number | null
  workContractSignedAt: number | null
  educationContractId: string | null
  educationContractSignedAt: number | null
  onboardedAt: number | null
  closedAt: number | null
  closedReason: string | null
  address: string | null
  postalCode: string | null
  city: string | null
  favouriteCake: string | null
  specialDiet: string | null
  tshirtSize: string | null
  shoeSize: string | null
  driversLicense: boolean | null
  iceType: string | null
  iceName: string | null
  icePhone: string | null
  spaceId: string | null
  spaceUrl: string | null
  /** masked unless the reader may read them in full */
  private: Record<PrivateCandidateField, string | null>
  steps: CandidateStep[]
  contracts: CandidateContract[]
  notes: CandidateNote[]
  activity: ActivityLine[]
  version: number
  updatedAt: number
  may: { update: boolean; close: boolean; erase: boolean; export: boolean; readPrivate: boolean; createAccounts: boolean }
}

/** What the candidate's own page shows: their name and what they already told, never anyone else's. */
export type CandidateOwnPage = {
  firstName: string
  language: CandidateLanguage
  /** who to ask (their recruiter's name) */
  recruiterName: string | null
  expiresAt: number
}

/** A new seller's account as recruiting's last step asks the users area for it (the two areas' contract). */
export type SellerAccountInput = {
  email: string
  firstName: string
  lastName: string
  phone: string | null
  language: 'sv' | 'en' | 'fi'
  teamId: string
  passwordHash: string
  /** what the candidate told about themselves, carried over to their profile */
  details: PersonalDetails & {
    personalNumber: string | null
    bankClearing: string | null
    bankAccount: string | null
    driversLicense: boolean
    employmentDate: string | null
  }
}

export const contractTemplateSchema = z.strictObject({
  kind: z.enum(CONTRACT_KINDS),
  language: z.enum(CANDIDATE_LANGUAGES),
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(50_000),
  /** the version the editor read, null for a new template */
  version: z.number().int().min(1).nullable(),
})
export type ContractTemplateInput = z.input<typeof contractTemplateSchema>
export type ContractTemplate = { id: string; kind: ContractKind; language: CandidateLanguage; title: string; body: string; updatedAt: number; version: number }

/** The candidate's signature: their name typed, the drawn signature as a PNG data URL, their agreement. */
export const signContractSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  signature: z
    .string()
    .max(420_000)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, { error: 'validation.signatureImage' }),
  agree: z.literal(true, { error: 'validation.mustAgree' }),
})
export type SignContractInput = z.input<typeof signContractSchema>

/** What the signing page shows. */
export type SigningPage = { firstName: string; fullName: string; language: CandidateLanguage; kind: ContractKind; expiresAt: number; sha256: string }
