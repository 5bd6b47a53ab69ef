import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { mondayOf } from '../../shared/rules/assistant'
import { addDays } from '../../shared/rules/work'
import { nextChangeVersion } from '../db/change-counter'
import type { Database, Db } from '../db/client'

/**
 * The demo's field runs (decision 073): last week's, this week's and next week's runs of two teams with their areas,
 * weekdays, so the sales planner, its table and the runs screen show what they are for on any day of the week (the
 * days worked so far have their time and sales; on a Monday morning, last week's).
 */
export async function seedDemoRuns(database: Database, tx: Db, now: number, teamIds: string[], plannerId: string | null) {
  const { t } = database
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(now)
  const monday = mondayOf(today)
  const teams = await tx.select({ id: t.teams.id, officeId: t.teams.officeId }).from(t.teams).where(inArray(t.teams.id, teamIds))
  const places = ['Limhamn', 'Västra Hamnen', 'Husie', 'Oxie', 'Bunkeflo', 'Kirseberg']
  for (const [ti, team] of teams.entries()) {
    const members = (await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.teamId, team.id)).orderBy(asc(t.users.lastName))).map((m) => m.id)
    if (members.length === 0) continue
    const areas = places
      .slice(ti * 3, ti * 3 + 3)
      .map((name) => ({ id: randomUUID(), name, teamId: team.id, officeId: team.officeId, shape: outline(DISTRICTS[name]!), createdAt: now, updatedAt: now }))
    await tx.insert(t.fieldAreas).values(areas)
    for (let d = -7; d < 12; d++) {
      if ((d + 7) % 7 >= 5) continue
      const date = addDays(monday, d)
      const area = areas[(d + 21) % areas.length]!
      const id = randomUUID()
      const sellers = members.filter((_, i) => (i + d + 28) % 4 !== 0).slice(0, 5)
      await tx.insert(t.fieldRuns).values({
        id,
        date,
        teamId: team.id,
        officeId: team.officeId,
        areaId: area.id,
        meetingPlace: ['Konsum', 'Pressbyrån vid stationen', 'ICA Maxi'][(d + 21) % 3]!,
        meetingTime: d % 2 ? '09:30' : '10:00',
        travelDay: d === 3 && ti === 1,
        note: null,
        version: 1,
        createdById: plannerId,
        createdAt: now,
        updatedAt: now,
      })
      for (const userId of sellers)
        await tx.insert(t.fieldRunSellers).values({ runId: id, userId, removed: false, version: await nextChangeVersion(tx, t, userId) })
      // The days worked so far have their doors: a dozen or two a seller, most not home, a few answered; the team's
      // sales that day were made in the run's area (the runs screen counts none outside it).
      if (date <= today) {
        const centre = DISTRICTS[area.name]!
        await seedDoors(tx, t, id, date, team, sellers, area.name, d + 7, centre)
        await placeSalesIn(tx, t, date, members, centre, d + 7)
      }
    }
  }
}

/** The demo's districts of Malmö (their centres): each area is drawn around its own (docs/decisions/074). */
const DISTRICTS: Record<string, [number, number]> = {
  Limhamn: [55.5835, 12.9302],
  'Västra Hamnen': [55.6155, 12.9765],
  Husie: [55.5857, 13.0747],
  Oxie: [55.5418, 13.0921],
  Bunkeflo: [55.5495, 12.9376],
  Kirseberg: [55.6055, 13.0349],
}

/** An area's outline: a hexagon about 1.2 km across around a centre, longitude first, closed. */
function outline([lat, lng]: [number, number]): { type: 'Polygon'; coordinates: Array<Array<[number, number]>> } {
  const ring = Array.from({ length: 7 }, (_, i) => {
    const a = ((i % 6) * Math.PI) / 3
    return [Math.round((lng + 0.0105 * Math.cos(a)) * 1e5) / 1e5, Math.round((lat + 0.0055 * Math.sin(a)) * 1e5) / 1e5] as [number, number]
  })
  return { type: 'Polygon', coordinates: [ring] }
}

/** A run day's sales of its team, placed inside the area (well within its outline), each a door of its own. */
async function placeSalesIn(tx: Db, t: Database['t'], date: string, sellers: string[], [lat, lng]: [number, number], seed: number) {
  const sales = await tx
    .select({ id: t.sales.id })
    .from(t.sales)
    .where(and(eq(t.sales.sellDate, date), inArray(t.sales.sellerId, sellers)))
    .orderBy(asc(t.sales.id))
  for (const [i, sale] of sales.entries())
    await tx
      .update(t.sales)
      .set({
        lat: Math.round((lat + 0.003 * Math.sin(seed + i * 1.9)) * 1e5) / 1e5,
        lng: Math.round((lng + 0.005 * Math.cos(seed * 0.6 + i * 1.3)) * 1e5) / 1e5,
        accuracy: 6 + ((i * 5) % 15),
      })
      .where(eq(t.sales.id, sale.id))
}

const OUTCOMES = ['notHome', 'notHome', 'notHome', 'notInterested', 'notInterested', 'comeBack', 'sale'] as const

async function seedDoors(
  tx: Db,
  t: Database['t'],
  runId: string,
  date: string,
  team: { id: string; officeId: string },
  sellers: string[],
  street: string,
  seed: number,
  centre: [number, number],
) {
  const rows = []
  for (const [si, userId] of sellers.entries()) {
    const version = await nextChangeVersion(tx, t, userId)
    const count = 12 + ((seed * 7 + si * 5) % 14)
    for (let i = 0; i < count; i++) {
      const outcome = OUTCOMES[(seed + si + i * 3) % OUTCOMES.length]!
      const visitedAt = Date.parse(`${date}T08:00:00Z`) + i * 11 * 60_000
      rows.push({
        id: randomUUID(),
        userId,
        teamId: team.id,
        officeId: team.officeId,
        outcome,
        address: `${street}vägen ${2 + i * 2 + si * 40}`,
        postalCode: null,
        city: null,
        note: null,
        comeBackAt: outcome === 'comeBack' ? visitedAt + 2 * 86_400_000 : null,
        visitedAt,
        // Along the district's streets: within its outline, a step further for each door.
        lat: Math.round((centre[0] + 0.004 * Math.sin(seed + si * 1.7 + i * 0.45)) * 1e5) / 1e5,
        lng: Math.round((centre[1] + 0.008 * Math.cos(seed * 0.7 + si * 1.3 + i * 0.38)) * 1e5) / 1e5,
        accuracy: 8 + ((i * 7) % 20),
        runId,
        version,
        createdAt: visitedAt,
      })
    }
  }
  if (rows.length) await tx.insert(t.fieldVisits).values(rows)
}
