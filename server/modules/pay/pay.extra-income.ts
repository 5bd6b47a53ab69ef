import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Translate } from '../../../shared/schemas/errors'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import type { CreateExtraIncomeInput, ExtraIncomeItem, ExtraIncomeListQuery, UpdateExtraIncomeInput } from '../../../shared/schemas/pay'
import { nextChangeVersion } from '../../db/change-counter'
import { containsTerm } from '../../db/conditions'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import { type Actor, type PayContext } from './pay.context'

/** Extra income: a seller's month of it, the list, and adding, editing and removing a line. */
export function extraIncome(ctx: PayContext) {
  const { database, events, db, t, x, extraItem, exportedMonths } = ctx
  return {
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
          ...diff,
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
  }
}
