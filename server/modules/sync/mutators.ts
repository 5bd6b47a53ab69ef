import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { AppAbility } from '../../../shared/permissions/ability'
import { checkoutBlocking, openSickOccasion } from '../../../shared/rules/checkout'
import { businessDay } from '../../../shared/rules/work'
import { fieldError, fieldErrorsOf, zodErrorMap, type FieldErrors, type Translate } from '../../../shared/schemas/errors'
import { inputProblem } from '../../../shared/schemas/input-safety'
import { saleAmounts, saleCatalogViolations, saleInputSchema, type CatalogProduct } from '../../../shared/schemas/sales'
import { MUTATION_NAMES, type MutationName } from '../../../shared/schemas/sync'
import { checkoutInputSchema, sickNoticeInputSchema, timeReportInputSchema } from '../../../shared/schemas/time-reports'
import type { Db, Schema } from '../../db/client'

/**
 * What each mutation name does on the server. A mutator either writes its effects (in the caller's
 * transaction) or throws a `Rejection`: a permanent refusal that is recorded for the device and never
 * retried. Any other error is transient: the caller rolls back and the device tries again later.
 */

export const REJECTION_CODES = [
  'validation_failed',
  'forbidden',
  'unknown_mutation',
  'checked_out',
  'already_checked_out',
  'already_sick',
  'conflict',
  'file_missing',
] as const
export type RejectionCode = (typeof REJECTION_CODES)[number]

export class Rejection extends Error {
  constructor(
    readonly code: RejectionCode,
    readonly fieldErrors: FieldErrors = {},
    readonly params: Record<string, unknown> = {},
  ) {
    super(code)
    this.name = 'Rejection'
  }
}

export type MutatorContext = {
  tx: Db
  t: Schema
  user: { id: string; teamId: string | null; officeId: string | null }
  ability: AppAbility
  now: number
  translate: Translate
  /** the change counter value this transaction's writes carry (taken once, on first use) */
  version: () => Promise<number>
}

type Mutator = (ctx: MutatorContext, args: unknown) => Promise<void>

/**
 * Validates a mutation's args. Whatever goes wrong here depends on the args alone and would go wrong again on
 * every retry, so it is always a recorded rejection, never a transient failure that leaves the device's queue
 * stuck behind it (an unexpected error is logged and rejected as invalid).
 */
function parse<S extends z.core.$ZodType>(schema: S, args: unknown, translate: Translate): z.output<S> {
  let parsed: z.ZodSafeParseResult<z.output<S>>
  try {
    const problem = inputProblem(args)
    if (problem) throw new Rejection('validation_failed', fieldError(problem.path, translate(`validation.${problem.kind}`)))
    parsed = z.safeParse(schema, args, { error: zodErrorMap(translate) })
    if (!parsed.success) throw new Rejection('validation_failed', fieldErrorsOf(parsed.error, translate))
  } catch (err) {
    if (err instanceof Rejection) throw err
    console.error('[sync] validating a mutation failed; rejected as invalid:', err)
    throw new Rejection('validation_failed')
  }
  return parsed.data
}

function requirePermission(ctx: MutatorContext, action: 'create', subject: 'sales' | 'time_reports' | 'sicknotices') {
  if (!ctx.ability.can(action, subject)) throw new Rejection('forbidden')
}

/** A time stamp from the device may be a little ahead of the server's clock, not a day. */
const MAX_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000

