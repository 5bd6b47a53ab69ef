import { describe, expect, it } from 'vitest'
import { guessMapping, mappingProblems, matchOrders, parseOrderDate, parseOrderRow, type MatchableSale, type OrderMapping } from './orders'

const mapping: OrderMapping = {
  externalOrderNumber: 'Ordernr',
  customerNumber: 'Personnummer',
  customerName: 'Kund',
  orderDate: 'Datum',
  externalStatus: 'Status',
  esignStatus: 'Signerad',
}

describe('reading an order file', () => {
  it('guesses the columns from usual header names, each header once', () => {
    expect(guessMapping(['Ordernr', 'Personnummer', 'Kund', 'Datum', 'Status', 'Signerad', 'Övrigt'])).toEqual(mapping)
    expect(guessMapping(['Order number', 'SSN', 'Name', 'Order date'])).toMatchObject({
      externalOrderNumber: 'Order number',
      customerNumber: 'SSN',
      customerName: 'Name',
      orderDate: 'Order date',
      externalStatus: null,
    })
    expect(guessMapping(['A', 'B'])).toMatchObject({ externalOrderNumber: null, customerNumber: null })
  })

  it.each<[string, OrderMapping, string[], Record<string, string>]>([
    ['a complete mapping', mapping, ['Ordernr', 'Personnummer', 'Kund', 'Datum', 'Status', 'Signerad'], {}],
    ['only the customer and the date', { customerNumber: 'P', orderDate: 'D' }, ['P', 'D'], {}],
    ['a column the file lacks', { externalOrderNumber: 'Nr' }, ['Ordernr'], { externalOrderNumber: 'validation.orders.unknownColumn' }],
    ['one column for two fields', { externalOrderNumber: 'A', customerName: 'A' }, ['A'], { customerName: 'validation.orders.columnTwice' }],
    ['nothing to match by', { customerName: 'Kund' }, ['Kund'], { mapping: 'validation.orders.nothingToMatch' }],
    ['a customer without a date', { customerNumber: 'P' }, ['P'], { mapping: 'validation.orders.nothingToMatch' }],
  ])('mapping problems: %s', (_, m, headers, problems) => {
    expect(mappingProblems(m, headers)).toEqual(problems)
  })

  it.each([
    ['2026-11-03', '2026-11-03'],
    ['2026-11-03T10:15:00', '2026-11-03'],
    ['20261103', '2026-11-03'],
    ['3.11.2026', '2026-11-03'],
    ['03/11/2026', '2026-11-03'],
    ['46329', '2026-11-03'],
    ['2026-02-30', null],
    ['31.4.2026', null],
    ['igår', null],
    ['1899-12-31', null],
  ])('the date "%s" is %s', (text, day) => {
    expect(parseOrderDate(text)).toBe(day)
  })

  it.each<[string, Record<string, string>, unknown]>([
    [
      'a private customer with everything',
      { Ordernr: ' FL-1001 ', Personnummer: '811218-9876', Kund: 'Karin Kund', Datum: '2026-11-03', Status: 'Levererad', Signerad: 'Ja' },
      {
        ok: true,
        order: {
          externalOrderNumber: 'FL-1001',
          customerKey: 'p198112189876',
          customerName: 'Karin Kund',
          orderDate: '2026-11-03',
          externalStatus: 'Levererad',
          esignStatus: 'signed',
        },
      },
    ],
    [
      'a company by its organisation number, not signed',
      { Ordernr: '', Personnummer: '556036-0793', Kund: 'Bygg AB', Datum: '3.11.2026', Status: '', Signerad: 'nej' },
      { ok: true, order: { externalOrderNumber: null, customerKey: 'o556036-0793', orderDate: '2026-11-03', externalStatus: null, esignStatus: 'unsigned' } },
    ],
    ['an order number alone', { Ordernr: 'X1' }, { ok: true, order: { externalOrderNumber: 'X1', customerKey: null, orderDate: null, esignStatus: null } }],
    ['a bad identity number', { Ordernr: 'X2', Personnummer: '811218-9875' }, { ok: false, errors: { customerNumber: 'validation.orders.customerNumber' } }],
    ['a bad date', { Ordernr: 'X3', Datum: '2026-13-01' }, { ok: false, errors: { orderDate: 'validation.orders.date' } }],
    ['nothing to match by', { Kund: 'Någon', Datum: '2026-11-03' }, { ok: false, errors: { row: 'validation.orders.nothingToMatch' } }],
    ['an empty row', {}, { ok: false, errors: { row: 'validation.orders.nothingToMatch' } }],
  ])('a row: %s', (_, cells, answer) => {
    expect(parseOrderRow(cells, mapping)).toMatchObject(answer as object)
  })
})

describe('matching orders to sale reports', () => {
  const sales: MatchableSale[] = [
    { id: 's1', externalOrderNumber: 'FL-1', customerKey: 'pA', sellDate: '2026-11-02' },
    { id: 's2', externalOrderNumber: null, customerKey: 'pB', sellDate: '2026-11-02' },
    { id: 's3', externalOrderNumber: null, customerKey: 'pB', sellDate: '2026-11-05' },
    { id: 's4', externalOrderNumber: null, customerKey: 'pC', sellDate: '2026-10-01' },
  ]
  it.each<[string, Array<{ externalOrderNumber: string | null; customerKey: string | null; orderDate: string | null }>, unknown[]]>([
    ['by order number', [{ externalOrderNumber: 'FL-1', customerKey: null, orderDate: null }], [{ saleId: 's1', by: 'order_number' }]],
    ['by customer and date', [{ externalOrderNumber: 'NONE', customerKey: 'pB', orderDate: '2026-11-03' }], [{ saleId: 's2', by: 'customer_date' }]],
    ['the nearest date wins', [{ externalOrderNumber: null, customerKey: 'pB', orderDate: '2026-11-05' }], [{ saleId: 's3', by: 'customer_date' }]],
    [
      'two orders of one customer take both sales',
      [
        { externalOrderNumber: null, customerKey: 'pB', orderDate: '2026-11-02' },
        { externalOrderNumber: null, customerKey: 'pB', orderDate: '2026-11-02' },
      ],
      [
        { saleId: 's2', by: 'customer_date' },
        { saleId: 's3', by: 'customer_date' },
      ],
    ],
    ['too far from the date', [{ externalOrderNumber: null, customerKey: 'pC', orderDate: '2026-10-05' }], [null]],
    ['an unknown customer', [{ externalOrderNumber: null, customerKey: 'pZ', orderDate: '2026-11-02' }], [null]],
    [
      'the order number goes first, even when a customer order came earlier in the file',
      [
        { externalOrderNumber: null, customerKey: 'pA', orderDate: '2026-11-02' },
        { externalOrderNumber: 'FL-1', customerKey: 'pA', orderDate: '2026-11-02' },
      ],
      [null, { saleId: 's1', by: 'order_number' }],
    ],
    [
      'the same number twice: the sale is matched once',
      [
        { externalOrderNumber: 'FL-1', customerKey: null, orderDate: null },
        { externalOrderNumber: 'FL-1', customerKey: null, orderDate: null },
      ],
      [{ saleId: 's1', by: 'order_number' }, null],
    ],
  ])('%s', (_, orders, expected) => {
    expect(matchOrders(orders, sales)).toEqual(expected)
  })

  it('does not match a sale another order already has', () => {
    expect(matchOrders([{ externalOrderNumber: 'FL-1', customerKey: 'pA', orderDate: '2026-11-02' }], sales, new Set(['s1']))).toEqual([null])
  })
})
