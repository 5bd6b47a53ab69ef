import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Leaderboard } from '../../../shared/schemas/game'
import { createTestApp } from '../../test/harness'
import type { GamePlayer } from './game.service'
import { testGame } from '../../test/game'

/**
 * Leaderboards (docs/decisions/052): the people with XP in a team, office, region or the whole organisation this
 * week, this month or all time, ranked (equal XP, equal rank), the top ten and one's own neighbourhood, without
 * those who opted out — except for themselves. A fixed data set in the game's own tables, answers worked out by hand.
 */
const app = await createTestApp()
const { db, t } = app.database
const game = testGame(app)

// The demo's game (levels, its seller's earnings, colleagues' XP) out of the way: this file's data set is its own.
for (const table of [t.gameLedger, t.gameSales, t.gameTotals, t.gameXpDays, t.gameXpMonths, t.gameLevelsReached, t.gameLevels]) await db.delete(table)
const idOf = async (email: string) => (await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email)))[0]!.id
const teamOf = async (name: string) => {
  const [team] = await db.select({ id: t.teams.id, officeId: t.teams.officeId }).from(t.teams).where(eq(t.teams.name, name))
  return team!
}
const [oresund, lund, vast, norr] = await Promise.all(['Team Öresund', 'Team Lund', 'Team Väst', 'Team Norr'].map(teamOf))
const [sven, anna, erik, leila, sara, johanna, lina] = await Promise.all(
  [
    'seller@demo.test',
    'anna.lindqvist@demo.test',
    'erik.johansson@demo.test',
    'leila.haddad@demo.test',
    'sara.nystrom@demo.test',
    'johanna.ek@demo.test',
    'lina.holm@demo.test',
  ].map(idOf),
)
const [malmo] = await db.select({ regionId: t.offices.regionId }).from(t.offices).where(eq(t.offices.id, oresund!.officeId))

/** A Wednesday: its week is 23–29 November, its month November. */
const NOW = Date.parse('2026-11-25T10:00:00Z')

/** XP earned by a person on a day in a team, as the ledger keeps it: the day, the month and the person's totals. */
async function give(userId: string, team: { id: string; officeId: string }, day: string, xp: number) {
  await db.insert(t.gameXpDays).values({ day, userId, teamId: team.id, officeId: team.officeId, xp })
  await db
    .insert(t.gameXpMonths)
    .values({ month: day.slice(0, 7), userId, teamId: team.id, officeId: team.officeId, xp })
    .onConflictDoUpdate({
      target: [t.gameXpMonths.month, t.gameXpMonths.userId, t.gameXpMonths.teamId, t.gameXpMonths.officeId],
      set: { xp: sql`${t.gameXpMonths.xp} + excluded.xp` },
    })
  await db
    .insert(t.gameTotals)
    .values({ userId, xp, coins: xp, updatedAt: NOW })
    .onConflictDoUpdate({ target: t.gameTotals.userId, set: { xp: sql`${t.gameTotals.xp} + excluded.xp` } })
}

// This week: Anna 200, Sven and Erik 120 each (Öresund), Leila 90 (Lund, same office), Sara 300 (Väst: Göteborg, same
// region), Johanna 500 (Norr: Stockholm, another region).
await give(anna!, oresund!, '2026-11-24', 200)
await give(sven!, oresund!, '2026-11-23', 100)
await give(sven!, oresund!, '2026-11-25', 20)
await give(erik!, oresund!, '2026-11-25', 120)
await give(leila!, lund!, '2026-11-24', 90)
await give(sara!, vast!, '2026-11-25', 300)
await give(johanna!, norr!, '2026-11-24', 500)
// Earlier this month (last week): Lina 400 in Öresund, Sven 50. Last month: Erik 1,000.
await give(lina!, oresund!, '2026-11-16', 400)
await give(sven!, oresund!, '2026-11-20', 50)
await give(erik!, oresund!, '2026-10-15', 1000)

const player = (userId: string, teamIds = [oresund!.id]): GamePlayer => ({ id: userId, teamIds, officeId: oresund!.officeId, regionId: malmo!.regionId })
const ranks = (board: Leaderboard) => board.top.map((r) => [r.name, r.rank, r.xp])