const createSale: Mutator = async (ctx, args) => {
  requirePermission(ctx, 'create', 'sales')
  const { tx, t, user } = ctx
  const sale = parse(saleInputSchema, args, ctx.translate)

  const [existing] = await tx.select({ sellerId: t.sales.sellerId }).from(t.sales).where(eq(t.sales.id, sale.id))
  if (existing) {
    // Applied before under another seq (a resend after a lost answer): the second safety net.
    if (existing.sellerId === user.id) return
    throw new Rejection('conflict')
  }
  if (sale.soldAt > ctx.now + MAX_CLOCK_SKEW_MS) {
    throw new Rejection('validation_failed', { soldAt: [ctx.translate('validation.sale.soldInFuture')] })
  }
  const sellDate = businessDay(sale.soldAt)
  const checkouts = await tx
    .select({ date: t.checkouts.date, checkedOutAt: t.checkouts.checkedOutAt })
    .from(t.checkouts)
    .where(and(eq(t.checkouts.userId, user.id), eq(t.checkouts.date, sellDate)))
  const blocking = checkoutBlocking(sale.soldAt, checkouts)
  if (blocking) throw new Rejection('checked_out', {}, { date: blocking.date })

  const [provider] = await tx
    .select({ id: t.providers.id, active: t.providers.active, requireExternalOrderNumber: t.providers.requireExternalOrderNumber })
    .from(t.providers)
    .where(eq(t.providers.id, sale.providerId))
  const productRows = await tx
    .select()
    .from(t.products)
    .where(
      inArray(
        t.products.id,
        sale.products.map((l) => l.productId),
      ),
    )
  const productsById = new Map<string, CatalogProduct & { name: string }>(productRows.map((p) => [p.id, p]))
  const violations = saleCatalogViolations(sale, provider, productsById)
  if (Object.keys(violations).length > 0) {
    throw new Rejection(
      'validation_failed',
      Object.fromEntries(Object.entries(violations).map(([field, key]) => [field, [ctx.translate(key)]])),
    )
  }
  if (sale.checklistFileId) {
    const [file] = await tx.select({ userId: t.files.userId }).from(t.files).where(eq(t.files.id, sale.checklistFileId))
    if (!file || file.userId !== user.id) throw new Rejection('file_missing', { checklistFileId: [ctx.translate('sync.rejections.file_missing')] })
  }

  const amounts = saleAmounts(sale.products, productsById)
  const version = await ctx.version()
  await tx.insert(t.sales).values({
    id: sale.id,
    sellerId: user.id,
    teamId: user.teamId,
    officeId: user.officeId,
    providerId: sale.providerId,
    customerType: sale.customerType,
    customerSsn: sale.customerSsn,
    customerName: sale.customerName,
    email: sale.email,
    phone: sale.phone,
    companyName: sale.companyName,
    orgNumber: sale.orgNumber,
    postalCode: sale.postalCode,
    city: sale.city,
    address: sale.address,
    message: sale.message,
    externalOrderNumber: sale.externalOrderNumber,
    checklistFileId: sale.checklistFileId,
    status: 'finalized',
    externalStatus: null,
    deviationType: null,
    deviationReason: null,
    soldAt: sale.soldAt,
    sellDate,
    ...amounts,
    version,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  })
  await tx.insert(t.saleLines).values(
    sale.products.map((line, position) => {
      const p = productsById.get(line.productId)!
      return {
        id: crypto.randomUUID(),
        saleId: sale.id,
        productId: p.id,
        productName: p.name,
        quantity: line.quantity,
        priceOre: p.priceOre,
        sellerCommissionOre: p.sellerCommissionOre,
        companyCommissionOre: p.companyCommissionOre,
        companyCostOre: p.companyCostOre,
        position,
      }
    }),
  )
  await tx.insert(t.saleStatusHistory).values({ id: crypto.randomUUID(), saleId: sale.id, status: 'finalized', note: null, byUserId: user.id, at: ctx.now })
  // The file is the sale's now: it no longer counts against the seller's quota of waiting files.
  if (sale.checklistFileId) await tx.update(t.files).set({ attachedAt: ctx.now }).where(and(eq(t.files.id, sale.checklistFileId), isNull(t.files.attachedAt)))
}

