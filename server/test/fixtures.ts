import { randomUUID } from 'node:crypto'
import type { DomainEvent, EventBus } from '../platform/events'

type Order = { providerId: string; products: Array<{ productId: string; quantity: number }>; externalOrderNumber?: string | null }

/** A createSale mutation's args as a seller's device sends them: a private customer in Malmö, sold a minute ago. */
export function saleArgs(order: Order, overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    providerId: order.providerId,
    products: order.products,
    customerType: 'private',
    customerSsn: '811218-9876',
    customerName: 'Karin Kund',
    email: 'karin@example.se',
    phone: '070-123 45 67',
    postalCode: '21145',
    city: 'Malmö',
    address: 'Storgatan 1',
    message: null,
    externalOrderNumber: order.externalOrderNumber ?? null,
    checklistFileId: null,
    soldAt: Date.now() - 60_000,
    ...overrides,
  }
}

/** Every event the bus delivers from now on, in order (a subscriber that keeps them; subscribe before writing). */
export function recordEvents(events: EventBus): DomainEvent[] {
  const received: DomainEvent[] = []
  events.subscribe({
    name: 'test-recorder',
    events: ['sale.created', 'sale.statusChanged', 'timeReport.saved', 'checkout.done', 'sickNotice.created'],
    handle: async (event) => void received.push(event),
  })
  return received
}
