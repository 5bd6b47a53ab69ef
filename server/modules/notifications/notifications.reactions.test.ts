import { describe, expect, it } from 'vitest'
import type { DomainEvent } from '../../platform/event-types'
import { pokeTarget } from './notifications.reactions'

const event = <N extends DomainEvent['name']>(name: N, payload: Partial<Extract<DomainEvent, { name: N }>['payload']>) =>
  ({ id: 1, name, payload, actorId: null, occurredAt: 0 }) as unknown as Extract<DomainEvent, { name: N }>

describe('whom a change on the server tells to pull now', () => {
  it.each([
    ['a sale moved by back office: its seller', event('sale.statusChanged', { sellerId: 's1', byUserId: 'bo' }), { userId: 's1' }],
    ['a sale moved by its own seller: no one (their device made it)', event('sale.statusChanged', { sellerId: 's1', byUserId: 's1' }), undefined],
    ['a time report corrected: its seller', event('timeReport.corrected', { userId: 's2' }), { userId: 's2' }],
    ['a month attested: its seller', event('timeAttestation.changed', { userId: 's3' }), { userId: 's3' }],
    ['extra income changed: its seller', event('extraIncome.changed', { userId: 's4' }), { userId: 's4' }],
    ['the catalog changed: every device', event('catalog.changed', { entity: 'product' }), { userId: null }],
    ['a seller’s budget: that seller', event('budget.changed', { scope: 'seller', userId: 's5' }), { userId: 's5' }],
    ['a team’s budget: no one (it does not travel)', event('budget.changed', { scope: 'team', userId: null }), undefined],
  ])('%s', (_, e, target) => {
    expect(pokeTarget(e as never)).toEqual(target)
  })
})
