import { and, asc, count, desc, eq, inArray, isNull, max } from 'drizzle-orm'
import type { Translate } from '../../../shared/schemas/errors'
import { type TemplateContent, type TemplateDetail, type TemplateListItem } from '../../../shared/schemas/quality'
import { ApiError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'

import { type Actor, type QualityContext } from './quality.context'

/** The survey templates as back office lists and opens them, with their versions. */
export function templateReads(ctx: QualityContext) {
  const { ports, answeredBy, db, srv, tpl, ver } = ctx
  return {
    async list(): Promise<TemplateListItem[]> {
      const rows = await db.select().from(tpl).orderBy(desc(tpl.active), asc(tpl.name))
      if (rows.length === 0) return []
      const ids = rows.map((r) => r.id)
      const [numbers, answered, providers] = await Promise.all([
        db
          .select({ id: ver.templateId, n: max(ver.number) })
          .from(ver)
          .where(inArray(ver.templateId, ids))
          .groupBy(ver.templateId),
        db
          .select({ id: srv.templateId, n: count() })
          .from(srv)
          .where(and(inArray(srv.templateId, ids), eq(srv.status, 'answered')))
          .groupBy(srv.templateId),
        ports.providerNames(
          db,
          rows.map((r) => r.providerId).filter((x): x is string => !!x),
        ),
      ])
      const numberOf = new Map(numbers.map((r) => [r.id, Number(r.n ?? 1)]))
      const answeredOf = new Map(answered.map((r) => [r.id, Number(r.n)]))
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        provider: r.providerId ? { id: r.providerId, name: providers.get(r.providerId) ?? '' } : null,
        active: r.active,
        versionNumber: numberOf.get(r.id) ?? 1,
        answered: answeredOf.get(r.id) ?? 0,
        updatedAt: r.updatedAt,
        version: r.version,
      }))
    },

    async detail(id: string): Promise<TemplateDetail | null> {
      const [row] = await db.select().from(tpl).where(eq(tpl.id, id))
      if (!row) return null
      const versions = await db.select().from(ver).where(eq(ver.templateId, id)).orderBy(desc(ver.number))
      const [answered, providers, people] = await Promise.all([
        answeredBy(
          db,
          versions.map((v) => v.id),
        ),
        ports.providerNames(db, row.providerId ? [row.providerId] : []),
        ports.names(
          db,
          versions.map((v) => v.createdBy).filter((x): x is string => !!x),
        ),
      ])
      const newest = versions[0]!
      const total = [...answered.values()].reduce((a, b) => a + b, 0)
      return {
        id: row.id,
        name: row.name,
        provider: row.providerId ? { id: row.providerId, name: providers.get(row.providerId) ?? '' } : null,
        active: row.active,
        versionNumber: newest.number,
        answered: total,
        updatedAt: row.updatedAt,
        version: row.version,
        content: newest.content,
        locked: (answered.get(newest.id) ?? 0) > 0,
        versions: versions.map((v) => ({
          id: v.id,
          number: v.number,
          createdAt: v.createdAt,
          createdBy: v.createdBy ? (people.get(v.createdBy) ?? null) : null,
          answered: answered.get(v.id) ?? 0,
        })),
      }
    },
  }
}

