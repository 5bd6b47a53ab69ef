import type { CandidateStatus, ContractKind, ContractStatus, StepName, StepStatus } from '../../../shared/schemas/candidates'
import { table } from './table'

/**
 * Recruiting and onboarding (docs/decisions/070). A candidate carries the spec's fields and the state of its four
 * steps in flags a list filters by; each step's run (a durable job) is a row of its own with its state and last
 * error; a public link is a token's hash with its purpose and expiry; a contract is a PDF made from a template,
 * signed in the app or by an outside service. Each table once for both databases (./table.ts).
 */

export const [candidates, candidatesPg] = table(
  'candidates',
  (k) => ({
    id: k.id(),
    recruiterId: k.text('recruiter_id').notNull(),
    regionId: k.text('region_id').notNull(),
    status: k.text('status').$type<CandidateStatus>().notNull(),
    firstName: k.text('first_name').notNull(),
    lastName: k.text('last_name').notNull(),
    email: k.text('email').notNull(),
    phone: k.text('phone'),
    language: k.text('language', { enum: ['sv', 'en', 'fi'] }).notNull(),
    /** the first working day (YYYY-MM-DD) */
    startDate: k.text('start_date'),
    /** the step the candidate is at (a list filters by it) */
    step: k.text('step').$type<StepName | 'onboarded'>().notNull(),
    hasAdditionalInfo: k.bool('has_additional_info').notNull().default(false),
    reminderSentAt: k.ms('reminder_sent_at'),
    workContractSentAt: k.ms('work_contract_sent_at'),
    workContractSignedAt: k.ms('work_contract_signed_at'),
    educationContractId: k.text('education_contract_id'),
    educationContractSignedAt: k.ms('education_contract_signed_at'),
    onboardedAt: k.ms('onboarded_at'),
    /** the local user the accounts step made */
    userId: k.text('user_id'),
    /** the cloud directory's ("Azure") account: its e-mail and id */
    directoryEmail: k.text('directory_email'),
    directoryId: k.text('directory_id'),
    // What the candidate tells about themselves (spec section 3). Identity and bank numbers are sensitive.
    personalNumber: k.text('personal_number'),
    bankClearing: k.text('bank_clearing'),
    bankAccount: k.text('bank_account'),
    address: k.text('address'),
    postalCode: k.text('postal_code'),
    city: k.text('city'),
    favouriteCake: k.text('favourite_cake'),
    specialDiet: k.text('special_diet'),
    tshirtSize: k.text('tshirt_size'),
    shoeSize: k.text('shoe_size'),
    driversLicense: k.bool('drivers_license'),
    iceType: k.text('ice_type'),
    iceName: k.text('ice_name'),
    icePhone: k.text('ice_phone'),
    /** the outside onboarding space (the spec's "Value Case space"), when one is configured */
    spaceId: k.text('space_id'),
    spaceUrl: k.text('space_url'),
    /** why the candidate was not hired, and when (the erasure's clock starts then) */
    closedAt: k.ms('closed_at'),
    closedReason: k.text('closed_reason'),
    erasedAt: k.ms('erased_at'),
    /** lower-cased name, e-mail and phone for the list's search */
    searchText: k.text('search_text').notNull(),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
    version: k.integer('version').notNull().default(1),
  }),
  (t, k) => [
    k.index('candidates_created').on(t.createdAt, t.id),
    k.index('candidates_recruiter').on(t.recruiterId, t.createdAt),
    k.index('candidates_region').on(t.regionId, t.createdAt),
    k.index('candidates_step').on(t.step, t.createdAt),
    k.index('candidates_start').on(t.startDate, t.id),
    k.index('candidates_name').on(t.lastName, t.firstName, t.id),
    k.index('candidates_closed').on(t.status, t.closedAt),
  ],
)

export const [candidateNotes, candidateNotesPg] = table(
  'candidate_notes',
  (k) => ({
    id: k.id(),
    candidateId: k.ref('candidate_id', () => candidates, 'cascade').notNull(),
    authorId: k.text('author_id'),
    text: k.text('text').notNull(),
    createdAt: k.createdAt(),
  }),
  (t, k) => [k.index('candidate_notes_candidate').on(t.candidateId, t.createdAt)],
)

