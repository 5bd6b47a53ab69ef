import { asc, ne } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { DisplayView } from '../../../shared/schemas/displays'
import { accessFilter, withAccess } from '../../db/conditions'
import type { DisplaysContext } from './displays.context'

/** The screens an admin or a manager sees: paired and revoked ones of the offices they may see, by name. */
export function displayReads(ctx: DisplaysContext) {
  const { db, d } = ctx
  return {
    /** Paired screens first (then revoked ones), each by name; at most 500. */
    async list(ability: AppAbility): Promise<{ items: DisplayView[] }> {
      const filter = accessFilter(ability, 'view', 'displays', { officeId: d.officeId }, { inline: true })
      const rows = await db
        .select()
        .from(d)
        .where(withAccess(filter, ne(d.state, 'pending')))
        .orderBy(asc(d.state), asc(d.name), asc(d.id))
        .limit(500)
      return { items: await ctx.views(db, rows) }
    },
  }
}
export type DisplayReads = ReturnType<typeof displayReads>
