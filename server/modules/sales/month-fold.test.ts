import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { SaleStatus } from '../../../shared/rules/sale'
import { createTestDatabase } from '../../test/harness'
import { monthFold } from './sales.summary-fold'

/**
 * The month tables' fold (docs/decisions/063): a change's month deltas wait in their own rows and are added into the
 * shared month rows later. Whatever the order of changes and folds, and with two instances folding at once, each
 * delta counts exactly once and a row that counts nothing any more is gone — on SQLite and on PostgreSQL.
 */
const { database, openAnother } = await createTestDatabase()
const other = await openAnother()
const { db, t } = database

type Delta = { month: string; provider: string; product: string; status: SaleStatus; n: number; value: number }
const delta = fc.record({
  month: fc.constantFrom('2031-01', '2031-02'),
  provider: fc.constantFrom('p1', 'p2'),
  product: fc.constantFrom('a', 'b'),
  status: fc.constantFrom<SaleStatus>('finalized', 'regret'),
  n: fc.constant(1),
  value: fc.integer({ min: 1, max: 5000 }),
})

/** What a sale's transaction writes for one delta: a totals row (its team and office) and a products row. */
const pendingRows = (d: Delta) => {
  const amounts = { orderValueOre: d.n * d.value, sellerCommissionOre: d.n * 10, companyCommissionOre: d.n * 20, companyCostOre: d.n * 5 }
  const key = { month: d.month, providerId: d.provider, status: d.status }
  return [
    { kind: 'totals' as const, ...key, teamId: 'team', officeId: 'office', productId: '', sales: d.n, lines: 0, quantity: 0, ...amounts },
    { kind: 'products' as const, ...key, teamId: '', officeId: '', productId: d.product, sales: 0, lines: d.n, quantity: 2 * d.n, ...amounts },
  ]
}

/** The month tables as the deltas add up: a key whose count comes to zero has no row. */
function expected(deltas: Delta[]) {
  const totals = new Map<string, { sales: number; orderValueOre: number }>()
  const products = new Map<string, { lines: number; quantity: number; orderValueOre: number }>()
  for (const d of deltas) {
    const tk = [d.month, d.provider, d.status].join('|')
    const pk = [d.month, d.provider, d.product, d.status].join('|')
    const tr = totals.get(tk) ?? { sales: 0, orderValueOre: 0 }
    totals.set(tk, { sales: tr.sales + d.n, orderValueOre: tr.orderValueOre + d.n * d.value })
    const pr = products.get(pk) ?? { lines: 0, quantity: 0, orderValueOre: 0 }
    products.set(pk, { lines: pr.lines + d.n, quantity: pr.quantity + 2 * d.n, orderValueOre: pr.orderValueOre + d.n * d.value })
  }
  return {
    totals: [...totals].filter(([, v]) => v.sales !== 0).sort(),
    products: [...products].filter(([, v]) => v.lines !== 0).sort(),
  }
}

async function stored() {
  const totals = await db.select().from(t.saleMonthTotals)
  const products = await db.select().from(t.saleMonthProducts)
  return {
    totals: totals.map((r) => [[r.month, r.providerId, r.status].join('|'), { sales: r.sales, orderValueOre: r.orderValueOre }] as const).sort(),
    products: products
      .map((r) => [[r.month, r.providerId, r.productId, r.status].join('|'), { lines: r.lines, quantity: r.quantity, orderValueOre: r.orderValueOre }] as const)
      .sort(),
  }
}

/**
 * A history of sales added and taken away, as the sales area makes it: a sale taken away (regretted, moved, deleted)
 * takes away exactly what it added — the same key and value — and only a sale still counted can be taken away.
 */
const history = fc.array(fc.record({ sale: delta, takeAway: fc.boolean(), which: fc.nat() }), { minLength: 1, maxLength: 30 }).map((steps) => {
  const held: Delta[] = []
  return steps.map(({ sale, takeAway, which }): Delta => {
    if (takeAway && held.length) {
      const gone = held.splice(which % held.length, 1)[0]!
      return { ...gone, n: -1 }
    }
    const added = { ...sale, n: 1 }
    held.push(added)
    return added
  })
})

describe('the month fold', () => {
  it('counts each waiting delta once, whatever the order of changes and of two instances’ folds', async () => {
    await fc.assert(
      fc.asyncProperty(history, fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 4 }), async (deltas, foldsAt) => {
        await database.transaction(async (tx) => {
          for (const table of [t.saleMonthTotals, t.saleMonthProducts, t.saleMonthPending]) await tx.delete(table)
        })
        const folds: Array<Promise<void>> = []
        for (const [i, d] of deltas.entries()) {
          // Values netted per key, as summaryDeltas gives them: a correction of a value is its own delta here.
          await database.transaction((tx) => tx.insert(t.saleMonthPending).values(pendingRows(d)))
          // Folds of both instances while changes still arrive.
          if (foldsAt.includes(i)) folds.push(monthFold(database).run(), monthFold(other).run())
        }
        await Promise.all(folds)
        await Promise.all([monthFold(database).settle(), monthFold(other).settle()])
        expect(await stored()).toEqual(expected(deltas))
        expect(await db.select().from(t.saleMonthPending)).toEqual([])
      }),
      { numRuns: 30 },
    )
  })

  it('removes a month row whose last sale went, and touches no other', async () => {
    await database.transaction(async (tx) => {
      for (const table of [t.saleMonthTotals, t.saleMonthProducts, t.saleMonthPending]) await tx.delete(table)
    })
    const sale: Delta = { month: '2031-03', provider: 'p1', product: 'a', status: 'finalized', n: 1, value: 100 }
    const kept: Delta = { ...sale, provider: 'p2' }
    await db.insert(t.saleMonthPending).values([...pendingRows(sale), ...pendingRows(kept)])
    await monthFold(database).run()
    await db.insert(t.saleMonthPending).values(pendingRows({ ...sale, n: -1 }))
    await monthFold(other).settle()
    expect(await stored()).toEqual(expected([kept]))
  })
})
