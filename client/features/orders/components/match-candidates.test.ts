import { describe, expect, it } from 'vitest'
import { rankCandidates } from './match-candidates'

const sale = (id: string, customerName: string, sellDate: string, externalOrderNumber: string | null = null) => ({
  id,
  status: 'approved' as const,
  customerName,
  sellDate,
  sellerName: 'Sven Säljare',
  externalOrderNumber,
})

describe('the sale reports a hand match offers', () => {
  const sales = [
    sale('a', 'Anna Berg', '2026-11-01'),
    sale('b', 'Åsa Öberg', '2026-11-20', 'FL-9'),
    sale('c', 'Bo Lind', '2026-11-12'),
    sale('d', 'åsa öberg', '2026-11-02'),
  ]

  it('the order’s customer first (case and accents aside), then the nearest day', () => {
    expect(rankCandidates(sales, { customerName: 'Asa Oberg', orderDate: '2026-11-10' }, '').map((s) => [s.id, s.sameCustomer])).toEqual([
      ['d', true],
      ['b', true],
      ['c', false],
      ['a', false],
    ])
  })

  it('without an order date, the newest first; the filter matches customer, order number or seller', () => {
    expect(rankCandidates(sales, { customerName: null, orderDate: null }, '').map((s) => s.id)).toEqual(['b', 'c', 'd', 'a'])
    expect(rankCandidates(sales, { customerName: null, orderDate: null }, 'fl-9').map((s) => s.id)).toEqual(['b'])
    expect(rankCandidates(sales, { customerName: null, orderDate: null }, 'berg').map((s) => s.id)).toEqual(['b', 'd', 'a'])
  })
})
