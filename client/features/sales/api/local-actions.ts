import { checkoutBlocking } from '../../../../shared/rules/checkout'
import { saleCatalogViolations, sellerAmounts } from '../../../../shared/rules/sale'
import { businessDay } from '../../../../shared/rules/work'
import type { Translate } from '../../../../shared/schemas/errors'
import {
  CHECKLIST_MAX_BYTES,
  CHECKLIST_TYPES,
  saleCorrectionSchema,
  saleInputSchema,
  type SaleCorrectionInput,
  type SaleInput,
} from '../../../../shared/schemas/sales'
import { CORRECTIONS, uncorrectableFields } from '../../../../shared/rules/sale-lifecycle'
import { visitProblems } from '../../../../shared/rules/field'
import { visitMutationSchema, type VisitInput } from '../../../../shared/schemas/field'
import { LocalValidationError, parseLocally } from '../../../lib/device-actions'
import { enqueue, withDb, type LocalSale, type OfflineDb, type StoredFile } from '../../../lib/offline-db'

/** Drops a change the server refused for good, and the local record it made (the sync screen's "discard"). */
export { discardRejected } from '../../../lib/offline-db'

/**
 * The seller's sales on the device (lib/device-actions.ts): a new sale, a correction, a door visit. Each validates
 * with the shared schema and rules (the same the server runs again), then writes the record and its mutation in one
 * IndexedDB transaction. They work with no network; the sync engine delivers the mutation later.
 */

/** Checks a checklist file before it is kept: type and size as the server will. */
export function checklistFileError(file: { type: string; size: number }, t: Translate): string | null {
  if (!(CHECKLIST_TYPES as readonly string[]).includes(file.type)) return t('validation.sale.fileType')
  if (file.size > CHECKLIST_MAX_BYTES) return t('validation.sale.fileTooLarge')
  if (file.size === 0) return t('validation.sale.fileEmpty')
  return null
}

/** Whether the seller has checked out for the day of `at` (before `at`): no new sale then. */
export async function checkoutBlockingAt(db: OfflineDb, at: number) {
  const checkouts = await withDb(db, () => db.checkouts.where('date').equals(businessDay(at)).toArray())
  return checkoutBlocking(at, checkouts)
}

export async function saveSaleLocally(
  db: OfflineDb,
  userId: string,
  input: Omit<SaleInput, 'checklistFileId'>,
  file: File | Blob | null,
  t: Translate,
  opts: { replacesSeq?: number; fileName?: string; keepFileId?: string | null } = {},
): Promise<LocalSale> {
  if (file) {
    const error = checklistFileError(file, t)
    if (error) throw new LocalValidationError({ checklistFileId: [error] })
  }
  // Fixing a refused sale without choosing a new photo keeps the one already on the phone.
  const kept = !file && opts.keepFileId ? await withDb(db, () => db.files.get(opts.keepFileId!)) : undefined
  const fileId = file ? crypto.randomUUID() : (kept?.id ?? null)
  const args = { ...input, checklistFileId: fileId }
  const sale = parseLocally(saleInputSchema, args, t)
  const [provider, products] = await withDb(db, () =>
    Promise.all([db.providers.get(sale.providerId), db.products.bulkGet(sale.products.map((l) => l.productId))]),
  )
  const productsById = new Map(products.filter((p) => !!p).map((p) => [p.id, p]))
  const violations = saleCatalogViolations(sale, provider, productsById)
  if (Object.keys(violations).length > 0) {
    throw new LocalValidationError(Object.fromEntries(Object.entries(violations).map(([field, key]) => [field, [t(key)]])))
  }
  const blocking = await checkoutBlockingAt(db, sale.soldAt)
  if (blocking) throw new LocalValidationError({ _: [t('sync.rejections.checked_out', { date: blocking.date })] })

  const name = opts.fileName ?? (file instanceof File ? file.name : 'checklist')
  // The position travels to the server with the sale; the device's own record does not keep it.
  const { position: _position, ...saleData } = sale
  const record: LocalSale = {
    ...saleData,
    // an estimate until the server's figures arrive
    ...sellerAmounts(sale.products, productsById),
    sellerId: userId,
    status: 'finalized',
    sellDate: businessDay(sale.soldAt),
    deviationType: null,
    deviationReason: null,
    statusHistory: [],
    checklistFile:
      file && fileId
        ? { id: fileId, name, contentType: file.type, size: file.size }
        : kept
          ? { id: kept.id, name: kept.name, contentType: kept.type, size: kept.size }
          : null,
    createdAt: Date.now(),
    updatedAt: Date.now(),
    sync: 'pending',
  }
  const stored: StoredFile | undefined = file && fileId ? { id: fileId, blob: file, name, type: file.type, size: file.size, uploaded: false } : undefined
  // The args the server receives are the ones the form gave, not the normalised ones: it parses them itself.
  await enqueue(db, 'createSale', args, { table: 'sales', record }, stored, opts.replacesSeq)
  return record
}

