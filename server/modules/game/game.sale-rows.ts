import { eq, sql, sum } from 'drizzle-orm'
import { placeholdersOf, preparedWrites } from '../../db/prepared'
import { difference, earned, salePoints } from '../../../shared/rules/game'
import type { GameLedgerKind } from '../../../shared/schemas/game'
import type { Db } from '../../db/client'
import type { DomainEvent } from '../../platform/events'
import { type GameBase, type GameSaleRecord } from './game.context-base'
import type { GameLedgerBook } from './game.ledger-book'

/** The game's own rows of sales, and the settling of what a sale earns against what is booked for it. */
export function gameSaleRows(ctx: GameBase, ledger: GameLedgerBook) {
  const { G, ports, L, qualitySteps, database } = ctx
  const { book } = ledger
  const write = preparedWrites(database)

  /** The game's row of a sale, made from the sales area's record when the game has not seen the sale yet. */
  async function gameSale(tx: Db, saleId: string, now: number) {
    const [known] = await tx.select().from(G).where(eq(G.saleId, saleId))
    if (known) return known
    const sale = await ports.saleForGame(tx, saleId)
    if (!sale) return null
    return (await register(tx, { saleId, ...sale, scoreTenths: null, eventId: 0 }, now)).row
  }

  async function register(
    tx: Db,
    sale: GameSaleRecord & {
      saleId: string
      scoreTenths: number | null
      /** the event it is made from (0: from the sales area's record, before any event the game applies) */
      eventId: number
    },
    now: number,
  ) {
    const points = await ports.gamePoints(tx, [...new Set(sale.lines.map((l) => l.productId))])
    const row = {
      saleId: sale.saleId,
      sellerId: sale.sellerId,
      teamId: sale.teamId,
      officeId: sale.officeId,
      sellDate: sale.sellDate,
      points: salePoints(sale.lines, (id) => points.get(id) ?? 0),
      orderValueOre: sale.orderValueOre,
      status: sale.status,
      scoreTenths: sale.scoreTenths,
      lastEventId: sale.eventId,
      updatedAt: now,
    }
    // Both statements run for every sale's event: prepared once.
    const [inserted] = await write.rows(tx, 'game.register', (db) => db.insert(G).values(placeholdersOf(row)).onConflictDoNothing().returning(), row)
    if (inserted) return { row: inserted, created: true }
    const [stored] = await write.rows(
      tx,
      'game.saleById',
      (db) =>
        db
          .select()
          .from(G)
          .where(eq(G.saleId, sql.placeholder('id'))),
      { id: sale.saleId },
    )
    return { row: stored!, created: false }
  }

  /**
   * Books what a sale earns now less what is booked for it: one row or none. The kind says why it moved: a regret
   * taking back (with its reason), a quality grade changing the XP, or the sale's earning.
   */
  async function settle(tx: Db, sale: typeof G.$inferSelect, e: DomainEvent, reason: string | null): Promise<void> {
    const [booked] = await tx
      .select({ xp: sum(L.xp).mapWith(Number), coins: sum(L.coins).mapWith(Number) })
      .from(L)
      .where(eq(L.saleId, sale.saleId))
    const target = earned({ status: sale.status, points: sale.points, scoreTenths: sale.scoreTenths }, await qualitySteps(tx))
    const move = difference(target, { xp: booked?.xp ?? 0, coins: booked?.coins ?? 0 })
    if (!move) return
    // Coins move only when the sale starts or stops earning; XP alone when its quality weight changes.
    const kind: GameLedgerKind = move.coins === 0 ? 'quality' : sale.status === 'regret' ? 'regret' : 'sale'
    await book(tx, {
      userId: sale.sellerId,
      kind,
      amounts: move,
      saleId: sale.saleId,
      refId: null,
      reason,
      eventId: e.id,
      teamId: sale.teamId,
      officeId: sale.officeId,
      at: e.occurredAt,
      byUserId: e.actorId,
    })
  }

  return { register, gameSale, settle }
}
export type GameSaleRows = ReturnType<typeof gameSaleRows>