/** A step's run: its state, the job doing it, the last error, and what it produced. */
export const [candidateSteps, candidateStepsPg] = table(
  'candidate_steps',
  (k) => ({
    candidateId: k.ref('candidate_id', () => candidates, 'cascade').notNull(),
    step: k.text('step').$type<StepName>().notNull(),
    status: k.text('status').$type<StepStatus>().notNull(),
    jobId: k.text('job_id'),
    /** how many times it was started (a retry starts it again) */
    runs: k.integer('runs').notNull().default(0),
    error: k.text('error'),
    /** what the step says of its result ("no directory configured", the account's name, …) */
    detail: k.json('detail').$type<Record<string, string | number | boolean | null>>(),
    startedBy: k.text('started_by'),
    startedAt: k.ms('started_at'),
    finishedAt: k.ms('finished_at'),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.candidateId, t.step] })],
)

/** A link a candidate opens without an account: only its token's hash is kept. */
export const [candidateLinks, candidateLinksPg] = table(
  'candidate_links',
  (k) => ({
    tokenHash: k.text('token_hash').primaryKey(),
    candidateId: k.ref('candidate_id', () => candidates, 'cascade').notNull(),
    purpose: k.text('purpose', { enum: ['details', 'sign'] }).notNull(),
    contractId: k.text('contract_id'),
    createdAt: k.createdAt(),
    expiresAt: k.ms('expires_at').notNull(),
    usedAt: k.ms('used_at'),
  }),
  (t, k) => [k.index('candidate_links_candidate').on(t.candidateId, t.purpose)],
)

/** A contract's template: per kind and language, a title and a text with the candidate's fields as {{placeholders}}. */
export const [contractTemplates, contractTemplatesPg] = table(
  'contract_templates',
  (k) => ({
    id: k.id(),
    kind: k.text('kind').$type<ContractKind>().notNull(),
    language: k.text('language', { enum: ['sv', 'en', 'fi'] }).notNull(),
    title: k.text('title').notNull(),
    body: k.text('body').notNull(),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
    updatedBy: k.text('updated_by'),
    version: k.integer('version').notNull().default(1),
  }),
  (t, k) => [k.uniqueIndex('contract_templates_kind_language').on(t.kind, t.language)],
)

/** A contract sent to a candidate: the PDF made, where it is signed, and the signed PDF with its audit trail. */
export const [candidateContracts, candidateContractsPg] = table(
  'candidate_contracts',
  (k) => ({
    id: k.id(),
    candidateId: k.ref('candidate_id', () => candidates, 'cascade').notNull(),
    kind: k.text('kind').$type<ContractKind>().notNull(),
    status: k.text('status').$type<ContractStatus>().notNull(),
    /** the file module's id of the PDF sent, and its SHA-256 (hex) */
    fileId: k.text('file_id').notNull(),
    sha256: k.text('sha256').notNull(),
    templateVersion: k.integer('template_version').notNull(),
    /** 'builtin' or the outside service's name, and its id for the document */
    signer: k.text('signer').notNull(),
    externalId: k.text('external_id'),
    signedFileId: k.text('signed_file_id'),
    signedSha256: k.text('signed_sha256'),
    /** who signed, when, from where: the audit trail the signed PDF's last page prints */
    audit: k.json('audit').$type<Record<string, string | number | null>>(),
    sentAt: k.ms('sent_at').notNull(),
    signedAt: k.ms('signed_at'),
    remindedAt: k.ms('reminded_at'),
    createdAt: k.createdAt(),
  }),
  (t, k) => [k.index('candidate_contracts_candidate').on(t.candidateId, t.kind), k.index('candidate_contracts_external').on(t.externalId)],
)

/** The organisation's onboarding settings: one row. */
export const [candidateSettings, candidateSettingsPg] = table('candidate_settings', (k) => ({
  id: k.text('id').primaryKey(),
  /** days after a candidate was closed as not hired before the erasure */
  retentionDays: k.integer('retention_days').notNull(),
  /** days an unsigned contract waits before the candidate is reminded */
  reminderDays: k.integer('reminder_days').notNull(),
  /** days a link to the candidate's own pages stays open */
  linkDays: k.integer('link_days').notNull(),
  updatedAt: k.updatedAt(),
  version: k.integer('version').notNull().default(1),
}))
