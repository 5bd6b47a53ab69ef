import { normalizeOrganisationNumber, normalizePersonalNumber } from './identity'
import { customerKeyOf, daysApart } from './double-sales'

/**
 * A provider's order file, read into order registrations (issue 14, docs/decisions/026): which column holds which
 * field (a mapping, remembered per provider), each row checked and normalised, and the rows matched to sale reports
 * — by the external order number first, then by the customer's identity or organisation number and the date.
 * Table tests: orders.test.ts.
 */

/** The fields an order row may have; a row needs an order number, or a customer number and a date. */
export const ORDER_FIELDS = ['externalOrderNumber', 'customerNumber', 'customerName', 'orderDate', 'externalStatus', 'esignStatus'] as const
export type OrderField = (typeof ORDER_FIELDS)[number]
export type OrderMapping = Partial<Record<OrderField, string | null>>

/** How far apart an order's date and a sale's sell date may be for a match by customer (days). */
export const MATCH_DATE_TOLERANCE_DAYS = 3

/** Header names (lower-cased, in sv, en and fi) a provider's file commonly uses for each field. */
const SYNONYMS: Record<OrderField, string[]> = {
  externalOrderNumber: ['ordernummer', 'ordernr', 'order number', 'order no', 'order id', 'orderid', 'order', 'tilausnumero', 'tilaus'],
  customerNumber: [
    'personnummer',
    'pnr',
    'ssn',
    'organisationsnummer',
    'orgnr',
    'kundnummer',
    'customer number',
    'personal number',
    'henkilötunnus',
    'hetu',
    'y-tunnus',
  ],
  customerName: ['kund', 'kundnamn', 'namn', 'customer', 'customer name', 'name', 'asiakas', 'nimi'],
  orderDate: ['orderdatum', 'datum', 'order date', 'date', 'säljdatum', 'tilauspäivä', 'päivämäärä'],
  externalStatus: ['status', 'orderstatus', 'order status', 'tila'],
  esignStatus: ['e-signering', 'esignering', 'signerad', 'e-sign', 'esign', 'signed', 'signature', 'allekirjoitus'],
}

/** A first mapping for headers never mapped before: each field to the first header that is one of its usual names. */
export function guessMapping(headers: readonly string[]): OrderMapping {
  const mapping: OrderMapping = {}
  const taken = new Set<string>()
  for (const field of ORDER_FIELDS) {
    const header = headers.find((h) => !taken.has(h) && SYNONYMS[field].includes(h.trim().toLowerCase()))
    mapping[field] = header ?? null
    if (header) taken.add(header)
  }
  return mapping
}

/** Problems with a mapping itself: a header the file does not have, one header for two fields, nothing to match by. */
export function mappingProblems(mapping: OrderMapping, headers: readonly string[]): Partial<Record<OrderField | 'mapping', string>> {
  const out: Partial<Record<OrderField | 'mapping', string>> = {}
  const used = new Map<string, OrderField>()
  for (const field of ORDER_FIELDS) {
    const header = mapping[field]
    if (!header) continue
    if (!headers.includes(header)) out[field] = 'validation.orders.unknownColumn'
    else if (used.has(header)) out[field] = 'validation.orders.columnTwice'
    used.set(header, field)
  }
  if (!mapping.externalOrderNumber && !(mapping.customerNumber && mapping.orderDate)) out.mapping = 'validation.orders.nothingToMatch'
  return out
}

export type ParsedOrder = {
  externalOrderNumber: string | null
  customerKey: string | null
  customerName: string | null
  orderDate: string | null
  externalStatus: string | null
  /** 'signed' or 'unsigned' when the file says; null when it has no e-sign column or the cell is empty */
  esignStatus: 'signed' | 'unsigned' | null
}

const SIGNED = new Set(['signed', 'signerad', 'signerat', 'ja', 'yes', 'true', '1', 'x', 'allekirjoitettu', 'kyllä'])

/**
 * A date as the files write it: 2026-11-03, 20261103, 3.11.2026 / 03/11/2026 (day first), or a spreadsheet's day
 * serial (days since 1899-12-30). Answers YYYY-MM-DD, or null for anything else or a day that does not exist.
 */
export function parseOrderDate(value: string): string | null {
  const v = value.trim()
  let y: number, m: number, d: number
  let match: RegExpExecArray | null
  if ((match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(v))) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  else if ((match = /^(\d{4})(\d{2})(\d{2})$/.exec(v))) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  else if ((match = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(v))) [y, m, d] = [Number(match[3]), Number(match[2]), Number(match[1])]
  else if (/^\d{5}(\.\d+)?$/.test(v)) {
    const ms = Date.UTC(1899, 11, 30) + Math.floor(Number(v)) * 86_400_000
    return new Date(ms).toISOString().slice(0, 10)
  } else return null
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 2000 || y > 2100) return null
  return date.toISOString().slice(0, 10)
}

