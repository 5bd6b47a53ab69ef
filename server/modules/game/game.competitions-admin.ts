import { eq, sql } from 'drizzle-orm'
import { businessDay } from '../../../shared/rules/work'
import type { Competition, CompetitionInput } from '../../../shared/schemas/game'
import { ApiError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { GameCompetitionsContext } from './game.competitions-context'

/** What an admin's form sets of a competition, as stored; a new one is a draft unless the form says otherwise. */
function editable(input: CompetitionInput) {
  return {
    name: input.name,
    description: input.description ?? '',
    metric: input.metric,
    kind: input.kind,
    officeIds: input.officeIds ?? [],
    fromDay: input.from,
    toDay: input.to,
    prizes: (input.prizes ?? []).map((p) => ({ rank: p.rank, coins: p.coins ?? null, text: p.text ?? '' })),
    state: input.state ?? 'draft',
  }
}

/** Competitions as an admin keeps them: a new one and a change (version-checked, logged, its end scheduled again). */
export function gameCompetitionsAdmin(ctx: GameCompetitionsContext) {
  const { database, C, row, scheduleEnd, t, fields, view } = ctx
  return {
    async create(actorId: string, input: CompetitionInput, now: number): Promise<Competition> {
      return database.transaction(async (tx) => {
        const id = crypto.randomUUID()
        const set = editable(input)
        await tx.insert(C).values({
          id,
          ...set,
          publishedAt: set.state === 'published' ? now : null,
          version: 1,
          createdById: actorId,
          createdAt: now,
          updatedAt: now,
        })
        const c = await row(tx, id)
        await scheduleEnd(tx, c)
        await logActivity(tx, t, { at: now, actorId, entity: 'game_competition', entityId: id, action: 'created', after: fields(c) })
        return view(c, businessDay(now))
      })
    },
    /** A change of a competition not finished: its version must be the one the admin read. */
    async update(actorId: string, id: string, version: number, input: CompetitionInput, now: number): Promise<Competition> {
      return database.transaction(async (tx) => {
        const before = await row(tx, id)
        if (before.version !== version) throw new ApiError(409, 'changed_elsewhere')
        if (before.state === 'finished') throw new ApiError(409, 'already_decided', { params: { state: 'finished' } })
        const set = editable(input)
        await tx
          .update(C)
          .set({
            ...set,
            publishedAt: set.state === 'published' ? (before.publishedAt ?? now) : before.publishedAt,
            version: sql`${C.version} + 1`,
            updatedAt: now,
          })
          .where(eq(C.id, id))
        const after = await row(tx, id)
        await scheduleEnd(tx, after)
        await logActivity(tx, t, {
          at: now,
          actorId,
          entity: 'game_competition',
          entityId: id,
          action: 'updated',
          ...changedFields(fields(before), fields(after)),
        })
        return view(after, businessDay(now))
      })
    },
  }
}
