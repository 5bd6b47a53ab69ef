import { and, asc, eq, gt, inArray, lte } from 'drizzle-orm'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { SaleRecord } from '../../../shared/schemas/sales'
import type { Db, Schema } from '../../db/client'
import { fileSummary, type FileStore } from '../../platform/files'

/** Reads of the sales area's tables. */
export function salesRepo(t: Schema, fileStore: Pick<FileStore, 'describeMany'>) {
  return {
    /** The change-counter values of a seller's sales changed after `since`, oldest first. */
    async changedVersions(tx: Db, sellerId: string, since: number, limit: number) {
      const rows = await tx
        .select({ v: t.sales.version })
        .from(t.sales)
        .where(and(eq(t.sales.sellerId, sellerId), gt(t.sales.version, since)))
        .orderBy(asc(t.sales.version))
        .limit(limit)
      return rows.map((r) => r.v)
    },

    /** A seller's sales changed in (since, upTo], whole: lines, status history and checklist file. */
    async changedRecords(tx: Db, sellerId: string, since: number, upTo: number): Promise<SaleRecord[]> {
      const sales = await tx
        .select()
        .from(t.sales)
        .where(and(eq(t.sales.sellerId, sellerId), gt(t.sales.version, since), lte(t.sales.version, upTo)))
        .orderBy(asc(t.sales.version))
      if (sales.length === 0) return []
      const ids = sales.map((s) => s.id)
      const [lines, history, files] = await Promise.all([
        tx.select().from(t.saleLines).where(inArray(t.saleLines.saleId, ids)).orderBy(asc(t.saleLines.position)),
        tx.select().from(t.saleStatusHistory).where(inArray(t.saleStatusHistory.saleId, ids)).orderBy(asc(t.saleStatusHistory.at)),
        fileStore.describeMany(
          tx,
          sales.map((s) => s.checklistFileId).filter((id): id is string => !!id),
        ),
      ])
      const checklistOf = (id: string | null) => {
        const file = id ? files.find((f) => f.id === id) : undefined
        return file ? fileSummary(file) : null
      }
      return sales.map((s) => ({
        id: s.id,
        sellerId: s.sellerId,
        providerId: s.providerId,
        products: lines.filter((l) => l.saleId === s.id).map((l) => ({ productId: l.productId, quantity: l.quantity })),
        customerType: s.customerType,
        customerSsn: s.customerSsn,
        customerName: s.customerName,
        email: s.email,
        phone: s.phone,
        companyName: s.companyName,
        orgNumber: s.orgNumber,
        postalCode: s.postalCode,
        city: s.city,
        address: s.address,
        message: s.message,
        externalOrderNumber: s.externalOrderNumber,
        checklistFileId: s.checklistFileId,
        soldAt: s.soldAt,
        sellDate: s.sellDate,
        status: s.status,
        deviationType: s.deviationType,
        deviationReason: s.deviationReason,
        qualityGrade: s.qualityGrade,
        orderValueOre: s.orderValueOre,
        sellerCommissionOre: s.sellerCommissionOre,
        companyCommissionOre: s.companyCommissionOre,
        companyCostOre: s.companyCostOre,
        statusHistory: history.filter((h) => h.saleId === s.id).map((h) => ({ status: h.status as SaleStatus, at: h.at, note: h.note })),
        checklistFile: checklistOf(s.checklistFileId),
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
      }))
    },
  }
}