/**
 * One row of the file through the mapping: the row or its problems (field → message key). A row needs an order
 * number, or a customer number and a date; a customer number is an identity number (a private customer) or an
 * organisation number (a company).
 */
export function parseOrderRow(
  cells: Readonly<Record<string, string>>,
  mapping: OrderMapping,
): { ok: true; order: ParsedOrder } | { ok: false; errors: Partial<Record<OrderField | 'row', string>> } {
  const cell = (field: OrderField) => {
    const header = mapping[field]
    const value = header ? (cells[header] ?? '').trim() : ''
    return value === '' ? null : value
  }
  const errors: Partial<Record<OrderField | 'row', string>> = {}
  const externalOrderNumber = cell('externalOrderNumber')
  if (externalOrderNumber && externalOrderNumber.length > 60) errors.externalOrderNumber = 'validation.orders.orderNumberTooLong'
  const number = cell('customerNumber')
  let customerKey: string | null = null
  if (number) {
    const ssn = normalizePersonalNumber(number)
    const org = ssn ? null : normalizeOrganisationNumber(number)
    if (ssn) customerKey = customerKeyOf({ customerType: 'private', customerSsn: ssn, orgNumber: null })
    else if (org) customerKey = customerKeyOf({ customerType: 'company', customerSsn: null, orgNumber: org })
    else errors.customerNumber = 'validation.orders.customerNumber'
  }
  const dateText = cell('orderDate')
  const orderDate = dateText ? parseOrderDate(dateText) : null
  if (dateText && !orderDate) errors.orderDate = 'validation.orders.date'
  if (!externalOrderNumber && !(number && dateText) && Object.keys(errors).length === 0) errors.row = 'validation.orders.nothingToMatch'
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const esign = cell('esignStatus')
  return {
    ok: true,
    order: {
      externalOrderNumber,
      customerKey,
      customerName: cell('customerName')?.slice(0, 200) ?? null,
      orderDate,
      externalStatus: cell('externalStatus')?.slice(0, 100) ?? null,
      esignStatus: esign === null ? null : SIGNED.has(esign.toLowerCase()) ? 'signed' : 'unsigned',
    },
  }
}

export type MatchableSale = { id: string; externalOrderNumber: string | null; customerKey: string | null; sellDate: string }
export type OrderMatch = { saleId: string; by: 'order_number' | 'customer_date' }

/**
 * Each order's sale, or none: first every order whose number a sale of the provider has, then by customer and the
 * nearest sell date within MATCH_DATE_TOLERANCE_DAYS. A sale is matched once: to the first order naming its number,
 * else to the first order of its customer near its date; sales already matched (`taken`) are not matched again.
 */
export function matchOrders(
  orders: ReadonlyArray<Pick<ParsedOrder, 'externalOrderNumber' | 'customerKey' | 'orderDate'>>,
  sales: readonly MatchableSale[],
  taken: ReadonlySet<string> = new Set(),
): Array<OrderMatch | null> {
  const used = new Set(taken)
  const byNumber = new Map<string, MatchableSale>()
  const byCustomer = new Map<string, MatchableSale[]>()
  for (const s of sales) {
    if (s.externalOrderNumber && !byNumber.has(s.externalOrderNumber)) byNumber.set(s.externalOrderNumber, s)
    if (s.customerKey) byCustomer.set(s.customerKey, [...(byCustomer.get(s.customerKey) ?? []), s])
  }
  const result: Array<OrderMatch | null> = orders.map(() => null)
  orders.forEach((o, i) => {
    const sale = o.externalOrderNumber ? byNumber.get(o.externalOrderNumber) : undefined
    if (sale && !used.has(sale.id)) {
      used.add(sale.id)
      result[i] = { saleId: sale.id, by: 'order_number' }
    }
  })
  orders.forEach((o, i) => {
    if (result[i] || !o.customerKey || !o.orderDate) return
    const near = (byCustomer.get(o.customerKey) ?? [])
      .filter((s) => !used.has(s.id) && daysApart(s.sellDate, o.orderDate!) <= MATCH_DATE_TOLERANCE_DAYS)
      .sort((a, b) => daysApart(a.sellDate, o.orderDate!) - daysApart(b.sellDate, o.orderDate!) || a.id.localeCompare(b.id))[0]
    if (near) {
      used.add(near.id)
      result[i] = { saleId: near.id, by: 'customer_date' }
    }
  })
  return result
}
