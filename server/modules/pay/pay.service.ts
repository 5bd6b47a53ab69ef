import { and, asc, count, desc, eq, inArray, isNull, sql, sum, type SQL } from 'drizzle-orm'
import { codeFitsItem, commissionMove, PAY_ITEMS, payItemKind, type PayItem } from '../../../shared/rules/pay'
import { businessMonth } from '../../../shared/rules/work'
import type { Translate } from '../../../shared/schemas/errors'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import type {
  CreateExtraIncomeInput,
  ExtraIncomeItem,
  ExtraIncomeListQuery,
  PaycodeRow,
  UpdateExtraIncomeInput,
  UpdatePaycodeInput,
} from '../../../shared/schemas/pay'
import { nextChangeVersion } from '../../db/change-counter'
import type { Db } from '../../db/client'
import { containsTerm } from '../../db/conditions'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'
import type { DomainEvent } from '../../platform/event-types'

type Actor = { id: string }

/**
 * The pay area (issue 15, docs/decisions/029): the payroll codes of the app's pay items, extra income, and the
 * commission ledger the sales area's events build. Every change version-checked, logged and an event.
 */
export function payService({ database, events }: Pick<Deps, 'database' | 'events'>) {
  const { db, t } = database
  const x = t.extraIncomes

  async function paycodeRows(tx: Db): Promise<PaycodeRow[]> {
    const rows = await tx.select().from(t.paycodes)
    const byItem = new Map(rows.map((r) => [r.item, r]))
    // Every item is listed, also one a newer version added that has no row yet (unmapped until set).
    return PAY_ITEMS.map((item) => {
      const r = byItem.get(item)
      return { item, kind: payItemKind(item), code: r?.code ?? null, name: r?.name ?? null, version: r?.version ?? 0, updatedAt: r?.updatedAt ?? 0 }
    })
  }

  function extraItem(r: typeof x.$inferSelect, names: { first: string; last: string }, exported: boolean): ExtraIncomeItem {
    return {
      id: r.id,
      userId: r.userId,
      sellerName: `${names.first} ${names.last}`,
      month: r.month,
      amountOre: r.amountOre,
      description: r.description,
      version: r.version,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      exported,
    }
  }

  async function exportedMonths(tx: Db): Promise<Set<string>> {
    const rows = await tx
      .selectDistinct({ month: t.payExports.month })
      .from(t.payExports)
      .where(and(eq(t.payExports.kind, 'payroll'), eq(t.payExports.state, 'done')))
    return new Set(rows.map((r) => r.month).filter((m): m is string => !!m))
  }

  return {
    paycodes: () => paycodeRows(db),

    /** The mapping as the exporter reads it: item → code (null when unmapped) and the name of FR codes. */
    async mapping(tx: Db): Promise<Map<PayItem, { code: string | null; name: string | null }>> {
      return new Map((await paycodeRows(tx)).map((r) => [r.item, { code: r.code, name: r.name }]))
    },

    async updatePaycode(actor: Actor, item: PayItem, input: UpdatePaycodeInput, translate: Translate, now = Date.now()) {
      const code = input.code?.trim().toUpperCase() || null
      if (code && !codeFitsItem(item, code))
        throw validationError({ code: [translate(payItemKind(item) === 'time' ? 'validation.pay.codeNotTime' : 'validation.pay.codeNotPay', { code })] })
      return database.transaction(async (tx) => {
        const [row] = await tx.select().from(t.paycodes).where(eq(t.paycodes.item, item))
        const current = row ?? { item, code: null, name: null, version: 0, updatedById: null, updatedAt: 0 }
        if (current.version !== input.version) {
          throw new ApiError(409, 'version_conflict', { details: { current: (await paycodeRows(tx)).find((r) => r.item === item) } })
        }
        const next = { code, name: input.name ?? null }
        const diff = changedFields(current as unknown as Record<string, unknown>, next)
        const version = current.version + 1
        if (row)
          await tx
            .update(t.paycodes)
            .set({ ...next, version, updatedById: actor.id, updatedAt: now })
            .where(eq(t.paycodes.item, item))
        else await tx.insert(t.paycodes).values({ item, ...next, version, updatedById: actor.id, updatedAt: now })
        await logActivity(tx, t, { at: now, actorId: actor.id, entity: 'paycode', entityId: item, action: 'updated', before: diff.before, after: diff.after })
        await events.record(tx, 'paycode.changed', { item, code }, { actorId: actor.id, at: now })
        return (await paycodeRows(tx)).find((r) => r.item === item)!
      })
    },

    /** The extra income of some months per seller and month (profitability, docs/decisions/051); removed ones left out. */
    async extraIncomeOf(months: string[]): Promise<Array<{ userId: string; month: string; amountOre: number }>> {
      if (months.length === 0) return []
      return db
        .select({ userId: x.userId, month: x.month, amountOre: sql<number>`sum(${x.amountOre})`.mapWith(Number) })
        .from(x)
        .where(and(inArray(x.month, months), isNull(x.removedAt)))
        .groupBy(x.userId, x.month)
    },

    /** The extra income of some months, each with its description (order statistics' extra income, decision 048). */
    async extraIncomeLines(months: string[]): Promise<Array<{ id: string; userId: string; month: string; amountOre: number; description: string }>> {
      if (months.length === 0) return []
      return db
        .select({ id: x.id, userId: x.userId, month: x.month, amountOre: x.amountOre, description: x.description })
        .from(x)
        .where(and(inArray(x.month, months), isNull(x.removedAt)))
        .orderBy(asc(x.month), asc(x.createdAt), asc(x.id))
    },

    async listExtraIncome(q: ExtraIncomeListQuery): Promise<ListAnswer<ExtraIncomeItem>> {
      const conditions: SQL[] = [isNull(x.removedAt)]
      if (q.month) conditions.push(eq(x.month, q.month))
      if (q.userId) conditions.push(eq(x.userId, q.userId))
      if (q.q) conditions.push(containsTerm(sql`${t.users.firstName} || ' ' || ${t.users.lastName} || ' ' || ${x.description}`, q.q))
      const where = and(...conditions)
      const sorts = { month: x.month, seller: sql`lower(${t.users.firstName} || ' ' || ${t.users.lastName})`, amount: x.amountOre }
      const sort = sorts[(q.sortBy ?? 'month') as keyof typeof sorts]
      const direction = q.sortBy ? q.orderBy : 'desc'
      const [rows, [total], exported] = await Promise.all([
        db
          .select({ r: x, first: t.users.firstName, last: t.users.lastName })
          .from(x)
          .innerJoin(t.users, eq(t.users.id, x.userId))
          .where(where)
          .orderBy(direction === 'desc' ? desc(sort) : asc(sort), asc(x.createdAt), asc(x.id))
          .limit(q.itemsPerPage)
          .offset((q.page - 1) * q.itemsPerPage),
        db.select({ n: count() }).from(x).innerJoin(t.users, eq(t.users.id, x.userId)).where(where),
        exportedMonths(db),
      ])
      return { items: rows.map((r) => extraItem(r.r, r, exported.has(r.r.month))), total: total?.n ?? 0, page: q.page, itemsPerPage: q.itemsPerPage }
    },

    async createExtraIncome(actor: Actor, input: CreateExtraIncomeInput, translate: Translate, now = Date.now()) {
      return database.transaction(async (tx) => {
        const [user] = await tx.select({ first: t.users.firstName, last: t.users.lastName }).from(t.users).where(eq(t.users.id, input.userId))
        if (!user) throw validationError({ userId: [translate('validation.pay.unknownSeller')] })
        const id = crypto.randomUUID()
        const row = { id, userId: input.userId, month: input.month, amountOre: input.amountOre, description: input.description.trim() }
        await tx
          .insert(x)
          .values({ ...row, removedAt: null, createdById: actor.id, version: await nextChangeVersion(tx, t, input.userId), createdAt: now, updatedAt: now })
        await logActivity(tx, t, { at: now, actorId: actor.id, entity: 'extra_income', entityId: id, action: 'created', after: row })
        await events.record(tx, 'extraIncome.changed', { id, userId: input.userId, month: input.month, action: 'created' }, { actorId: actor.id, at: now })
        const [saved] = await tx.select().from(x).where(eq(x.id, id))
        return extraItem(saved!, user, (await exportedMonths(tx)).has(input.month))
      })
    },

    async updateExtraIncome(actor: Actor, id: string, input: UpdateExtraIncomeInput, now = Date.now()) {
      return database.transaction(async (tx) => {
        const [found] = await tx
          .select({ r: x, first: t.users.firstName, last: t.users.lastName })
          .from(x)
          .innerJoin(t.users, eq(t.users.id, x.userId))
          .where(and(eq(x.id, id), isNull(x.removedAt)))
        if (!found) throw notFound()
        const exported = await exportedMonths(tx)
        if (found.r.version !== input.version)
          throw new ApiError(409, 'version_conflict', { details: { current: extraItem(found.r, found, exported.has(found.r.month)) } })
        const next = { month: input.month, amountOre: input.amountOre, description: input.description.trim() }
        const diff = changedFields(found.r as unknown as Record<string, unknown>, next)
        if (Object.keys(diff.after).length === 0) return extraItem(found.r, found, exported.has(found.r.month))
        await tx
          .update(x)
          .set({ ...next, version: await nextChangeVersion(tx, t, found.r.userId), updatedAt: now })
          .where(eq(x.id, id))
        await logActivity(tx, t, {
          at: now,
          actorId: actor.id,
          entity: 'extra_income',
          entityId: id,
          action: 'updated',
          before: diff.before,
          after: diff.after,
        })
        await events.record(tx, 'extraIncome.changed', { id, userId: found.r.userId, month: next.month, action: 'updated' }, { actorId: actor.id, at: now })
        const [saved] = await tx.select().from(x).where(eq(x.id, id))
        return extraItem(saved!, found, exported.has(next.month))
      })
    },

    /** Removed, not deleted: it leaves the seller's device and later exports; the log keeps it. */
    async removeExtraIncome(actor: Actor, id: string, version: number, now = Date.now()) {
      await database.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(x)
          .where(and(eq(x.id, id), isNull(x.removedAt)))
        if (!row) throw notFound()
        if (row.version !== version) throw new ApiError(409, 'version_conflict')
        await tx
          .update(x)
          .set({ removedAt: now, version: await nextChangeVersion(tx, t, row.userId), updatedAt: now })
          .where(eq(x.id, id))
        await logActivity(tx, t, {
          at: now,
          actorId: actor.id,
          entity: 'extra_income',
          entityId: id,
          action: 'removed',
          before: { month: row.month, amountOre: row.amountOre, description: row.description },
        })
        await events.record(tx, 'extraIncome.changed', { id, userId: row.userId, month: row.month, action: 'removed' }, { actorId: actor.id, at: now })
      })
    },

    /**
     * The commission ledger from a sale's event (a database subscriber: exactly once, in the delivery's
     * transaction): the first approval pays the seller commission, a regret of a paid sale takes it back, each a
     * line in the month of the move with the sale it belongs to.
     */
    async fromSaleEvent(tx: Db, e: DomainEvent<'sale.statusChanged' | 'sale.created'>) {
      const p = e.payload
      const to = e.name === 'sale.created' ? e.payload.status : e.payload.to
      if (to !== 'approved' && to !== 'regret') return
      const [paid] = await tx
        .select({ ore: sum(t.commissionLines.amountOre).mapWith(Number) })
        .from(t.commissionLines)
        .where(eq(t.commissionLines.saleId, p.saleId))
      const move = commissionMove(paid?.ore ?? 0, to, p.sellerCommissionOre ?? 0)
      if (!move) return
      await tx
        .insert(t.commissionLines)
        .values({
          id: crypto.randomUUID(),
          eventId: e.id,
          saleId: p.saleId,
          userId: p.sellerId,
          month: businessMonth(e.occurredAt),
          kind: move.kind,
          amountOre: move.amountOre,
          soldAt: p.soldAt ?? e.occurredAt,
          at: e.occurredAt,
        })
        .onConflictDoNothing()
    },

    /** A seller's commission lines of a month, each with its sale (traceable), newest first. */
    async commissionLines(userId: string, month: string) {
      return db
        .select()
        .from(t.commissionLines)
        .where(and(eq(t.commissionLines.userId, userId), eq(t.commissionLines.month, month)))
        .orderBy(desc(t.commissionLines.at))
    },
  }
}
export type PayService = ReturnType<typeof payService>