const saveTimeReport: Mutator = async (ctx, args) => {
  requirePermission(ctx, 'create', 'time_reports')
  const { tx, t, user } = ctx
  const report = parse(timeReportInputSchema, args, ctx.translate)
  const [byId] = await tx.select({ userId: t.timeReports.userId, date: t.timeReports.date }).from(t.timeReports).where(eq(t.timeReports.id, report.id))
  if (byId && (byId.userId !== user.id || byId.date !== report.date)) throw new Rejection('conflict')
  const version = await ctx.version()
  const values = {
    present: report.present,
    workHours: report.workHours,
    absenceHours: report.absenceHours,
    absenceType: report.absenceType,
    allowanceType: report.allowanceType,
    travelLocation: report.travelLocation,
    comment: report.comment,
    version,
    updatedAt: ctx.now,
  }
  // One report per seller and day: saving again (from this device or another) replaces that day's report.
  const [sameDay] = await tx
    .select({ id: t.timeReports.id })
    .from(t.timeReports)
    .where(and(eq(t.timeReports.userId, user.id), eq(t.timeReports.date, report.date)))
  if (sameDay) {
    await tx.update(t.timeReports).set(values).where(eq(t.timeReports.id, sameDay.id))
  } else {
    await tx.insert(t.timeReports).values({ id: report.id, userId: user.id, teamId: user.teamId, officeId: user.officeId, date: report.date, ...values, createdAt: ctx.now })
  }
}

const checkout: Mutator = async (ctx, args) => {
  requirePermission(ctx, 'create', 'sales')
  const { tx, t, user } = ctx
  const input = parse(checkoutInputSchema, args, ctx.translate)
  const [existing] = await tx
    .select({ id: t.checkouts.id })
    .from(t.checkouts)
    .where(and(eq(t.checkouts.userId, user.id), eq(t.checkouts.date, input.date)))
  if (existing) {
    if (existing.id === input.id) return
    throw new Rejection('already_checked_out', {}, { date: input.date })
  }
  const [byId] = await tx.select({ id: t.checkouts.id }).from(t.checkouts).where(eq(t.checkouts.id, input.id))
  if (byId) throw new Rejection('conflict')
  const [summary] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number), value: sql<number>`coalesce(sum(${t.sales.orderValueOre}), 0)`.mapWith(Number) })
    .from(t.sales)
    .where(and(eq(t.sales.sellerId, user.id), eq(t.sales.sellDate, input.date)))
  const [report] = await tx
    .select({ workHours: t.timeReports.workHours })
    .from(t.timeReports)
    .where(and(eq(t.timeReports.userId, user.id), eq(t.timeReports.date, input.date)))
  await tx.insert(t.checkouts).values({
    id: input.id,
    userId: user.id,
    date: input.date,
    checkedOutAt: input.checkedOutAt,
    salesCount: summary?.n ?? 0,
    orderValueOre: summary?.value ?? 0,
    workHours: report?.workHours ?? 0,
    comment: input.comment,
    version: await ctx.version(),
    createdAt: ctx.now,
  })
}

const createSickNotice: Mutator = async (ctx, args) => {
  requirePermission(ctx, 'create', 'sicknotices')
  const { tx, t, user } = ctx
  const input = parse(sickNoticeInputSchema, args, ctx.translate)
  const [byId] = await tx.select({ userId: t.sickNotices.userId }).from(t.sickNotices).where(eq(t.sickNotices.id, input.id))
  if (byId) {
    if (byId.userId === user.id) return
    throw new Rejection('conflict')
  }
  const notices = await tx.select({ date: t.sickNotices.date, sentAt: t.sickNotices.sentAt }).from(t.sickNotices).where(eq(t.sickNotices.userId, user.id))
  const reports = await tx.select({ date: t.timeReports.date, present: t.timeReports.present }).from(t.timeReports).where(eq(t.timeReports.userId, user.id))
  const open = openSickOccasion(notices, reports)
  if (open) throw new Rejection('already_sick', {}, { date: open.date })
  await tx.insert(t.sickNotices).values({
    id: input.id,
    userId: user.id,
    teamId: user.teamId,
    officeId: user.officeId,
    date: input.date,
    message: input.message,
    sentAt: input.sentAt,
    version: await ctx.version(),
    createdAt: ctx.now,
  })
}

const MUTATORS: Record<MutationName, Mutator> = { createSale, saveTimeReport, checkout, createSickNotice }

export function mutatorFor(name: string): Mutator | undefined {
  return (MUTATION_NAMES as readonly string[]).includes(name) ? MUTATORS[name as MutationName] : undefined
}