describe('leaderboards', () => {
  it('ranks the team this week with equal XP at equal rank, and says where the person stands', async () => {
    const board = await game.board.leaderboard(player(sven!), { scope: 'team', period: 'week' }, NOW)
    expect(board).toMatchObject({ from: '2026-11-23', to: '2026-11-29', place: { id: oresund!.id, name: 'Team Öresund' }, total: 3 })
    expect(ranks(board).map(([, rank, xp]) => [rank, xp])).toEqual([
      [1, 200],
      [2, 120],
      [2, 120],
    ])
    expect(ranks(board)[0]![0]).toBe('Anna Lindqvist')
    expect(board.me).toEqual({ rank: 2, xp: 120, ranked: true })
    expect(board.top.filter((r) => r.me).map((r) => r.name)).toEqual(['Sven Säljare'])
    expect(board.around).toEqual([])
  })

  it('ranks the month, the office, the region and the organisation each by their own XP', async () => {
    const month = await game.board.leaderboard(player(sven!), { scope: 'team', period: 'month' }, NOW)
    expect(ranks(month)).toEqual([
      ['Lina Holm', 1, 400],
      ['Anna Lindqvist', 2, 200],
      ['Sven Säljare', 3, 170],
      ['Erik Johansson', 4, 120],
    ])
    const office = await game.board.leaderboard(player(sven!), { scope: 'office', period: 'week' }, NOW)
    expect(office.place?.name).toBe('Malmö')
    expect(ranks(office).map(([name]) => name)).toEqual(['Anna Lindqvist', 'Erik Johansson', 'Sven Säljare', 'Leila Haddad'].sort((a, b) => order(a, b)))
    const region = await game.board.leaderboard(player(sven!), { scope: 'region', period: 'week' }, NOW)
    expect(region.place?.name).toBe('Region Syd')
    expect(ranks(region)[0]).toEqual(['Sara Nyström', 1, 300])
    expect(region.total).toBe(5)
    expect(region.me.rank).toBe(3)
    const everyone = await game.board.leaderboard(player(sven!), { scope: 'organisation', period: 'all' }, NOW)
    expect(everyone.place).toBeNull()
    expect(ranks(everyone).slice(0, 3)).toEqual([
      ['Erik Johansson', 1, 1120],
      ['Johanna Ek', 2, 500],
      ['Lina Holm', 3, 400],
    ])
    const allTimeTeam = await game.board.leaderboard(player(sven!), { scope: 'team', period: 'all' }, NOW)
    expect(ranks(allTimeTeam)[0]).toEqual(['Erik Johansson', 1, 1120])
  })

  it('shows the top ten and, below them, the five above and five below one’s own rank', async () => {
    // Twenty more sellers in Öresund this week, 1,000 XP down to 810: Sven (120) is 23rd of 23 … less the ties.
    for (let i = 0; i < 20; i++) await give(randomUUID(), oresund!, '2026-11-26', 1000 - i * 10)
    const board = await game.board.leaderboard(player(sven!), { scope: 'team', period: 'week' }, NOW)
    expect(board.total).toBe(23)
    expect(board.top.map((r) => r.xp)).toEqual([1000, 990, 980, 970, 960, 950, 940, 930, 920, 910])
    // Sven shares rank 22 with Erik (the two sort by id): the five places above his own and what is below it.
    const own = board.around.find((r) => r.me)!
    expect(own).toMatchObject({ rank: 22, xp: 120 })
    const place = board.around.indexOf(own)
    expect(place).toBe(5)
    expect(board.around.every((r) => r.rank > 10)).toBe(true)
    expect(board.around.at(-1)).toMatchObject({ rank: 22, xp: 120 })
    // The whole list by hand: the twenty, Anna, then Erik and Sven in the order of their ids.
    const all = [...Array.from({ length: 20 }, (_, i) => 1000 - i * 10), 200, 120, 120]
    const position = erik! < sven! ? 23 : 22
    expect(board.around.map((r) => r.xp)).toEqual(all.slice(position - 6, Math.min(23, position + 5)))
    expect(board.me).toMatchObject({ rank: 22, xp: 120 })
  })

  it('leaves out who opted out, except for themselves; the choice is theirs alone', async () => {
    const annaSession = await app.login('anna.lindqvist@demo.test')
    const hide = await app.request('PUT', '/api/game/me/ranking', { cookie: annaSession.cookie, body: { ranked: false } })
    expect(hide.status, hide.text).toBe(200)
    expect(hide.json).toEqual({ ranked: false })
    const seen = await game.board.leaderboard(player(sven!), { scope: 'office', period: 'week' }, NOW)
    expect([...seen.top, ...seen.around].map((r) => r.name)).not.toContain('Anna Lindqvist')
    const own = await game.board.leaderboard(player(anna!), { scope: 'office', period: 'week' }, NOW)
    expect([...own.top, ...own.around].find((r) => r.me)).toMatchObject({ name: 'Anna Lindqvist', xp: 200 })
    expect(own.me.ranked).toBe(false)
    expect(own.total).toBe(seen.total + 1)
    const back = await app.request('PUT', '/api/game/me/ranking', { cookie: annaSession.cookie, body: { ranked: true } })
    expect(back.json).toEqual({ ranked: true })
    const again = await game.board.leaderboard(player(sven!), { scope: 'office', period: 'week' }, NOW)
    expect([...again.top, ...again.around].map((r) => r.name)).toContain('Anna Lindqvist')
    // Not a boolean: refused, and nothing changes.
    expect((await app.request('PUT', '/api/game/me/ranking', { cookie: annaSession.cookie, body: { ranked: 'no' } })).status).toBe(400)
  })

  it('answers the signed-in person’s boards through the API, refuses without the permission and bad input', async () => {
    const seller = await app.login('seller@demo.test')
    const r = await app.request('GET', '/api/game/leaderboard?scope=organisation&period=all', { cookie: seller.cookie })
    expect(r.status, r.text).toBe(200)
    const board = r.json as unknown as Leaderboard
    expect(board.top[0]).toMatchObject({ name: 'Erik Johansson', rank: 1 })
    expect(board.me.rank).not.toBeNull()
    // A coach chooses among their teams; a team not theirs falls back to their first.
    const coach = await app.login('coach@demo.test')
    const lundBoard = (await app.request('GET', `/api/game/leaderboard?scope=team&period=all&teamId=${lund!.id}`, { cookie: coach.cookie }))
      .json as unknown as Leaderboard
    expect(lundBoard.place?.name).toBe('Team Lund')
    expect(lundBoard.teams.map((x) => x.name)).toEqual(['Team Lund', 'Team Öresund'])
    const notTheirs = (await app.request('GET', `/api/game/leaderboard?scope=team&period=all&teamId=${vast!.id}`, { cookie: coach.cookie }))
      .json as unknown as Leaderboard
    expect(notTheirs.place?.name).toBe('Team Lund')
    expect((await app.request('GET', '/api/game/leaderboard?scope=galaxy', { cookie: seller.cookie })).status).toBe(400)
    const backoffice = await app.login('backoffice@demo.test')
    expect((await app.request('GET', '/api/game/leaderboard', { cookie: backoffice.cookie })).status).toBe(403)
  })
})

