import { foldText as fold } from '../../../../shared/format'
import type { UnmatchedSale } from '../../../../shared/schemas/orders'

/** The candidates in the order they are offered: the order's customer first, then by how near their day is. */
export function rankCandidates(sales: readonly UnmatchedSale[], order: { customerName: string | null; orderDate: string | null }, filter: string) {
  const name = order.customerName ? fold(order.customerName) : null
  const words = fold(filter).split(/\s+/).filter(Boolean)
  const distance = (d: string) => (order.orderDate ? Math.abs(Date.parse(d) - Date.parse(order.orderDate)) : -Date.parse(d))
  return sales
    .filter((s) => words.every((w) => fold(`${s.customerName} ${s.externalOrderNumber ?? ''} ${s.sellerName}`).includes(w)))
    .map((s) => ({ ...s, sameCustomer: !!name && fold(s.customerName) === name }))
    .sort((a, b) => Number(b.sameCustomer) - Number(a.sameCustomer) || distance(a.sellDate) - distance(b.sellDate))
}
