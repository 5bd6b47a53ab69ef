import { inArray } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { SaleStatus } from '../../../shared/rules/sale'
import { maskPersonalNumber } from '../../../shared/rules/identity'
import { type DeviationListItem } from '../../../shared/schemas/deviations'
import type { Database, Db, Schema } from '../../db/client'
import { preparedReads } from '../../db/prepared'

export type SaleRow = Schema['sales']['$inferSelect']

/** Each sort's columns, ending with the id; each has an index in this order after its filter. */
export const SORT = {
  openedAt: (t: Schema) => [t.saleDeviations.openedAt, t.saleDeviations.id],
  type: (t: Schema) => [t.saleDeviations.type, t.saleDeviations.openedAt, t.saleDeviations.id],
}

export const SORT_KEY: Record<keyof typeof SORT, (r: DeviationListItem) => Array<string | number>> = {
  openedAt: (r) => [r.openedAt, r.id],
  type: (r) => [r.type, r.openedAt, r.id],
}

/** What the deviations ask of the sale's own rules. */
export type DeviationSaleRules = {
  /** whether this user may see the sale (the sale report's own rule) */
  mayView(actor: { id: string; ability: AppAbility }, sale: SaleRow): boolean
  /** the statuses this user may move the sale to now */
  allowedNext(actor: { id: string; ability: AppAbility }, sale: SaleRow): SaleStatus[]
}

/** Names of the given users, by id. */
export async function namesOf(db: Db, t: Schema, ids: Array<string | null>) {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))]
  if (wanted.length === 0) return new Map<string, string>()
  const rows = await db.select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName }).from(t.users).where(inArray(t.users.id, wanted))
  return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`]))
}

export function maskSsn(fields: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!fields || typeof fields.customerSsn !== 'string') return fields
  return { ...fields, customerSsn: maskPersonalNumber(fields.customerSsn) }
}

/** What the deviation reads share: the prepared reads, and the columns the rules on sale reports may name. */
export function deviationsContext(database: Database, sale: DeviationSaleRules) {
  const { t } = database
  const read = preparedReads(database)
  const d = t.saleDeviations
  /** The fields rule conditions on `sale_reports` may use: a deviation is seen by whoever sees its sale. */
  const conditionColumns = { sellerId: d.sellerId, teamId: d.teamId, officeId: d.officeId }

  return { database, sale, t, read, d, conditionColumns }
}
export type DeviationsContext = ReturnType<typeof deviationsContext>
