import { randomUUID } from 'node:crypto'
import { asc, eq, inArray } from 'drizzle-orm'
import { mondayOf } from '../../shared/rules/assistant'
import { addDays } from '../../shared/rules/work'
import { nextChangeVersion } from '../db/change-counter'
import type { Database, Db } from '../db/client'

/**
 * The demo's field runs (decision 073): this week's and next week's runs of two teams with their areas, so the sales
 * planner, its table and the runs screen show what they are for (this week's days have their time and sales).
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
      .map((name) => ({ id: randomUUID(), name, teamId: team.id, officeId: team.officeId, shape: null, createdAt: now, updatedAt: now }))
    await tx.insert(t.fieldAreas).values(areas)
    for (let d = 0; d < 10; d++) {
      if (d % 7 >= 5) continue
      const date = addDays(monday, d + (d >= 5 ? 2 : 0))
      const id = randomUUID()
      const sellers = members.filter((_, i) => (i + d) % 4 !== 0).slice(0, 5)
      await tx.insert(t.fieldRuns).values({
        id,
        date,
        teamId: team.id,
        officeId: team.officeId,
        areaId: areas[d % areas.length]!.id,
        meetingPlace: ['Konsum', 'Pressbyrån vid stationen', 'ICA Maxi'][d % 3]!,
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
    }
  }
}
