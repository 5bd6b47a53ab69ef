import { asc, eq, sql } from 'drizzle-orm'
import { CORRECTIONS, transitionProblem, uncorrectableFields } from '../../../shared/rules/sale-lifecycle'
import { checkoutBlocking } from '../../../shared/rules/checkout'
import { saleAmounts, saleCatalogViolations, type CatalogProduct } from '../../../shared/rules/sale'
import { businessDay } from '../../../shared/rules/work'
import type { SaleCorrection, SaleData } from '../../../shared/schemas/sales'
import { MAX_CLOCK_SKEW_MS, Rejection, type MutatorContext } from '../../lib/sync-contract'
import { logActivity } from '../../platform/activity-log'
import { insertRows, placeholderRows, placeholdersOf } from '../../db/prepared'
import type { SaleCustomer } from '../../platform/event-types'
import { customerKeyOf } from '../../../shared/rules/double-sales'
import type { Db } from '../../db/client'
import { customerContact, type SaleRow, type SalesContext } from './sales.context'
import type { SalesLifecycle } from './sales.lifecycle'
import type { SalePositions } from './sales.positions'

/** A sale registered on a seller's device (the sync's `createSale` mutation). */
export function saleFromDevice(area: SalesContext, positions: Pick<SalePositions['settings'], 'positionsOn'>) {
  const { t, database, events, files, ports, summary, write, logSale, doubles } = area
  const insertHistory = (tx: Db, rows: Array<Record<string, unknown>>) => insertRows(write, tx, 'sales.history', t.saleStatusHistory, rows)
  return {
    /**
     * A sale registered on a seller's device. Refusals are `Rejection`s (recorded for the device, never retried).
     * The same sale arriving again (a resend after a lost answer) changes nothing.
     */
    async createFromDevice(ctx: MutatorContext, sale: SaleData): Promise<void> {
      try {
        await createNew(ctx, sale)
      } catch (err) {
        if (!(err instanceof Rejection) && !(err instanceof AlreadyStored)) throw err
        // Refused, or its id taken: a sale the device sent before (a resend after a lost answer, under a new number)
        // is answered as applied and changes nothing; another seller's id is a conflict. Asked only then, not before
        // every new sale (issue 72: a statement a sale).
        const [existing] = await write.rows(
          ctx.tx,
          'sales.sellerOf',
          (db) =>
            db
              .select({ sellerId: t.sales.sellerId })
              .from(t.sales)
              .where(eq(t.sales.id, sql.placeholder('id'))),
          { id: sale.id },
        )
        if (existing?.sellerId === ctx.actor.id) return
        if (existing) throw new Rejection('conflict')
        throw err
      }
    },
  }

  async function createNew(ctx: MutatorContext, sale: SaleData): Promise<void> {
    const { tx, actor } = ctx
    if (sale.soldAt > ctx.now + MAX_CLOCK_SKEW_MS) {
      throw new Rejection('validation_failed', { soldAt: [ctx.translate('validation.sale.soldInFuture')] })
    }
    const sellDate = businessDay(sale.soldAt)
    const blocking = checkoutBlocking(sale.soldAt, await ports.checkoutsOfDay(tx, actor.id, sellDate))
    if (blocking) throw new Rejection('checked_out', {}, { date: blocking.date })

    const { provider, productsById } = await ports.catalogForSale(
      tx,
      sale.providerId,
      sale.products.map((l) => l.productId),
    )
    const violations = saleCatalogViolations(sale, provider, productsById)
    if (Object.keys(violations).length > 0) {
      throw new Rejection('validation_failed', Object.fromEntries(Object.entries(violations).map(([field, key]) => [field, [ctx.translate(key)]])))
    }
    if (sale.checklistFileId) {
      const file = await files.describe(tx, sale.checklistFileId)
      if (!file || file.kind !== 'checklist' || file.userId !== actor.id)
        throw new Rejection('file_missing', { checklistFileId: [ctx.translate('sync.rejections.file_missing')] })
    }

    const amounts = saleAmounts(sale.products, productsById)
    // A position is kept only while the organisation has them recorded (docs/decisions/074).
    const position = sale.position && (await positions.positionsOn(tx)) ? sale.position : null
    const version = await ctx.version()
    // The statements every pushed sale runs are prepared once (server/db/prepared.ts).
    const row = newSaleRow(sale, actor, { sellDate, position, amounts, version, now: ctx.now })
    const [stored] = await write.rows(
      tx,
      'sales.create',
      (db) => db.insert(t.sales).values(placeholdersOf(row)).onConflictDoNothing({ target: t.sales.id }).returning(),
      row,
    )
    if (!stored) throw new AlreadyStored()
    const lines = lineRows(sale.id, sale.products, productsById)
    // The lines in one statement (prepared per number of lines).
    const lineValues = placeholderRows(lines)
    await write(tx, `sales.createLines.${lines.length}`, (db) => db.insert(t.saleLines).values(lineValues.placeholders as never), lineValues.values)
    await summary.change(tx, null, { sale: stored, lines })
    await doubles.finder.find(
      tx,
      stored,
      sale.products.map((l) => l.productId),
      ctx.now,
    )
    const history = { id: crypto.randomUUID(), saleId: sale.id, status: 'finalized' as const, note: null, byUserId: actor.id, at: ctx.now }
    // With the push's other sales' history lines, in one statement as it commits.
    await database.appendAtCommit('sales.history', history, insertHistory, tx)
    // The file is the sale's now: it no longer counts against the seller's quota of waiting files.
    if (sale.checklistFileId) await files.attach(tx, [sale.checklistFileId], ctx.now)
    await logSale(tx, {
      at: ctx.now,
      actorId: actor.id,
      entity: 'sale_report',
      entityId: sale.id,
      action: 'created',
      after: { status: 'finalized', providerId: sale.providerId, soldAt: sale.soldAt, orderValueOre: amounts.orderValueOre, lines: sale.products.length },
    })
    await events.record(
      tx,
      'sale.created',
      {
        saleId: sale.id,
        sellerId: actor.id,
        teamId: actor.teamId,
        officeId: actor.officeId,
        providerId: sale.providerId,
        status: 'finalized',
        soldAt: sale.soldAt,
        sellDate,
        orderValueOre: amounts.orderValueOre,
        sellerCommissionOre: amounts.sellerCommissionOre,
        lines: sale.products.map((l) => ({ productId: l.productId, quantity: l.quantity })),
        customer: saleCustomer(stored),
        phone: stored.phone,
      },
      { actorId: actor.id, at: ctx.now },
    )
  }
}

