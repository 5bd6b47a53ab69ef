import { describe, expect, it } from 'vitest'
import { statementName } from './prepared'

/**
 * PostgreSQL keeps the first 63 bytes of a prepared statement's name: two long keys that share their start (an
 * event's deliveries name every subscriber) must still get different names, and a key always the same one.
 */
describe('statementName', () => {
  it('is short, stable, and tells long keys with a shared start apart', () => {
    const a = 'events.deliveries.sale.created.customers.register,pay.commission,quality.queue,game.sales'
    const b = 'events.deliveries.sale.created.customers.register,pay.commission,quality.queue,game.sales,notify'
    expect(statementName(a).length).toBeLessThanOrEqual(63)
    expect(statementName(a)).toBe(statementName(a))
    expect(statementName(a)).not.toBe(statementName(b))
    expect(statementName('summary.sale_day_totals')).toMatch(/^sk_w_[A-Za-z0-9_-]+$/)
  })
})
