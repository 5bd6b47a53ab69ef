import { eq, inArray, isNotNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { mayReadGuide } from '../../../shared/rules/guides'
import type { AckReport } from '../../../shared/schemas/guides'
import { ApiError, notFound } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { Actor, GuidesContext } from './guides.context'

/**
 * Who has acknowledged a guide (docs/decisions/069): per team, the people the viewer may see (their `view users`
 * rules: a coach their teams, a manager their office; a seller no one) who may read the guide, with the version each acknowledged;
 * and a reminder to those who have not acknowledged its current version.
 */
export function guideAcknowledgements(ctx: GuidesContext) {
  const { database, db, t, now, events, ports } = ctx

  async function report(actor: Actor, id: string, teamId?: string) {
    const [guide] = await db.select().from(t.guides).where(eq(t.guides.id, id))
    if (!guide || guide.publishedNumber === null || guide.listing === null) throw notFound()
    // Who does not manage guides must be able to read this one to see who read it.
    if (!ctx.manages(actor)) {
      const seen = await ctx.visible(db, actor)
      if (!seen.guides.some((g) => g.id === id)) throw notFound()
    }
    const category = await ctx.categoryRow(db, guide.categoryId)
    const [visible, allowedRoles, places, acks] = await Promise.all([
      ports.visiblePeople(db, actor.ability),
      ports.rolesAllowed(db, 'view', 'embeds'),
      ports.places(db),
      db.select({ userId: t.guideAcks.userId, number: t.guideAcks.number, at: t.guideAcks.at }).from(t.guideAcks).where(eq(t.guideAcks.guideId, id)),
    ])
    const readers = await ports.readers(db, visible)
    const roles = new Set(allowedRoles)
    const acked = new Map(acks.map((a) => [a.userId, a]))
    const teamNames = new Map(places.teams.map((x) => [x.id, x.name]))
    const byTeam = new Map<string, AckReport['teams'][number]['people']>()
    for (const r of readers.values()) {
      if (!r.active || !r.teamId || !roles.has(r.roleId) || (teamId && r.teamId !== teamId)) continue
      if (!mayReadGuide(category.audience, guide.audience, r)) continue
      const a = acked.get(r.id)
      const list = byTeam.get(r.teamId) ?? []
      list.push({ id: r.id, name: r.name, acknowledgedAt: a?.at ?? null, acknowledgedNumber: a?.number ?? null })
      byTeam.set(r.teamId, list)
    }
    const teams = [...byTeam.entries()]
      .map(([tid, people]) => ({ id: tid, name: teamNames.get(tid) ?? '', people: people.sort((a, b) => a.name.localeCompare(b.name, 'sv')) }))
      .sort((a, b) => a.name.localeCompare(b.name, 'sv'))
    const out: AckReport = {
      guide: { id, title: guide.listing.texts.sv.title, number: guide.publishedNumber, mustRead: guide.listing.mustRead },
      teams,
    }
    return out
  }

  /**
   * The published must-read guides some of these people may read, each with those of them who may read it and those
   * who acknowledged its current version.
   */
  async function mustReadAmong(tx: Db, userIds: string[]) {
    if (userIds.length === 0) return []
    const guides = (await tx.select().from(t.guides).where(isNotNull(t.guides.publishedNumber))).filter((g) => g.listing?.mustRead)
    if (guides.length === 0) return []
    const [readers, allowedRoles, acks] = await Promise.all([
      ports.readers(tx, userIds),
      ports.rolesAllowed(tx, 'view', 'embeds'),
      tx
        .select({ guideId: t.guideAcks.guideId, userId: t.guideAcks.userId, number: t.guideAcks.number })
        .from(t.guideAcks)
        .where(
          inArray(
            t.guideAcks.guideId,
            guides.map((g) => g.id),
          ),
        ),
    ])
    const roles = new Set(allowedRoles)
    const acked = new Map(acks.map((a) => [`${a.guideId}|${a.userId}`, a.number]))
    const out = []
    for (const g of guides) {
      const category = await ctx.categoryRow(tx, g.categoryId)
      const may = [...readers.values()].filter((r) => r.active && roles.has(r.roleId) && mayReadGuide(category.audience, g.audience, r)).map((r) => r.id)
      if (may.length === 0) continue
      out.push({ guide: g, readers: may, read: may.filter((id) => (acked.get(`${g.id}|${id}`) ?? 0) >= g.publishedNumber!) })
    }
    return out
  }

  /**
   * Which of some people have not acknowledged the current version of a published must-read guide they may read
   * (a scheduled message's recipient rule, decision 071).
   */
  async function unacknowledgedAmong(tx: Db, userIds: string[]): Promise<string[]> {
    const out = new Set<string>()
    for (const g of await mustReadAmong(tx, userIds)) {
      const read = new Set(g.read)
      for (const id of g.readers) if (!read.has(id)) out.add(id)
    }
    return [...out]
  }

  /**
   * The must-read guides of some people (an office screen's guide; issue 76): each guide's titles and how many of
   * them have read its current version, the least read first.
   */
  async function mustReadOf(tx: Db, userIds: string[]) {
    const rows = (await mustReadAmong(tx, userIds)).map(({ guide, readers, read }) => {
      const texts = guide.listing!.texts
      return {
        id: guide.id,
        titles: { sv: texts.sv.title, ...(texts.en ? { en: texts.en.title } : {}), ...(texts.fi ? { fi: texts.fi.title } : {}) },
        read: read.length,
        readers: readers.length,
      }
    })
    return rows.sort((a, b) => a.read / a.readers - b.read / b.readers).slice(0, 5)
  }

  return {
    report,
    unacknowledgedAmong,
    mustReadOf,

    /** Reminds those the viewer sees who have not acknowledged the current version (a notification each). */
    async remind(actor: Actor, id: string, teamIds?: string[]): Promise<{ reminded: number }> {
      const r = await report(actor, id)
      if (!r.guide.mustRead) throw new ApiError(409, 'invalid_transition')
      const wanted = teamIds && teamIds.length > 0 ? new Set(teamIds) : null
      const userIds = r.teams
        .filter((team) => !wanted || wanted.has(team.id))
        .flatMap((team) => team.people.filter((p) => (p.acknowledgedNumber ?? 0) < r.guide.number).map((p) => p.id))
      if (userIds.length === 0) throw new ApiError(409, 'no_recipients')
      await database.transaction(async (tx) => {
        const at = now()
        const [row] = await tx.select({ listing: t.guides.listing }).from(t.guides).where(eq(t.guides.id, id))
        const texts = row!.listing!.texts
        await events.record(
          tx,
          'guide.reminded',
          {
            guideId: id,
            number: r.guide.number,
            userIds,
            titles: { sv: texts.sv.title, en: texts.en?.title ?? null, fi: texts.fi?.title ?? null },
            byUserId: actor.id,
          },
          { actorId: actor.id, at },
        )
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'guide',
          entityId: id,
          action: 'reminded',
          after: { number: r.guide.number, people: userIds.length },
        })
      })
      return { reminded: userIds.length }
    },
  }
}
