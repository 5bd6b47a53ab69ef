import { describe, expect, it } from 'vitest'
import type { OrderStatsFilter } from '../../../shared/schemas/statistics'
import { periodFilterOf } from './period-fields'

describe('periodFilterOf: a statistics filter read from the address', () => {
  const fallback = { from: '2026-10-30', to: '2026-11-28' }
  const params = { teamId: 'team', sellerId: 'seller' } as const

  it('opens on the fallback period with no filter when the address names nothing', () => {
    expect(periodFilterOf<OrderStatsFilter>(new URLSearchParams(''), fallback, params)).toEqual({
      from: '2026-10-30',
      to: '2026-11-28',
      teamId: undefined,
      sellerId: undefined,
    })
  })

  it('takes the period and the filters the address names, each under its own name there', () => {
    const search = new URLSearchParams('from=2026-01-01&to=2026-03-31&team=t1&seller=u9&office=o1')
    expect(periodFilterOf<OrderStatsFilter>(search, fallback, params)).toEqual({ from: '2026-01-01', to: '2026-03-31', teamId: 't1', sellerId: 'u9' })
  })

  it('reads an empty value as none: the fallback for a date, no filter for the rest', () => {
    const search = new URLSearchParams('from=&to=2026-12-31&team=')
    expect(periodFilterOf<OrderStatsFilter>(search, fallback, params)).toEqual({ from: '2026-10-30', to: '2026-12-31', teamId: undefined, sellerId: undefined })
  })

  it('keeps a date typed by hand as it is, for the schema to judge', () => {
    expect(periodFilterOf<OrderStatsFilter>(new URLSearchParams('from=2026-13-40'), fallback, params).from).toBe('2026-13-40')
  })
})
