import { describe, expect, it } from 'vitest'
import { buildAbility } from '../../../shared/permissions/ability'
import { sickListQuerySchema } from '../../../shared/schemas/time-reports'
import { createTestApp } from '../../test/harness'
import { timeAdminContext } from './time-reports.admin-context'
import { sickList } from './time-reports.sick'

/**
 * The sick list reads a few people's notices and sick days by person, and an organisation's (over 500 people) by the
 * window whole, kept for those on the list (issue 72): both ways give the same list, whichever state is asked for.
 */
const app = await createTestApp()
const list = sickList(timeAdminContext({ database: app.database, events: app.events }, { payableOf: async () => new Map() }))
const everyone = buildAbility([{ action: 'view', subject: 'sicknotices' }])

describe('the sick list, read by person or by the window', () => {
  it('gives the same periods either way, for who is sick now, who came back and both', async () => {
    let periods = 0
    for (const state of ['sick', 'returned', 'all'] as const) {
      const q = sickListQuerySchema.parse({ state, days: '90' })
      const byPerson = await list.sickList(everyone, q)
      const whole = await list.sickList(everyone, q, Date.now(), 0)
      expect(whole, state).toEqual(byPerson)
      periods += byPerson.length
    }
    // The demo organisation has sick notices and sick days: the comparison is of something.
    expect(periods).toBeGreaterThan(0)
  })

  it('keeps to a team’s people when the window is read whole', async () => {
    const all = await list.sickList(everyone, sickListQuerySchema.parse({ state: 'all', days: '90' }))
    const teams = await app.database.db.select({ id: app.database.t.teams.id }).from(app.database.t.teams)
    let shorter = 0
    for (const team of teams) {
      const q = sickListQuerySchema.parse({ state: 'all', days: '90', teamId: team.id })
      const byPerson = await list.sickList(everyone, q)
      expect(await list.sickList(everyone, q, Date.now(), 0), team.id).toEqual(byPerson)
      if (byPerson.length < all.length) shorter++
    }
    // Some team's list leaves out the others' periods: the filter is tested, not only the organisation's list.
    expect(shorter).toBeGreaterThan(0)
  })
})
