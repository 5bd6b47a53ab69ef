import { and, eq } from 'drizzle-orm'
import { REALTIME_EVENTS, wire } from '../../../shared/realtime'
import { initials } from '../../../shared/format'
import type { DisplayNewsflash } from '../../../shared/schemas/displays'
import type { DomainEvent } from '../../platform/events'
import type { DisplayRow, DisplaysContext } from './displays.context'

/** The session a screen's socket is bound to: a revocation ends it (the socket closes on every instance). */
export const displaySession = (displayId: string) => `display:${displayId}`

/**
 * What the office screens hear at once (issue 76, docs/decisions/101), on each screen's own private channel:
 * a newsflash when a sale is approved (never on mere entry: a regret or a deviation is never cheered), a level
 * reached, a badge, a competition won; and word that the screen was changed or revoked. Realtime is best effort:
 * a screen that missed a flash still shows the figures it reads every minute.
 */
export function displayLive(ctx: DisplaysContext) {
  const { db, d, ports, realtime } = ctx

  /** The paired screens showing a team of an office (a screen of the whole office, or one naming the team). */
  async function screensOf(officeId: string | null, teamId: string | null): Promise<DisplayRow[]> {
    if (!officeId) return []
    const rows = await db
      .select()
      .from(d)
      .where(and(eq(d.officeId, officeId), eq(d.state, 'paired')))
    return rows.filter((r) => r.teamIds.length === 0 || (teamId !== null && r.teamIds.includes(teamId)))
  }

  async function flash(screens: DisplayRow[], body: DisplayNewsflash) {
    if (!realtime || screens.length === 0) return
    await realtime.trigger(
      screens.map((s) => wire.display(s.id)),
      REALTIME_EVENTS.displayNewsflash,
      body,
    )
  }

  /** A person as a flash names them: nobody when they chose to be hidden from others. */
  async function who(userId: string) {
    const [names, hidden] = await Promise.all([ports.names(db, [userId]), ports.game.hiddenAmong(db, [userId])])
    const name = hidden.has(userId) ? null : (names.get(userId) ?? null)
    return { name, initials: name ? initials(name) : null }
  }

  const teamName = async (teamId: string | null) => (teamId ? ((await ports.teamNames(db, [teamId])).get(teamId) ?? null) : null)

  return {
    /** A sale approved (from anything else): the screens of its seller's office and team cheer. */
    async saleApproved(e: DomainEvent<'sale.statusChanged'>) {
      const p = e.payload
      if (p.to !== 'approved' || p.from === 'approved') return
      const screens = await screensOf(p.officeId, p.teamId)
      if (screens.length === 0) return
      const sale = await ports.sale(db, p.saleId)
      const products = sale ? await ports.productNames(db, [...new Set(sale.lines.map((l) => l.productId))]) : new Map<string, string>()
      await flash(screens, {
        id: String(e.id),
        kind: 'sale',
        at: e.occurredAt,
        ...(await who(p.sellerId)),
        teamId: p.teamId,
        teamName: await teamName(p.teamId),
        what: [...products.values()].sort((a, b) => a.localeCompare(b, 'sv')),
        orderValueOre: sale?.orderValueOre ?? null,
      })
    },

    /** A level reached, a badge earned or a competition won: the screens of the person's (or team's, office's) office. */
    async gameMoment(e: DomainEvent<'game.levelReached' | 'game.badgeAwarded' | 'game.competitionFinished'>) {
      const base = { id: String(e.id), at: e.occurredAt, orderValueOre: null }
      if (e.name === 'game.competitionFinished') {
        const p = (e as DomainEvent<'game.competitionFinished'>).payload
        const winner = p.winners.find((w) => w.rank === 1)
        if (!winner) return
        const place =
          p.kind === 'sellers'
            ? await ports.placeOf(db, winner.id)
            : p.kind === 'teams'
              ? { teamId: winner.id, officeId: await ports.officeOfTeam(db, winner.id) }
              : { teamId: null, officeId: winner.id }
        if (!place) return
        const person = p.kind === 'sellers' ? await who(winner.id) : { name: winner.name, initials: initials(winner.name) }
        const screens = await screensOf(place.officeId, place.teamId)
        return flash(screens, { ...base, kind: 'competition', ...person, teamId: place.teamId, teamName: await teamName(place.teamId), what: [p.name] })
      }
      const p = (e as DomainEvent<'game.levelReached' | 'game.badgeAwarded'>).payload
      const place = await ports.placeOf(db, p.userId)
      if (!place) return
      const person = await who(p.userId)
      // A hidden person's level or badge is theirs alone: nothing to cheer without a name.
      if (!person.name) return
      const what = 'levelName' in p ? [p.levelName] : [p.name]
      const screens = await screensOf(place.officeId, place.teamId)
      return flash(screens, {
        ...base,
        kind: e.name === 'game.levelReached' ? 'level' : 'badge',
        ...person,
        teamId: place.teamId,
        teamName: await teamName(place.teamId),
        what,
      })
    },

    /** A screen changed or revoked: it is told at once; a revoked one's socket is closed. */
    async screenChanged(e: DomainEvent<'display.changed'>) {
      if (!realtime) return
      await realtime.trigger([wire.display(e.payload.displayId)], REALTIME_EVENTS.displayChanged, { state: e.payload.state })
      if (e.payload.state === 'revoked') realtime.endSessions({ sessionIds: [displaySession(e.payload.displayId)] })
    },
  }
}
export type DisplayLive = ReturnType<typeof displayLive>