/** A new sale's row, as the device sent it and the server priced and dated it. */
function newSaleRow(
  sale: SaleData,
  actor: MutatorContext['actor'],
  at: { sellDate: string; position: SaleData['position'] | null; amounts: ReturnType<typeof saleAmounts>; version: number; now: number },
) {
  return {
    id: sale.id,
    sellerId: actor.id,
    teamId: actor.teamId,
    officeId: actor.officeId,
    providerId: sale.providerId,
    customerType: sale.customerType,
    customerSsn: sale.customerSsn,
    customerName: sale.customerName,
    email: sale.email,
    phone: sale.phone,
    companyName: sale.companyName,
    orgNumber: sale.orgNumber,
    customerKey: customerKeyOf(sale),
    postalCode: sale.postalCode,
    city: sale.city,
    address: sale.address,
    message: sale.message,
    externalOrderNumber: sale.externalOrderNumber,
    checklistFileId: sale.checklistFileId,
    status: 'finalized' as const,
    externalStatus: null,
    deviationType: null,
    deviationReason: null,
    soldAt: sale.soldAt,
    sellDate: at.sellDate,
    lat: at.position?.lat ?? null,
    lng: at.position?.lng ?? null,
    accuracy: at.position?.accuracy ?? null,
    ...at.amounts,
    version: at.version,
    createdAt: at.now,
    updatedAt: at.now,
  }
}