/**
 * The seller's correction of a sale back office marked as a deviation (docs/decisions/022): only what the
 * deviation's type lets them change, checked with the shared schema; the sale waits for approval again on the
 * phone at once, and the `correctSale` mutation takes the correction to the server when there is a network.
 */
export async function correctSaleLocally(db: OfflineDb, sale: LocalSale, input: SaleCorrectionInput, t: Translate): Promise<void> {
  const correction = parseLocally(saleCorrectionSchema, input, t)
  if (sale.status !== 'deviation' || !sale.deviationType || CORRECTIONS[sale.deviationType].length === 0) {
    throw new LocalValidationError({ _: [t('sync.rejections.not_correctable')] })
  }
  const changes = Object.fromEntries(Object.entries(correction.changes).filter(([, v]) => v !== undefined))
  const refused = uncorrectableFields(sale.deviationType, Object.keys(changes))
  if (refused.length > 0) {
    const type = t(`sales.deviationTypes.${sale.deviationType}`)
    throw new LocalValidationError(Object.fromEntries(refused.map((f) => [f, [t('validation.sale.notCorrectable', { type })]])))
  }
  if (Object.keys(changes).length === 0 && !correction.comment) throw new LocalValidationError({ comment: [t('validation.sale.correctionEmpty')] })
  // New products: the catalog's rules on the phone, and the amounts estimated again until the server's arrive.
  let amounts = {}
  if (correction.changes.products) {
    const lines = correction.changes.products
    const [provider, products] = await withDb(db, () => Promise.all([db.providers.get(sale.providerId), db.products.bulkGet(lines.map((l) => l.productId))]))
    const productsById = new Map(products.filter((p) => !!p).map((p) => [p.id, p]))
    const violations = saleCatalogViolations(
      { ...sale, products: lines, externalOrderNumber: correction.changes.externalOrderNumber ?? sale.externalOrderNumber },
      provider,
      productsById,
    )
    if (Object.keys(violations).length > 0) {
      throw new LocalValidationError(Object.fromEntries(Object.entries(violations).map(([field, key]) => [field, [t(key)]])))
    }
    amounts = sellerAmounts(lines, productsById)
  }
  const now = Date.now()
  const record: LocalSale = {
    ...sale,
    ...changes,
    ...amounts,
    status: 'finalized',
    deviationType: null,
    deviationReason: null,
    statusHistory: [...sale.statusHistory, { status: 'finalized', at: now, note: correction.comment }],
    updatedAt: now,
    sync: 'pending',
  }
  await enqueue(db, 'correctSale', input, { table: 'sales', record })
}

/** A door's outcome, recorded on the device in a tap or two (decision 073): checked as the server will, then queued. */
export async function recordVisitLocally(db: OfflineDb, input: VisitInput, t: Translate): Promise<void> {
  const visit = parseLocally(visitMutationSchema, input, t)
  const problems = visitProblems(visit, Date.now())
  if (Object.keys(problems).length > 0) throw new LocalValidationError(Object.fromEntries(Object.entries(problems).map(([f, key]) => [f, [t(key)]])))
  const { position, ...rest } = visit
  await enqueue(db, 'recordVisit', visit, { table: 'visits', record: { ...rest, lat: position?.lat ?? null, lng: position?.lng ?? null, sync: 'pending' } })
}
