import { aliasedTable, and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import type { ActivityEntryItem, ActivitySearch } from '../../../shared/schemas/activity'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import { businessDayStart } from '../../../shared/rules/work'
import type { Database, Db } from '../../db/client'
import { containsTerm } from '../../db/conditions'
import { cappedCount } from '../../db/list-page'
import { LIST_COUNT_CAP } from '../../../shared/schemas/pagination'

const DAY = 86_400_000

/**
 * The activity-log search (decision 035): every area's log lines, newest first, by actor, entity (and one
 * entity's id), action and period, and a free text over the actor's name and the reason. Read only: the log is
 * append-only and written by each area's service (server/platform/activity-log.ts).
 */
/**
 * Names of one kind of entity by id, answered by the area that owns it (wired in server/composition/api.ts): the log names what a
 * line is about ("Team Öresund", "Sven Säljare") instead of an id. A kind without one shows its id.
 */
export type ActivityNames = Partial<Record<string, (db: Db, ids: string[]) => Promise<Map<string, string>>>>

export function activityService(database: Database, names: ActivityNames = {}) {
  const { db, t } = database
  const actor = aliasedTable(t.users, 'actor')
  const actingAs = aliasedTable(t.users, 'acting_as')
  const log = t.activityLog

  return {
    async search(q: ActivitySearch): Promise<ListAnswer<ActivityEntryItem>> {
      const where: SQL[] = []
      if (q.actorId) where.push(eq(log.actorId, q.actorId))
      if (q.entity) where.push(eq(log.entity, q.entity))
      if (q.entityId) where.push(eq(log.entityId, q.entityId))
      if (q.action) where.push(eq(log.action, q.action))
      if (q.from) where.push(gte(log.at, businessDayStart(q.from)))
      // The end day is included: up to the start of the day after it.
      if (q.to) where.push(lt(log.at, businessDayStart(new Date(Date.parse(`${q.to}T12:00:00Z`) + DAY).toISOString().slice(0, 10))))
      if (q.q) {
        // The people whose name matches, found first among the users (thousands), not joined on every log line.
        const named = await db
          .select({ id: t.users.id })
          .from(t.users)
          .where(containsTerm(sql`${t.users.firstName} || ' ' || ${t.users.lastName}`, q.q))
          .limit(500)
        where.push(
          or(
            ...(named.length > 0
              ? [
                  inArray(
                    log.actorId,
                    named.map((u) => u.id),
                  ),
                ]
              : []),
            containsTerm(sql`coalesce(${log.reason}, '')`, q.q),
            containsTerm(log.entityId, q.q),
          )!,
        )
      }
      const condition = where.length > 0 ? and(...where) : undefined
      // Newest first unless the oldest are asked for by name (a log is read from its end).
      const oldestFirst = q.sortBy === 'at' && q.orderBy === 'asc'
      const rows = await db
        .select({
          id: log.id,
          at: log.at,
          entity: log.entity,
          entityId: log.entityId,
          action: log.action,
          actorId: log.actorId,
          actorFirst: actor.firstName,
          actorLast: actor.lastName,
          actingAsId: log.actingAsId,
          actingFirst: actingAs.firstName,
          actingLast: actingAs.lastName,
          before: log.before,
          after: log.after,
          reason: log.reason,
        })
        .from(log)
        .leftJoin(actor, eq(actor.id, log.actorId))
        .leftJoin(actingAs, eq(actingAs.id, log.actingAsId))
        .where(condition)
        .orderBy(...(oldestFirst ? [log.at, log.id] : [desc(log.at), desc(log.id)]))
        .limit(q.itemsPerPage)
        .offset((q.page - 1) * q.itemsPerPage)
      const counted = await cappedCount(db, log, condition)
      const total = counted[0]?.n ?? 0
      const name = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ''}`.trim() : '')
      // What each line is about, named by its area: one question per kind on the page.
      const idsByEntity = new Map<string, Set<string>>()
      for (const r of rows) idsByEntity.set(r.entity, (idsByEntity.get(r.entity) ?? new Set()).add(r.entityId))
      const entityNames = new Map<string, string>()
      await Promise.all(
        [...idsByEntity].map(async ([entity, ids]) => {
          const named = await names[entity]?.(db, [...ids])
          for (const [id, n] of named ?? []) entityNames.set(`${entity}:${id}`, n)
        }),
      )
      return {
        items: rows.map((r) => ({
          id: String(r.id),
          at: r.at,
          entity: r.entity,
          entityId: r.entityId,
          entityName: entityNames.get(`${r.entity}:${r.entityId}`) ?? null,
          action: r.action,
          actor: r.actorId ? { id: r.actorId, name: name(r.actorFirst, r.actorLast) } : null,
          actingAs: r.actingAsId ? { id: r.actingAsId, name: name(r.actingFirst, r.actingLast) } : null,
          before: (r.before as Record<string, unknown> | null) ?? null,
          after: (r.after as Record<string, unknown> | null) ?? null,
          reason: r.reason,
        })),
        total: Math.min(total, LIST_COUNT_CAP),
        totalCapped: total > LIST_COUNT_CAP,
        page: q.page,
        itemsPerPage: q.itemsPerPage,
      }
    },
  }
}