/** The sale's id is stored already (the insert met its own key): the caller asks whose it is. */
class AlreadyStored extends Error {}

/** A seller's correction of a sale back office marked as a deviation (the sync's `correctSale` mutation). */
export function saleCorrectionFromDevice(area: SalesContext, { moversOf, recordMove }: Pick<SalesLifecycle, 'moversOf' | 'recordMove'>) {
  const { t, events, ports, summary, doubles, deviations } = area
  return {
    /**
     * A seller's correction of their sale that back office marked as a deviation, from the device (the
     * `correctSale` mutation): the fields the deviation's type lets them change (shared/rules/sale-lifecycle.ts),
     * checked as a new sale's are (the catalog's rules, amounts priced again when the products change), and the
     * sale goes back to waiting for approval with the seller's comment in its history. Refusals are Rejections
     * the device shows; nothing is written then.
     */
    async correctFromDevice(ctx: MutatorContext, input: SaleCorrection): Promise<void> {
      const { tx, actor } = ctx
      const [sale] = await tx.select().from(t.sales).where(eq(t.sales.id, input.id))
      if (!sale || sale.sellerId !== actor.id) throw new Rejection('conflict')
      if (sale.status !== 'deviation' || !sale.deviationType) throw new Rejection('not_correctable')
      if (
        transitionProblem('deviation', { to: 'finalized', reason: input.comment, deviationType: null }, moversOf(actor, sale))?.kind === 'invalid_transition'
      ) {
        throw new Rejection('forbidden')
      }
      if (CORRECTIONS[sale.deviationType].length === 0) throw new Rejection('not_correctable')
      const changes = Object.fromEntries(Object.entries(input.changes).filter(([, v]) => v !== undefined)) as Partial<SaleCorrection['changes']>
      const fields = Object.keys(changes)
      const refused = uncorrectableFields(sale.deviationType, fields)
      if (refused.length > 0) {
        const type = ctx.translate(`sales.deviationTypes.${sale.deviationType}`)
        throw new Rejection('validation_failed', Object.fromEntries(refused.map((f) => [f, [ctx.translate('validation.sale.notCorrectable', { type })]])))
      }
      if (fields.length === 0 && !input.comment) throw new Rejection('validation_failed', { comment: [ctx.translate('validation.sale.correctionEmpty')] })
      const merged = { ...sale, ...changes }
      if (merged.customerType === 'private' && !merged.customerSsn)
        throw new Rejection('validation_failed', { customerSsn: [ctx.translate('validation.sale.ssnRequired')] })

      let amounts: ReturnType<typeof saleAmounts> | null = null
      let newLines: Array<typeof t.saleLines.$inferInsert> | null = null
      if (changes.products || changes.externalOrderNumber !== undefined) {
        const lines = changes.products ?? (await tx.select().from(t.saleLines).where(eq(t.saleLines.saleId, sale.id)).orderBy(asc(t.saleLines.position)))
        const products = lines.map((l) => ({ productId: l.productId, quantity: l.quantity }))
        const { provider, productsById } = await ports.catalogForSale(
          tx,
          sale.providerId,
          products.map((l) => l.productId),
        )
        const violations = saleCatalogViolations(
          { providerId: sale.providerId, products, externalOrderNumber: merged.externalOrderNumber },
          provider,
          productsById,
        )
        if (Object.keys(violations).length > 0) {
          throw new Rejection('validation_failed', Object.fromEntries(Object.entries(violations).map(([field, key]) => [field, [ctx.translate(key)]])))
        }
        if (changes.products) {
          amounts = saleAmounts(products, productsById)
          newLines = lineRows(sale.id, products, productsById)
        }
      }

      const counted = await summary.entryOf(tx, sale)
      const version = await ctx.version()
      const { products: _products, ...fieldChanges } = changes
      await tx
        .update(t.sales)
        .set({
          ...fieldChanges,
          ...(amounts ?? {}),
          customerKey: customerKeyOf(merged),
          status: 'finalized',
          deviationType: null,
          deviationReason: null,
          version,
          updatedAt: ctx.now,
        })
        .where(eq(t.sales.id, sale.id))
      if (newLines) {
        await tx.delete(t.saleLines).where(eq(t.saleLines.saleId, sale.id))
        await tx.insert(t.saleLines).values(newLines)
      }
      // A new customer or new products may make it a double of another sale.
      if (changes.products || changes.customerSsn !== undefined || changes.orgNumber !== undefined) {
        const [stored] = await tx.select().from(t.sales).where(eq(t.sales.id, sale.id))
        const productIds = (await tx.select({ id: t.saleLines.productId }).from(t.saleLines).where(eq(t.saleLines.saleId, sale.id))).map((l) => l.id)
        await doubles.finder.find(tx, stored!, productIds, ctx.now)
      }
      const before = Object.fromEntries(fields.map((f) => [f, f === 'products' ? null : (sale as Record<string, unknown>)[f]]))
      await logActivity(tx, t, {
        at: ctx.now,
        actorId: actor.id,
        entity: 'sale_report',
        entityId: sale.id,
        action: 'corrected',
        before: {
          status: 'deviation',
          version: sale.version,
          deviationType: sale.deviationType,
          ...before,
          ...(amounts ? { orderValueOre: sale.orderValueOre } : {}),
        },
        after: {
          status: 'finalized',
          version,
          ...fieldChanges,
          ...(changes.products ? { products: changes.products } : {}),
          ...(amounts ? { orderValueOre: amounts.orderValueOre } : {}),
        },
        reason: input.comment,
      })
      await recordMove(tx, sale, { to: 'finalized', deviationType: null, reason: input.comment }, actor.id, ctx.now)
      const [corrected] = await tx.select().from(t.sales).where(eq(t.sales.id, sale.id))
      await summary.change(tx, counted, newLines ? { sale: corrected!, lines: newLines } : { ...counted, sale: corrected! })
      await deviations.corrected(tx, corrected!, input.comment, ctx.now)
      if (fields.some((f) => CUSTOMER_FIELDS.has(f))) {
        await events.record(
          tx,
          'sale.customerCorrected',
          { saleId: sale.id, soldAt: sale.soldAt, customer: saleCustomer(corrected!) },
          { actorId: actor.id, at: ctx.now },
        )
      }
    },
  }
}

