import { randomUUID } from 'node:crypto'
import { and, desc, eq, exists, inArray, or } from 'drizzle-orm'
import type { StatDetail, StatListItem } from '../../../shared/schemas/assistant'
import { statInputSchema } from '../../../shared/schemas/assistant'
import type { Translator } from '../../../shared/i18n'
import type { Db } from '../../db/client'
import { ApiError, forbidden, notFound, validationError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'
import type { z } from 'zod'

/** What the statistics views ask other areas: the person's role, names of people and roles, the roles to share with. */
export type StatsPorts = {
  roleOf(db: Db, userId: string): Promise<string | null>
  names(db: Db, ids: { userIds?: string[]; roleIds?: string[] }): Promise<Map<string, string>>
  roleChoices(db: Db): Promise<Array<{ id: string; key: string; name: string }>>
}

type Actor = { id: string }

/** Statistics as a reader sees them: the owner's name, the roles they are shared with (by name), whether they are the reader's. */
async function statItems(
  { database }: Pick<Deps, 'database'>,
  ports: StatsPorts,
  rows: Array<typeof database.t.assistantStats.$inferSelect>,
  actor: Actor,
): Promise<StatDetail[]> {
  const { db, t } = database
  const R = t.assistantStatRoles
  if (rows.length === 0) return []
  const shares = await db
    .select({ statId: R.statId, roleId: R.roleId })
    .from(R)
    .where(
      inArray(
        R.statId,
        rows.map((r) => r.id),
      ),
    )
  const [names, roleChoices] = await Promise.all([
    ports.names(db, { userIds: rows.map((r) => r.ownerId), roleIds: shares.map((s) => s.roleId) }),
    ports.roleChoices(db),
  ])
  // Each role's key too: a built-in role's name is shown in the reader's language.
  const keys = new Map(roleChoices.map((r) => [r.id, r.key]))
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    owner: { id: r.ownerId, name: names.get(r.ownerId) ?? '' },
    roles: shares
      .filter((s) => s.statId === r.id)
      .map((s) => ({ id: s.roleId, key: keys.get(s.roleId) ?? '', name: names.get(s.roleId) ?? '' }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    mine: r.ownerId === actor.id,
    updatedAt: r.updatedAt,
    version: r.version,
    query: r.query,
  }))
}

/**
 * Saved statistics views (/keyai/stats, docs/decisions/053): an answer's query kept with a name by its owner and
 * shared with roles. Whoever opens one runs it again under their own rules, so sharing shows nobody more than they
 * may see. Only the owner edits or deletes; an edit made on an older reading is refused (409).
 */
export function assistantStats({ database }: Pick<Deps, 'database'>, ports: StatsPorts, opts: { now?: () => number } = {}) {
  const { db, t } = database
  const S = t.assistantStats
  const R = t.assistantStatRoles
  const now = opts.now ?? Date.now

  /** The statistics a person may open: their own and those shared with their role. */
  const visible = (actor: Actor, roleId: string | null) =>
    or(
      eq(S.ownerId, actor.id),
      roleId
        ? exists(
            db
              .select({ one: R.statId })
              .from(R)
              .where(and(eq(R.statId, S.id), eq(R.roleId, roleId))),
          )
        : undefined,
    )

  const items = (rows: Array<typeof S.$inferSelect>, actor: Actor) => statItems({ database }, ports, rows, actor)

  async function checkRoles(roleIds: string[], translate: Translator) {
    if (roleIds.length === 0) return
    const known = new Set((await ports.roleChoices(db)).map((r) => r.id))
    const missing = roleIds.findIndex((id) => !known.has(id))
    if (missing >= 0) throw validationError({ [`roleIds.${missing}`]: [translate('validation.unknownChoice')] })
  }

  async function own(tx: Db, actor: Actor, id: string) {
    const [row] = await tx.select().from(S).where(eq(S.id, id))
    if (!row) throw notFound()
    if (row.ownerId !== actor.id) {
      const roleId = await ports.roleOf(tx, actor.id)
      const shared = roleId
        ? await tx
            .select({ one: R.statId })
            .from(R)
            .where(and(eq(R.statId, id), eq(R.roleId, roleId)))
        : []
      throw shared.length > 0 ? forbidden() : notFound()
    }
    return row
  }

  return {
    async list(actor: Actor): Promise<StatListItem[]> {
      const roleId = await ports.roleOf(db, actor.id)
      const rows = await db.select().from(S).where(visible(actor, roleId)).orderBy(desc(S.updatedAt), S.id).limit(500)
      return (await items(rows, actor)).map(({ query: _query, ...item }) => item)
    },

    async get(actor: Actor, id: string): Promise<StatDetail> {
      const roleId = await ports.roleOf(db, actor.id)
      const rows = await db
        .select()
        .from(S)
        .where(and(eq(S.id, id), visible(actor, roleId)))
      const [item] = await items(rows, actor)
      if (!item) throw notFound()
      return item
    },

    async create(actor: Actor, input: z.output<typeof statInputSchema>, translate: Translator): Promise<StatDetail> {
      await checkRoles(input.roleIds, translate)
      const id = randomUUID()
      const at = now()
      await database.transaction(async (tx) => {
        await tx.insert(S).values({ id, ownerId: actor.id, name: input.name, query: input.query, version: 1, createdAt: at, updatedAt: at })
        if (input.roleIds.length) await tx.insert(R).values([...new Set(input.roleIds)].map((roleId) => ({ statId: id, roleId })))
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'assistant_stat',
          entityId: id,
          action: 'created',
          after: { name: input.name, roleIds: input.roleIds },
        })
      })
      return this.get(actor, id)
    },

    async update(actor: Actor, id: string, input: z.output<typeof statInputSchema> & { version: number }, translate: Translator): Promise<StatDetail> {
      await checkRoles(input.roleIds, translate)
      await database.transaction(async (tx) => {
        const row = await own(tx, actor, id)
        const roles = (await tx.select({ roleId: R.roleId }).from(R).where(eq(R.statId, id))).map((r) => r.roleId).sort()
        const at = now()
        const updated = await tx
          .update(S)
          .set({ name: input.name, query: input.query, version: row.version + 1, updatedAt: at })
          .where(and(eq(S.id, id), eq(S.version, input.version)))
          .returning({ id: S.id })
        if (updated.length === 0) throw new ApiError(409, 'changed_elsewhere')
        await tx.delete(R).where(eq(R.statId, id))
        const roleIds = [...new Set(input.roleIds)].sort()
        if (roleIds.length) await tx.insert(R).values(roleIds.map((roleId) => ({ statId: id, roleId })))
        const { before, after } = changedFields({ name: row.name, query: row.query, roleIds: roles }, { name: input.name, query: input.query, roleIds })
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'assistant_stat', entityId: id, action: 'updated', before, after })
      })
      return this.get(actor, id)
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        const row = await own(tx, actor, id)
        await tx.delete(R).where(eq(R.statId, id))
        await tx.delete(S).where(eq(S.id, id))
        await logActivity(tx, t, { at: now(), actorId: actor.id, entity: 'assistant_stat', entityId: id, action: 'deleted', before: { name: row.name } })
      })
    },

    roleChoices: () => ports.roleChoices(db),
  }
}

export type AssistantStats = ReturnType<typeof assistantStats>