describe('a coach opens their sellers’ game', () => {
  it('marks the rows a viewer may open, and answers another person’s game only to their coach or manager', async () => {
    const coach = await app.login('coach@demo.test')
    const seller = await app.login('seller@demo.test')
    const board = (await app.request('GET', `/api/game/leaderboard?scope=team&period=all&teamId=${oresund!.id}`, { cookie: coach.cookie }))
      .json as unknown as Leaderboard
    // The coach coaches Öresund: Erik opens; the twenty without an account (this file's) do not.
    expect(board.top.find((r) => r.name === 'Erik Johansson')?.open).toBe(true)
    expect(board.top.filter((r) => r.name === '').every((r) => !r.open)).toBe(true)
    const own = (await app.request('GET', `/api/game/leaderboard?scope=team&period=all`, { cookie: seller.cookie })).json as unknown as Leaderboard
    expect([...own.top, ...own.around].filter((r) => r.open).map((r) => r.name)).toEqual(['Sven Säljare'])

    const annas = await app.request('GET', `/api/game/players/${anna}`, { cookie: coach.cookie })
    expect(annas.status, annas.text).toBe(200)
    expect(annas.json).toMatchObject({ name: 'Anna Lindqvist', xp: 200 })
    expect((await app.request('GET', `/api/game/players/${sara}`, { cookie: coach.cookie })).status).toBe(404)
    expect((await app.request('GET', `/api/game/players/${anna}`, { cookie: seller.cookie })).status).toBe(404)
    expect((await app.request('GET', `/api/game/players/${sven}`, { cookie: seller.cookie })).status).toBe(200)
    // A manager: the people of their office (Malmö: Öresund and Lund), by their team's office.
    const manager = await app.login('manager@demo.test')
    expect((await app.request('GET', `/api/game/players/${anna}`, { cookie: manager.cookie })).status).toBe(200)
    expect((await app.request('GET', `/api/game/players/${sara}`, { cookie: manager.cookie })).status).toBe(404)
    const office = (await app.request('GET', '/api/game/leaderboard?scope=office&period=all', { cookie: manager.cookie })).json as unknown as Leaderboard
    expect(office.top.find((r) => r.name === 'Erik Johansson')?.open).toBe(true)
  })
})

/** The office's week by hand: Anna 200, Erik and Sven 120 (tied: by id), Leila 90. */
function order(a: string, b: string) {
  const xp: Record<string, number> = { 'Anna Lindqvist': 200, 'Erik Johansson': 120, 'Sven Säljare': 120, 'Leila Haddad': 90 }
  const id: Record<string, string> = { 'Erik Johansson': erik!, 'Sven Säljare': sven! }
  return xp[b]! - xp[a]! || (id[a] ?? '').localeCompare(id[b] ?? '')
}
