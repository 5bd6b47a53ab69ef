import { openSickOccasion } from '../../../../shared/rules/checkout'
import type { Translate } from '../../../../shared/schemas/errors'
import {
  checkoutInputSchema,
  sickNoticeInputSchema,
  timeReportInputSchema,
  type CheckoutInput,
  type SickNoticeInput,
  type TimeReportInput,
} from '../../../../shared/schemas/time-reports'
import { LocalValidationError, parseLocally } from '../../../lib/device-actions'
import { enqueue, withDb, type OfflineDb } from '../../../lib/offline-db'

/**
 * The seller's days on the device (lib/device-actions.ts): the time report, the checkout, the sick notice. Each
 * validates with the shared schema and rules, then writes the record and its mutation in one IndexedDB transaction.
 */

export async function saveTimeReportLocally(db: OfflineDb, userId: string, input: TimeReportInput, t: Translate, opts: { replacesSeq?: number } = {}) {
  const report = parseLocally(timeReportInputSchema, input, t)
  // An attested month is locked (docs/decisions/029): the server would refuse it; say so now, offline too.
  const month = report.date.slice(0, 7)
  const attested = await withDb(db, () => db.attestations.where('month').equals(month).first())
  if (attested && attested.attestedAt !== null) throw new LocalValidationError({ _: [t('sync.rejections.month_attested', { month })] })
  // One report per day: saving a day again keeps that day's record id.
  const existing = await withDb(db, () => db.timeReports.where('date').equals(report.date).first())
  const id = existing?.id ?? report.id
  const args = { ...input, id }
  const now = Date.now()
  await enqueue(
    db,
    'saveTimeReport',
    args,
    { table: 'timeReports', record: { ...report, id, userId, createdAt: existing?.createdAt ?? now, updatedAt: now, sync: 'pending' } },
    undefined,
    opts.replacesSeq,
  )
  return id
}

export async function checkoutLocally(db: OfflineDb, userId: string, input: CheckoutInput, t: Translate) {
  const checkout = parseLocally(checkoutInputSchema, input, t)
  const already = await withDb(db, () => db.checkouts.where('date').equals(checkout.date).first())
  if (already) throw new LocalValidationError({ _: [t('sync.rejections.already_checked_out', { date: checkout.date })] })
  const [sales, report] = await withDb(db, () =>
    Promise.all([db.sales.where('sellDate').equals(checkout.date).toArray(), db.timeReports.where('date').equals(checkout.date).first()]),
  )
  const counted = sales.filter((s) => s.sync !== 'rejected')
  await enqueue(db, 'checkout', input, {
    table: 'checkouts',
    record: {
      ...checkout,
      userId,
      salesCount: counted.length,
      orderValueOre: counted.reduce((sum, s) => sum + s.orderValueOre, 0),
      workHours: report?.workHours ?? 0,
      createdAt: Date.now(),
      sync: 'pending',
    },
  })
}

export async function sendSickNoticeLocally(db: OfflineDb, userId: string, input: SickNoticeInput, t: Translate) {
  const notice = parseLocally(sickNoticeInputSchema, input, t)
  const [notices, reports] = await withDb(db, () => Promise.all([db.sickNotices.toArray(), db.timeReports.toArray()]))
  const open = openSickOccasion(
    notices.filter((n) => n.sync !== 'rejected'),
    reports.filter((r) => r.sync !== 'rejected'),
  )
  if (open) throw new LocalValidationError({ _: [t('sync.rejections.already_sick', { date: open.date })] })
  await enqueue(db, 'createSickNotice', input, { table: 'sickNotices', record: { ...notice, userId, createdAt: Date.now(), sync: 'pending' } })
}
