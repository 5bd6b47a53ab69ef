import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { DomainEvent, EventBus } from '../platform/events'
import type { TestApp } from './harness'

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

/**
 * A seller's phone sending sales and back office moving them (`regret` with a reason), each move's reactions settled:
 * what the tests of the areas that react to approvals (the game, the office screens, the feed) start from.
 */
export function saleMoves(
  app: Pick<TestApp, 'database' | 'events' | 'request' | 'device'>,
  who: { seller: string; backoffice: string },
  product: { id: string; providerId: string },
) {
  const push = app.device(who.seller).push
  const { db, t } = app.database
  async function move(saleId: string, status: string) {
    const [sale] = await db.select({ v: t.sales.version }).from(t.sales).where(eq(t.sales.id, saleId))
    const body = status === 'regret' ? { status, reason: 'Ångrat' } : { status }
    const r = await app.request('POST', `/api/sale-reports/${saleId}/status`, { cookie: who.backoffice, body: { version: sale!.v, ...body } })
    if (r.status !== 200) throw new Error(`move ${saleId} to ${status}: ${r.status} ${r.text}`)
    await app.events.settled()
  }
  /** A sale the seller sent (not yet approved). */
  async function entered() {
    const args = saleArgs({ providerId: product.providerId, products: [{ productId: product.id, quantity: 1 }] })
    const answer = (await push('createSale', args)) as { applied?: number }
    if (answer.applied !== 1) throw new Error(`createSale: ${JSON.stringify(answer)}`)
    return args.id
  }
  return {
    push,
    move,
    entered,
    /** A sale the seller sent and back office approved. */
    async approved() {
      const id = await entered()
      await move(id, 'approved')
      return id
    },
  }
}
