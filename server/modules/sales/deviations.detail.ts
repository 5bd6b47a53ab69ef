import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { type DeviationDetail } from '../../../shared/schemas/deviations'
import { namesOf, maskSsn } from './deviations.context'
import type { DeviationsContext } from './deviations.context'

/**
 * A deviation's page: the deviation, its sale as the reader may see it, its history, and the moves the reader may
 * make.
 */
export function deviationDetail(ctx: DeviationsContext) {
  const { database, d, t, sale } = ctx

  /**
   * A deviation as back office opens it, or null when there is none this user may see (they may not see its sale):
   * who opened, corrected and resolved it, the sale with the moves this user may make on it, the sale's logged
   * changes while it was waiting (the correction's fields among them), and the sale's other deviations.
   */
  async function detail(actor: { id: string; ability: AppAbility }, id: string): Promise<DeviationDetail | null> {
    const { db } = database
    const [dev] = await db.select().from(d).where(eq(d.id, id))
    if (!dev) return null
    const [row] = await db
      .select({ sale: t.sales, teamName: t.teams.name, providerName: t.providers.name })
      .from(t.sales)
      .innerJoin(t.providers, eq(t.providers.id, t.sales.providerId))
      .leftJoin(t.teams, eq(t.teams.id, t.sales.teamId))
      .where(eq(t.sales.id, dev.saleId))
    if (!row || !sale.mayView(actor, row.sale)) return null
    const [activity, siblings] = await Promise.all([
      db
        .select()
        .from(t.activityLog)
        .where(
          and(
            eq(t.activityLog.entity, 'sale_report'),
            eq(t.activityLog.entityId, dev.saleId),
            sql`${t.activityLog.at} >= ${dev.openedAt}`,
            ...(dev.resolvedAt !== null ? [sql`${t.activityLog.at} <= ${dev.resolvedAt}`] : []),
          ),
        )
        .orderBy(asc(t.activityLog.at), asc(t.activityLog.id))
        .limit(200),
      db
        .select({ id: d.id, type: d.type, state: d.state, openedAt: d.openedAt, resolution: d.resolution })
        .from(d)
        .where(and(eq(d.saleId, dev.saleId), sql`${d.id} <> ${dev.id}`))
        .orderBy(desc(d.openedAt)),
    ])
    const people = await namesOf(db, t, [dev.openedById, dev.resolvedById, row.sale.sellerId, ...activity.map((a) => a.actorId)])
    const person = (uid: string | null) => (uid ? { id: uid, name: people.get(uid) ?? '' } : null)
    const s = row.sale
    return {
      id: dev.id,
      type: dev.type,
      reason: dev.reason,
      state: dev.state,
      openedAt: dev.openedAt,
      openedBy: person(dev.openedById),
      correctedAt: dev.correctedAt,
      correctionNote: dev.correctionNote,
      resolvedAt: dev.resolvedAt,
      resolvedBy: person(dev.resolvedById),
      resolution: dev.resolution,
      sale: {
        id: s.id,
        status: s.status,
        version: s.version,
        allowedNext: sale.allowedNext(actor, s),
        customerName: s.customerName,
        sellDate: s.sellDate,
        orderValueOre: s.orderValueOre,
        seller: person(s.sellerId)!,
        team: s.teamId && row.teamName ? { id: s.teamId, name: row.teamName } : null,
        provider: { id: s.providerId, name: row.providerName },
      },
      activity: activity.map((a) => ({
        at: a.at,
        actor: person(a.actorId),
        action: a.action,
        // Identity numbers in the log are masked, as everywhere (docs/decisions/058).
        before: maskSsn(a.before),
        after: maskSsn(a.after),
        reason: a.reason,
      })),
      others: siblings,
    }
  }
  return {
    detail,
  }
}
