import { and, eq } from 'drizzle-orm'
import { PAY_ITEMS, payItemKind } from '../../../shared/rules/pay'
import type { ExtraIncomeItem, PaycodeRow } from '../../../shared/schemas/pay'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'

export type Actor = { id: string }

/** What pay's parts share: the tables, the pay codes' rows, an extra income line as answered, and the months already exported. */
export function payContext({ database, events }: Pick<Deps, 'database' | 'events'>) {
  const { db, t } = database
  const x = t.extraIncomes

  async function paycodeRows(tx: Db): Promise<PaycodeRow[]> {
    const rows = await tx.select().from(t.paycodes)
    const byItem = new Map(rows.map((r) => [r.item, r]))
    // Every item is listed, also one a newer version added that has no row yet (unmapped until set).
    return PAY_ITEMS.map((item) => {
      const r = byItem.get(item)
      return { item, kind: payItemKind(item), code: r?.code ?? null, name: r?.name ?? null, version: r?.version ?? 0, updatedAt: r?.updatedAt ?? 0 }
    })
  }

  function extraItem(r: typeof x.$inferSelect, names: { first: string; last: string }, exported: boolean): ExtraIncomeItem {
    return {
      id: r.id,
      userId: r.userId,
      sellerName: `${names.first} ${names.last}`,
      month: r.month,
      amountOre: r.amountOre,
      description: r.description,
      version: r.version,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      exported,
    }
  }

  async function exportedMonths(tx: Db): Promise<Set<string>> {
    const rows = await tx
      .selectDistinct({ month: t.payExports.month })
      .from(t.payExports)
      .where(and(eq(t.payExports.kind, 'payroll'), eq(t.payExports.state, 'done')))
    return new Set(rows.map((r) => r.month).filter((m): m is string => !!m))
  }

  return { database, events, db, t, x, paycodeRows, extraItem, exportedMonths }
}
export type PayContext = ReturnType<typeof payContext>
