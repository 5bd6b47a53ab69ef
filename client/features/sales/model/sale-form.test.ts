import { describe, expect, it } from 'vitest'
import { saleInputSchema, type SaleInput } from '../../../../shared/schemas/sales'
import { EMPTY_SALE_FORM, errorPlace, estimatedLines, formToSale, saleToForm, type SaleFormValues } from './sale-form'

const id = '0b7f3c1e-8a41-4e0c-9d7e-2f6c1a5b9e30'
const soldAt = Date.UTC(2031, 4, 2, 10)

const privateCustomer: SaleFormValues = {
  ...EMPTY_SALE_FORM,
  providerId: 'p1',
  products: [
    { productId: 'a', quantity: 2 },
    { productId: 'b', quantity: 1 },
  ],
  customerSsn: '19811218-9876',
  customerName: 'Anna Andersson',
  email: '  ',
  phone: '070-123 45 67',
  companyName: 'Left over from a company',
  orgNumber: '556677-8899',
  postalCode: '211 22',
  city: 'Malmö',
  address: 'Storgatan 1',
}

describe('the new-sale form', () => {
  it('saves a private customer without the company fields, empty optional fields as null', () => {
    expect(formToSale(privateCustomer, { id, soldAt })).toEqual({
      id,
      providerId: 'p1',
      products: [
        { productId: 'a', quantity: 2 },
        { productId: 'b', quantity: 1 },
      ],
      customerType: 'private',
      customerSsn: '19811218-9876',
      customerName: 'Anna Andersson',
      email: null,
      phone: '070-123 45 67',
      companyName: null,
      orgNumber: null,
      postalCode: '211 22',
      city: 'Malmö',
      address: 'Storgatan 1',
      message: null,
      externalOrderNumber: null,
      soldAt,
    })
  })

  it('saves a company without an identity number', () => {
    const sale = formToSale({ ...privateCustomer, customerType: 'company', companyName: 'Bygg AB' }, { id, soldAt })
    expect(sale).toMatchObject({ customerType: 'company', customerSsn: null, companyName: 'Bygg AB', orgNumber: '556677-8899' })
  })

  it('saves what the shared schema accepts, and a refused sale comes back to the form as it was typed', () => {
    const sale = formToSale(privateCustomer, { id, soldAt })
    expect(saleInputSchema.safeParse({ ...sale, checklistFileId: null }).success).toBe(true)
    const back = saleToForm({ ...sale, checklistFileId: null } as SaleInput)
    expect(back).toEqual({ ...privateCustomer, email: '', companyName: '', orgNumber: '' })
    expect(formToSale(back, { id, soldAt })).toEqual(sale)
  })

  it('a quantity typed as text is a number', () => {
    const sale = formToSale({ ...privateCustomer, products: [{ productId: 'a', quantity: '3' as unknown as number }] }, { id, soldAt })
    expect(sale.products).toEqual([{ productId: 'a', quantity: 3 }])
  })

  it.each([
    ['no lines', undefined, []],
    ['a line without a product', [{ productId: '', quantity: 2 }], []],
    [
      'a quantity of zero or not a number',
      [
        { productId: 'a', quantity: 0 },
        { productId: 'b', quantity: Number.NaN },
      ],
      [],
    ],
    ['a line being typed', [{ productId: 'a', quantity: '4' }], [{ productId: 'a', quantity: 4 }]],
  ] as const)('the estimate counts only finished lines: %s', (_, lines, counted) => {
    expect(estimatedLines(lines)).toEqual(counted)
  })

  it.each([
    ['_', { at: 'form' }],
    ['checklistFileId', { at: 'file' }],
    ['customerSsn', { at: 'field', field: 'customerSsn' }],
    ['products.1.productId', { at: 'field', field: 'products.1.productId' }],
  ] as const)('a refusal of %s is shown %o', (field, place) => {
    expect(errorPlace(field)).toEqual(place)
  })
})
