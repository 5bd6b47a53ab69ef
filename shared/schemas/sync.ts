import { z } from 'zod'
import type { FieldErrors } from './errors'
import type { CompanyFigures, SellerCatalogProduct } from '../rules/sale'
import type { SaleRecord } from './sales'
import type { AttestationRecord, CheckoutRecord, SickNoticeRecord, TimeReportRecord } from './time-reports'
import type { ExtraIncomeRecord } from './pay'
import type { PromiseRecord, RunRecord, VisitRecord } from './field'

/**
 * The sync contract between a seller's device and the server (the Replicache push/pull protocol,
 * docs/decisions/008). Mutation args are validated per mutation, by the schema of its name, when the
 * server applies it: a bad mutation is a recorded rejection, not a failed batch.
 */

export { SYNC_SCHEMA_MIN, SYNC_SCHEMA_VERSION } from './sync-version'
export const MAX_PUSH_MUTATIONS = 200

export const MUTATION_NAMES = [
  'createSale',
  'correctSale',
  'saveTimeReport',
  'checkout',
  'createSickNotice',
  'acknowledgeGuide',
  'recordVisit',
  'recordPromise',
  'closePromise',
] as const
export type MutationName = (typeof MUTATION_NAMES)[number]

/**
 * The mutations each sync version carries, never changed once released: a new mutation is a new version (a device
 * that sends it to an older instance mid-upgrade is told to come again, not refused), and a version's names stay
 * known while it is at least SYNC_SCHEMA_MIN (decision 085).
 */
export const MUTATIONS_BY_VERSION: Readonly<Record<number, readonly MutationName[]>> = {
  2: ['createSale', 'correctSale', 'saveTimeReport', 'checkout', 'createSickNotice', 'acknowledgeGuide', 'recordVisit'],
  // Promises (decision 097): call-backs and appointments made on the device, and a promise's end.
  3: ['createSale', 'correctSale', 'saveTimeReport', 'checkout', 'createSickNotice', 'acknowledgeGuide', 'recordVisit', 'recordPromise', 'closePromise'],
}

export const mutationSchema = z.strictObject({
  seq: z.int().min(1),
  /** any string: an unknown name is a permanent rejection, so the device is never stuck */
  name: z.string().min(1).max(64),
  args: z.unknown(),
  createdAt: z.int().min(0),
})
export type Mutation = z.infer<typeof mutationSchema>

export const pushInputSchema = z.strictObject({
  clientId: z.uuid(),
  schemaVersion: z.int(),
  mutations: z.array(mutationSchema).max(MAX_PUSH_MUTATIONS),
})
export type PushInput = z.infer<typeof pushInputSchema>

export type PushResult = { lastMutationId: number; applied: number; skipped: number; rejected: number }

export { OPT_IN_TABLES, type OptInTable } from './sync-tables'

export const pullInputSchema = z.strictObject({
  clientId: z.uuid(),
  cookie: z.string().max(200).nullable(),
  /** the opt-in tables this app has (absent: an app from before any) */
  tables: z.array(z.string().max(40)).max(20).optional(),
})
export type PullInput = z.infer<typeof pullInputSchema>

export type Rejection = { seq: number; name: string; code: string; message: string; fieldErrors: FieldErrors; at: number }

export type ProviderRecord = { id: string; name: string; type: string; requireExternalOrderNumber: boolean; active: boolean }
export type ProductRecord = SellerCatalogProduct & Partial<CompanyFigures> & { name: string }
export type BudgetRecord = { id: string; month: string; amountOre: number }

export type SyncTables = {
  sales: SaleRecord
  timeReports: TimeReportRecord
  checkouts: CheckoutRecord
  sickNotices: SickNoticeRecord
  providers: ProviderRecord
  products: ProductRecord
  budgets: BudgetRecord
  /** the user's attested months: the time-report form locks them, offline too (issue 15) */
  attestations: AttestationRecord
  /** the seller's extra income, for the salary calculator (issue 15) */
  extraIncomes: ExtraIncomeRecord
  /** the field runs the seller is on (decision 073; opt-in) */
  runs: RunRecord
  /** the seller's own door visits (decision 073; opt-in) */
  visits: VisitRecord
  /** what the seller promised (decision 097; opt-in) */
  promises: PromiseRecord
  /** the do-not-contact register's fingerprints, one row (decision 099; reference data: an older app skips it) */
  contactBlocks: { id: 'register'; hashes: string[] }
}
export type SyncTable = keyof SyncTables

export type PatchOp = {
  [T in SyncTable]: { op: 'put'; table: T; key: string; value: SyncTables[T] } | { op: 'del'; table: T; key: string }
}[SyncTable]

/** About how many of the user's own rows one pull answers; `more` says another pull has the rest. */
export const PULL_PAGE_ROWS = 200

export type PullResult = {
  cookie: string
  lastMutationId: number
  patch: PatchOp[]
  rejections: Rejection[]
  /** true when rows changed later than this page's cookie are still waiting: pull again with the new cookie */
  more: boolean
}