/** A template made, changed (a new version once the current one is answered) and set active or aside. */
export function templateChanges(ctx: QualityContext) {
  const { database, answeredBy, checkProvider, newestVersion, problemsOf, setAsideOthers, t, templateRow, tpl, ver } = ctx
  return {
    /** A new template, with its first version; active when no other is in use for its provider. */
    async create(actor: Actor, input: { name: string; providerId: string | null; content: TemplateContent }, ctx: { now: number; translate: Translate }) {
      problemsOf(input.content, ctx.translate)
      return database.transaction(async (tx) => {
        await checkProvider(tx, input.providerId, ctx.translate)
        const [inUse] = await tx
          .select({ id: tpl.id })
          .from(tpl)
          .where(and(eq(tpl.active, true), input.providerId === null ? isNull(tpl.providerId) : eq(tpl.providerId, input.providerId)))
          .limit(1)
        const id = crypto.randomUUID()
        await tx.insert(tpl).values({ id, name: input.name, providerId: input.providerId, active: !inUse, createdAt: ctx.now, updatedAt: ctx.now, version: 1 })
        await tx.insert(ver).values({ id: crypto.randomUUID(), templateId: id, number: 1, content: input.content, createdAt: ctx.now, createdBy: actor.id })
        await logActivity(tx, t, {
          at: ctx.now,
          actorId: actor.id,
          entity: 'quality_template',
          entityId: id,
          action: 'created',
          after: { name: input.name, providerId: input.providerId, active: !inUse, questions: input.content.questions.length },
        })
        return id
      })
    },

    /**
     * Saves the name, provider and content as the editor saw them (`version`). Content of a version that has answers
     * is never changed: it becomes a new version; a version without answers is changed in place.
     */
    async update(
      actor: Actor,
      id: string,
      input: { name: string; providerId: string | null; content: TemplateContent; version: number },
      ctx: { now: number; translate: Translate },
    ) {
      problemsOf(input.content, ctx.translate)
      return database.transaction(async (tx) => {
        const row = await templateRow(tx, id)
        if (row.version !== input.version) throw new ApiError(409, 'changed_elsewhere', { details: { version: row.version } })
        await checkProvider(tx, input.providerId, ctx.translate)
        const newest = (await newestVersion(tx, id))!
        const contentChanged = JSON.stringify(newest.content) !== JSON.stringify(input.content)
        let newVersion: number | null = null
        if (contentChanged) {
          const answered = (await answeredBy(tx, [newest.id])).get(newest.id) ?? 0
          if (answered > 0) {
            newVersion = newest.number + 1
            await tx
              .insert(ver)
              .values({ id: crypto.randomUUID(), templateId: id, number: newVersion, content: input.content, createdAt: ctx.now, createdBy: actor.id })
          } else {
            await tx.update(ver).set({ content: input.content }).where(eq(ver.id, newest.id))
          }
        }
        if (row.active && input.providerId !== row.providerId) await setAsideOthers(tx, actor, id, input.providerId, ctx.now)
        await tx
          .update(tpl)
          .set({ name: input.name, providerId: input.providerId, updatedAt: ctx.now, version: row.version + 1 })
          .where(eq(tpl.id, id))
        const { before, after } = changedFields({ name: row.name, providerId: row.providerId }, { name: input.name, providerId: input.providerId })
        if (contentChanged) {
          Object.assign(before, { versionNumber: newest.number })
          Object.assign(after, { versionNumber: newVersion ?? newest.number, questions: input.content.questions.length })
        }
        if (Object.keys(after).length) {
          await logActivity(tx, t, { at: ctx.now, actorId: actor.id, entity: 'quality_template', entityId: id, action: 'updated', before, after })
        }
      })
    },

    /** Puts a template in use (setting aside the one in use for its provider) or out of use. */
    async setActive(actor: Actor, id: string, active: boolean, version: number, now: number) {
      await database.transaction(async (tx) => {
        const row = await templateRow(tx, id)
        if (row.version !== version) throw new ApiError(409, 'changed_elsewhere', { details: { version: row.version } })
        if (row.active === active) return
        if (active) await setAsideOthers(tx, actor, id, row.providerId, now)
        await tx
          .update(tpl)
          .set({ active, updatedAt: now, version: row.version + 1 })
          .where(eq(tpl.id, id))
        await logActivity(tx, t, {
          at: now,
          actorId: actor.id,
          entity: 'quality_template',
          entityId: id,
          action: 'updated',
          before: { active: row.active },
          after: { active },
        })
      })
    },
  }
}
