import { and, asc, eq, inArray, or } from 'drizzle-orm'
import { SignJWT } from 'jose'
import type { EmbedScopeParam, EmbedSession, EmbedView } from '../../../shared/schemas/guides'
import type { Db } from '../../db/client'
import { TRANSLATORS } from '../../../shared/i18n'
import { ApiError, notFound } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { SecretBox } from '../../platform/secret-box'
import type { Actor, GuideReader, GuidesContext } from './guides.context'

/** How long a signed embed's token lives; the page asks for a new one before it runs out. */
export const EMBED_TOKEN_SECONDS = 10 * 60

/** The reader's own values a signed embed locks into its token. */
function scopeValue(reader: GuideReader, param: EmbedScopeParam): string | null {
  switch (param) {
    case 'officeId':
      return reader.officeId
    case 'teamId':
      return reader.teamId
    case 'employeeId':
      return reader.employeeId
    case 'userId':
      return reader.id
  }
}

/**
 * Opening embeds (docs/decisions/069): the ones a reader sees (assigned to them, their role or a team of theirs, and
 * those inside the guides they read), and a signed embed's address with a token the server mints for each opening:
 * it expires in ten minutes and locks the reader's own values, signed with the embed's secret, which never leaves
 * the server; a reader lacking one of those values (a manager without a team) is refused, never shown the unfiltered
 * dashboard. Who may not open an embed is answered as if it did not exist.
 */
export function embedOpening(ctx: GuidesContext, secrets: SecretBox) {
  const { database, db, t, now } = ctx

  async function embedRow(tx: Db, id: string, version?: number) {
    const [row] = await tx.select().from(t.embeds).where(eq(t.embeds.id, id))
    if (!row) throw notFound()
    if (version !== undefined && row.version !== version) throw new ApiError(409, 'version_conflict')
    return row
  }

  const view = (row: typeof t.embeds.$inferSelect): EmbedView => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    height: row.height,
    signed: row.signing !== 'none',
    url: row.signing === 'none' ? row.url : null,
  })

  /** The embeds assigned to a reader: to them, their role or one of their teams. */
  async function assignedTo(tx: Db, reader: GuideReader) {
    const rows = await tx
      .selectDistinct({ embedId: t.embedAssignees.embedId })
      .from(t.embedAssignees)
      .where(
        or(
          and(eq(t.embedAssignees.kind, 'user'), eq(t.embedAssignees.targetId, reader.id)),
          and(eq(t.embedAssignees.kind, 'role'), eq(t.embedAssignees.targetId, reader.roleId)),
          reader.teamIds.length > 0 ? and(eq(t.embedAssignees.kind, 'team'), inArray(t.embedAssignees.targetId, reader.teamIds)) : undefined,
        ),
      )
    return rows.map((r) => r.embedId)
  }

  /** Whether the reader may open an embed: it is theirs, or it is in a guide they may read, or they manage embeds. */
  async function mayOpen(tx: Db, actor: Actor, embedId: string): Promise<boolean> {
    if (ctx.manages(actor)) return true
    const reader = await ctx.readerOf(tx, actor.id)
    if ((await assignedTo(tx, reader)).includes(embedId)) return true
    const seen = await ctx.visible(tx, actor)
    if (seen.guides.length === 0) return false
    const rows = await tx
      .select({ texts: t.guideVersions.texts, guideId: t.guideVersions.guideId, number: t.guideVersions.number })
      .from(t.guideVersions)
      .where(
        inArray(
          t.guideVersions.guideId,
          seen.guides.map((g) => g.id),
        ),
      )
    const current = new Map(seen.guides.map((g) => [g.id, g.number]))
    return rows.some((r) => current.get(r.guideId) === r.number && JSON.stringify(r.texts).includes(`"embedId":${JSON.stringify(embedId)}`))
  }

  return {
    embedRow,
    embedsFor: async (tx: Db, actor: Actor, ids: string[] | 'assigned'): Promise<EmbedView[]> => {
      const wanted = ids === 'assigned' ? await assignedTo(tx, await ctx.readerOf(tx, actor.id)) : ids
      if (wanted.length === 0) return []
      const rows = await tx.select().from(t.embeds).where(inArray(t.embeds.id, wanted)).orderBy(asc(t.embeds.name))
      return rows.map(view)
    },

    /**
     * Opens an embed for its reader: a plain one's address, or for a signed one an address with a token that
     * expires in ten minutes and locks the reader's own values. The opening is logged (who opened what).
     */
    async open(actor: Actor, id: string): Promise<EmbedSession> {
      const row = await embedRow(db, id).catch(() => null)
      // Not found and not theirs answer alike: an embed's existence is not told to who may not open it.
      if (!row || !(await mayOpen(db, actor, id))) throw notFound()
      const at = now()
      let session: EmbedSession
      if (row.signing === 'none') session = { url: row.url, expiresAt: at + EMBED_TOKEN_SECONDS * 1000 }
      else {
        if (!row.secret || !row.resource) throw new ApiError(409, 'invalid_transition')
        const reader = await ctx.readerOf(db, actor.id)
        const params: Record<string, string> = {}
        for (const p of row.scope) {
          const value = scopeValue(reader, p)
          // Metabase reads an empty locked parameter as "not filtered on it": a reader without the value would see
          // everyone's rows. Refused instead, naming what is missing (issue 68 Q5).
          if (!value) throw new ApiError(409, 'embed_scope_missing', { params: { what: TRANSLATORS[actor.language](`guides.embeds.scopes.${p}`) } })
          params[p] = value
        }
        const exp = Math.floor(at / 1000) + EMBED_TOKEN_SECONDS
        const token = await new SignJWT({ resource: { [row.resource.type]: row.resource.id }, params })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt(Math.floor(at / 1000))
          .setExpirationTime(exp)
          .sign(new TextEncoder().encode(secrets.open(row.secret)))
        const base = row.url.replace(/\/+$/, '')
        session = { url: `${base}/embed/${row.resource.type}/${token}#bordered=false&titled=true`, expiresAt: exp * 1000 }
      }
      await database.transaction((tx) => logActivity(tx, t, { at, actorId: actor.id, entity: 'embed', entityId: id, action: 'opened' }))
      return session
    },
  }
}
