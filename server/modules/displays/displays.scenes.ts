import { createMongoAbility } from '@casl/ability'
import type { AppAbility } from '../../../shared/permissions/ability'
import { initials } from '../../../shared/format'
import { STANDING_SALE_STATUSES, WELCOME_DAYS } from '../../../shared/rules/displays'
import { rankOf } from '../../../shared/rules/game'
import { addDays, businessDay } from '../../../shared/rules/work'
import type { DisplayBudgetRow, DisplayScene, DisplayScenes } from '../../../shared/schemas/displays'
import { reused } from '../../lib/reused'
import type { DisplayRow, DisplaysContext, ScreenPlace } from './displays.context'

/** How long the figures of one place are reused: every screen of an office asking within this reads once. */
export const SCENES_CACHE_MS = 10_000

/**
 * What a paired screen shows (docs/decisions/101): read for its office and teams only, never a parameter of the
 * request. The sales figures are read with an ability that may see exactly the office's sale reports, so the sales
 * area's own access conditions keep the screen inside it. Each place's figures are read once per 10 seconds, however
 * many screens show it.
 */
export function displayScenes(ctx: DisplaysContext) {
  const { db, ports } = ctx
  const scenesOf = reused<string, DisplayScenes>(SCENES_CACHE_MS)
  // The month's gold goals are the organisation's (one read for every office's screens in the same 10 seconds).
  const goalsOf = reused<string, Map<string, number>>(SCENES_CACHE_MS, 12)

  /** The screen's only reading right: the sale reports of its office. */
  const abilityOf = (officeId: string): AppAbility => createMongoAbility([{ action: 'view', subject: 'sale_reports', conditions: { officeId } }]) as AppAbility

  async function read(place: ScreenPlace, shows: Set<DisplayScene>, now: number): Promise<DisplayScenes> {
    const day = businessDay(now)
    const month = day.slice(0, 7)
    const [officeNames, teamIds] = await Promise.all([
      ports.officeNames(db, [place.officeId]),
      place.teamIds.length > 0 ? Promise.resolve(place.teamIds) : ports.teamsOfOffice(db, place.officeId),
    ])
    const teamNames = await ports.teamNames(db, teamIds)
    const teams = teamIds.filter((id) => teamNames.has(id)).map((id) => ({ id, name: teamNames.get(id)! }))
    teams.sort((a, b) => a.name.localeCompare(b.name, 'sv'))
    const inPlace = new Set(teams.map((x) => x.id))
    const want = (...scenes: DisplayScene[]) => scenes.some((s) => shows.has(s))

    const boards = async () => {
      if (!want('leaderboard_day', 'leaderboard_month')) return { day: [], month: [] }
      const [d, m] = await Promise.all([ports.game.board(place, 'day', now), ports.game.board(place, 'month', now)])
      const names = await ports.names(
        db,
        [...d, ...m].map((r) => r.userId),
      )
      const rows = (list: Array<{ userId: string; xp: number }>) => {
        const ranks = rankOf(list)
        return list.map((r, i) => {
          const name = names.get(r.userId) ?? ''
          return { rank: ranks[i]!, name, initials: initials(name), xp: r.xp }
        })
      }
      return { day: rows(d), month: rows(m) }
    }

    /** Standing sales and their value per team over some days, within the place. */
    const totals = async (from: string) => {
      const rows = await ports.teamTotals(abilityOf(place.officeId), { from, to: day, officeId: place.officeId })
      const byTeam = new Map<string, { sales: number; orderValueOre: number }>()
      for (const r of rows) {
        if (!inPlace.has(r.key) || !STANDING_SALE_STATUSES.includes(r.status)) continue
        const sum = byTeam.get(r.key) ?? { sales: 0, orderValueOre: 0 }
        sum.sales += r.sales
        sum.orderValueOre += r.orderValueOre
        byTeam.set(r.key, sum)
      }
      return byTeam
    }

    const officeDay = async (): Promise<DisplayScenes['officeDay']> => {
      if (!want('office_day')) return { sales: 0, orderValueOre: 0, hours: 0, teams: [] }
      const [byTeam, hours] = await Promise.all([
        totals(day),
        ports.teamHours(
          db,
          teams.map((x) => x.id),
          day,
          day,
        ),
      ])
      const rows = teams.map((x) => ({ id: x.id, name: x.name, sales: byTeam.get(x.id)?.sales ?? 0, orderValueOre: byTeam.get(x.id)?.orderValueOre ?? 0 }))
      return {
        sales: rows.reduce((n, r) => n + r.sales, 0),
        orderValueOre: rows.reduce((n, r) => n + r.orderValueOre, 0),
        hours: Math.round([...hours.values()].reduce((n, h) => n + h, 0) * 10) / 10,
        teams: rows.sort((a, b) => b.orderValueOre - a.orderValueOre),
      }
    }

    const budgets = async (): Promise<DisplayScenes['budgets']> => {
      const dayOfMonth = Number(day.slice(8, 10))
      const daysInMonth = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate()
      const base = { month, elapsed: Math.round((dayOfMonth / daysInMonth) * 1000) / 1000 }
      if (!want('budgets')) return { ...base, office: null, teams: [] }
      const [byTeam, goals] = await Promise.all([totals(`${month}-01`), goalsOf(month, now, () => ports.goals(db, month))])
      const row = (id: string, name: string, goal: number | undefined, value: number): DisplayBudgetRow => ({
        id,
        name,
        goalOre: goal ?? null,
        orderValueOre: value,
      })
      const teamRows = teams.map((x) => row(x.id, x.name, goals.get(`team:${x.id}`), byTeam.get(x.id)?.orderValueOre ?? 0))
      // The office's own goal only on a screen of the whole office (a screen of some teams shows theirs).
      const office =
        place.teamIds.length === 0
          ? row(
              place.officeId,
              officeNames.get(place.officeId) ?? '',
              goals.get(`office:${place.officeId}`),
              teamRows.reduce((n, r) => n + r.orderValueOre, 0),
            )
          : null
      return { ...base, office, teams: teamRows }
    }

    const welcome = async (): Promise<DisplayScenes['welcome']> => {
      if (!want('welcome')) return []
      const people = await ports.newStarters(db, place, { from: addDays(day, -WELCOME_DAYS), to: day })
      const hidden = await ports.game.hiddenAmong(
        db,
        people.map((p) => p.id),
      )
      return people.filter((p) => !hidden.has(p.id)).map((p) => ({ name: p.name, initials: initials(p.name), teamName: p.teamName, since: p.since }))
    }

    const guides = async (): Promise<DisplayScenes['guides']> => {
      if (!want('guide')) return []
      const members = await ports.membersOfTeams(
        db,
        teams.map((x) => x.id),
      )
      return ports.mustReadOf(
        db,
        members.map((m) => m.id),
      )
    }

    const [leaderboards, competitions, budgetRows, dayRows, welcomeRows, guideRows] = await Promise.all([
      boards(),
      want('competitions') ? ports.game.competitionsOf(place, now) : Promise.resolve([]),
      budgets(),
      officeDay(),
      welcome(),
      guides(),
    ])
    return {
      at: now,
      day,
      office: { id: place.officeId, name: officeNames.get(place.officeId) ?? '' },
      teams,
      leaderboards,
      competitions,
      budgets: budgetRows,
      officeDay: dayRows,
      welcome: welcomeRows,
      guides: guideRows,
    }
  }

  return {
    /** What this screen shows now (read again at most every 10 seconds per place and set of scenes). */
    async of(row: DisplayRow, now: number): Promise<DisplayScenes> {
      if (row.state !== 'paired' || !row.officeId) throw new Error('displays: scenes of a screen not paired')
      const place = { officeId: row.officeId, teamIds: [...row.teamIds].sort() }
      const shows = new Set(row.scenes.map((s) => s.scene))
      const key = `${place.officeId}|${place.teamIds.join(',')}|${[...shows].sort().join(',')}`
      return scenesOf(key, now, () => read(place, shows, now))
    },
  }
}
export type DisplayScenesPart = ReturnType<typeof displayScenes>
