import type { FieldPath } from 'react-hook-form'
import type { SaleInput } from '../../../../shared/schemas/sales'

/** The new-sale form's values: every field a text (as the inputs hold them), the product lines with their numbers. */
export type SaleFormValues = {
  providerId: string
  products: Array<{ productId: string; quantity: number }>
  customerType: 'private' | 'company'
  customerSsn: string
  customerName: string
  email: string
  phone: string
  companyName: string
  orgNumber: string
  postalCode: string
  city: string
  address: string
  message: string
  externalOrderNumber: string
}

/** A new sale: one empty product line of one, a private customer. */
export const EMPTY_SALE_FORM: SaleFormValues = {
  providerId: '',
  products: [{ productId: '', quantity: 1 }],
  customerType: 'private',
  customerSsn: '',
  customerName: '',
  email: '',
  phone: '',
  companyName: '',
  orgNumber: '',
  postalCode: '',
  city: '',
  address: '',
  message: '',
  externalOrderNumber: '',
}

const text = (v: string | null | undefined) => v ?? ''
const optional = (v: string) => (v.trim() === '' ? null : v)

/** A sale the server refused, back in the form to be fixed (its checklist file stays with it, not in the form). */
export function saleToForm(sale: SaleInput): SaleFormValues {
  return {
    providerId: sale.providerId,
    products: sale.products.map((l) => ({ productId: l.productId, quantity: l.quantity })),
    customerType: sale.customerType,
    customerSsn: text(sale.customerSsn),
    customerName: sale.customerName,
    email: text(sale.email),
    phone: sale.phone,
    companyName: text(sale.companyName),
    orgNumber: text(sale.orgNumber),
    postalCode: sale.postalCode,
    city: sale.city,
    address: sale.address,
    message: text(sale.message),
    externalOrderNumber: text(sale.externalOrderNumber),
  }
}

/**
 * The form as the sale the device saves: an empty optional field is null, a quantity a number, and the fields of
 * the other kind of customer are left out (a company has no identity number; a private customer no company).
 */
export function formToSale(values: SaleFormValues, at: { id: string; soldAt: number }): Omit<SaleInput, 'checklistFileId'> {
  const company = values.customerType === 'company'
  return {
    id: at.id,
    providerId: values.providerId,
    products: values.products.map((l) => ({ productId: l.productId, quantity: Number(l.quantity) })),
    customerType: values.customerType,
    customerSsn: company ? null : optional(values.customerSsn),
    customerName: values.customerName,
    email: optional(values.email),
    phone: values.phone,
    companyName: company ? optional(values.companyName) : null,
    orgNumber: company ? optional(values.orgNumber) : null,
    postalCode: values.postalCode,
    city: values.city,
    address: values.address,
    message: optional(values.message),
    externalOrderNumber: optional(values.externalOrderNumber),
    soldAt: at.soldAt,
  }
}

/** The lines the earnings estimate counts while the seller types: a product chosen and a quantity above zero. */
export function estimatedLines(lines: ReadonlyArray<{ productId: string; quantity: number | string }> | undefined) {
  return (lines ?? []).filter((l) => l.productId && Number(l.quantity) > 0).map((l) => ({ productId: l.productId, quantity: Number(l.quantity) }))
}

/** Where a refusal's message is shown: above the form (`_`), at the checklist file, or at its field. */
export function errorPlace(field: string): { at: 'form' } | { at: 'file' } | { at: 'field'; field: FieldPath<SaleFormValues> } {
  if (field === '_') return { at: 'form' }
  if (field === 'checklistFileId') return { at: 'file' }
  // The device's and the server's field names are the form's paths (`products.1.productId`).
  return { at: 'field', field: field as FieldPath<SaleFormValues> }
}