/** A sale's lines as stored: each product with the settings it was priced with, in the order given. */
function lineRows(
  saleId: string,
  lines: ReadonlyArray<{ productId: string; quantity: number }>,
  productsById: ReadonlyMap<string, CatalogProduct & { name: string }>,
) {
  return lines.map((line, position) => {
    const p = productsById.get(line.productId)!
    return {
      id: crypto.randomUUID(),
      saleId,
      productId: p.id,
      productName: p.name,
      quantity: line.quantity,
      priceOre: p.priceOre,
      sellerCommissionOre: p.sellerCommissionOre,
      companyCommissionOre: p.companyCommissionOre,
      companyCostOre: p.companyCostOre,
      position,
    }
  })
}

/** The sale's fields that describe its customer: a correction of any of them updates the customer register. */
const CUSTOMER_FIELDS = new Set(['customerType', 'customerSsn', 'customerName', 'companyName', 'orgNumber', 'email', 'phone', 'address', 'postalCode', 'city'])

/** A sale's customer as the `sale.created` and `sale.customerCorrected` events carry it (null: no key to keep it by). */
function saleCustomer(
  s: Pick<SaleRow, 'customerType' | 'customerSsn' | 'customerName' | 'companyName' | 'orgNumber' | 'email' | 'phone' | 'address' | 'postalCode' | 'city'>,
): SaleCustomer | null {
  const key = customerKeyOf(s)
  if (!key) return null
  return {
    key,
    type: s.customerType,
    name: s.customerName,
    ssn: s.customerType === 'private' ? s.customerSsn : null,
    ...customerContact(s),
  }
}
