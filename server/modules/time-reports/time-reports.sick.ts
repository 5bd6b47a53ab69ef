import { and, eq, gt, gte, inArray, notExists, or, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { sickOccasions, sickPeriods } from '../../../shared/rules/pay'
import { addDays, businessDay } from '../../../shared/rules/work'
import type { SickListQuery, SickPeriodRow } from '../../../shared/schemas/time-reports'
import { accessFilter, withAccess } from '../../db/conditions'

import { groupBy, nextWeekday } from './time-reports.admin-context'
import { type TimeAdminContext } from './time-reports.admin-context'

/** Who is sick, and who was: the periods of sick notices and reported sick days in a period (decision 060). */
export function sickList(ctx: TimeAdminContext) {
  const { db, t, read, tr, officeOfUser, userColumns } = ctx
  return {
    /**
     * Who is sick (still going) or has come back within `days`: their sick periods by the Swedish rules (a new
     * sickness within 5 days continues the period; a period over 7 days needs a medical certificate from day 8).
     */
    /**
     * `byPersonUpTo`: up to how many people their notices and sick days are read by person; beyond, the window's are
     * read whole (a test lowers it to compare the two ways).
     */
    async sickList(ability: AppAbility, q: SickListQuery, now = Date.now(), byPersonUpTo = 500): Promise<SickPeriodRow[]> {
      const today = businessDay(now)
      // Far enough back to see a period that began before the window and the earlier sickness it may continue.
      const since = addDays(today, -(q.days + 60))
      const windowStart = addDays(today, -q.days)
      const filter = accessFilter(ability, 'view', 'sicknotices', userColumns)
      const p = (name: string) => sql.placeholder(name)
      const people = await read(
        `timeReports.sick|${filter.shape}|${q.state === 'sick' ? 'open' : 'window'}|${q.teamId ? 't' : ''}|${q.officeId ? 'o' : ''}`,
        () =>
          db
            .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName, phone: t.users.phone, teamName: t.teams.name })
            .from(t.users)
            .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
            .where(
              withAccess(
                filter,
                // Who can be on the list: sick now is a notice nobody has come back from (sick days alone end
                // with the last one reported); come back lately is a notice of the window or sick days since the cutoff.
                q.state === 'sick'
                  ? inArray(
                      t.users.id,
                      db
                        .select({ id: t.sickNotices.userId })
                        .from(t.sickNotices)
                        .where(
                          and(
                            gte(t.sickNotices.date, p('since')),
                            notExists(
                              db
                                .select({ one: sql`1` })
                                .from(tr)
                                .where(and(eq(tr.userId, t.sickNotices.userId), gt(tr.date, t.sickNotices.date), eq(tr.present, true))),
                            ),
                          ),
                        ),
                    )
                  : or(
                      inArray(
                        t.users.id,
                        db
                          .select({ id: t.sickNotices.userId })
                          .from(t.sickNotices)
                          .where(gte(t.sickNotices.date, p('since'))),
                      ),
                      inArray(
                        t.users.id,
                        db
                          .select({ id: tr.userId })
                          .from(tr)
                          .where(and(eq(tr.absenceType, 'sick'), gte(tr.date, p('cutoff')))),
                      ),
                    ),
                q.teamId ? eq(t.users.teamId, p('team')) : undefined,
                q.officeId ? eq(officeOfUser, p('office')) : undefined,
              ),
            ),
        { ...filter.params, since, cutoff: addDays(today, -q.days), team: q.teamId, office: q.officeId },
      )
      const rows: SickPeriodRow[] = []
      // Many people (an organisation's list): the window's notices and sick days read whole by date; a few (a coach's
      // teams): read for them by person.
      const whole = people.length > byPersonUpTo
      const step = whole ? people.length : 500
      for (let i = 0; i < people.length; i += step) {
        const chunk = people.slice(i, i + step)
        const ids = chunk.map((p) => p.id)
        const byPerson = (column: typeof tr.userId | typeof t.sickNotices.userId) => (whole ? undefined : inArray(column, ids))
        // Their notices, each with the first day at work after it (what ends it), and their sick days: not every
        // day they worked. Read whole, they hold others' rows too: only the listed people's are looked up below.
        const [notices, sickDays] = await Promise.all([
          db
            .select({
              userId: t.sickNotices.userId,
              date: t.sickNotices.date,
              message: t.sickNotices.message,
              sentAt: t.sickNotices.sentAt,
              back: sql<string | null>`(${db
                .select({ d: sql`min(${tr.date})` })
                .from(tr)
                .where(and(eq(tr.userId, t.sickNotices.userId), gt(tr.date, t.sickNotices.date), eq(tr.present, true)))})`,
            })
            .from(t.sickNotices)
            .where(and(byPerson(t.sickNotices.userId), gte(t.sickNotices.date, since))),
          db
            .select({ userId: tr.userId, date: tr.date, present: tr.present, absenceType: tr.absenceType })
            .from(tr)
            .where(and(eq(tr.absenceType, 'sick'), gte(tr.date, since), byPerson(tr.userId))),
        ])
        const reports = [...sickDays, ...notices.filter((n) => n.back).map((n) => ({ userId: n.userId, date: n.back!, present: true, absenceType: null }))]
        const reportsOf = groupBy(reports, (r) => r.userId)
        const noticesOf = groupBy(notices, (n) => n.userId)
        for (const p of chunk) {
          const own = reportsOf.get(p.id) ?? []
          const mine = noticesOf.get(p.id) ?? []
          for (const period of sickPeriods(sickOccasions(mine, own, today), today)) {
            // Back on the first day at work after it when a notice says so; else the next weekday after the last sick day.
            const returnedOn = period.end === null ? null : (own.find((r) => r.present === true && r.date > period.end!)?.date ?? nextWeekday(period.end))
            const still = period.end === null
            if (q.state === 'sick' && !still) continue
            if (q.state === 'returned' && (still || period.end! < windowStart)) continue
            if (q.state === 'all' && !still && period.end! < windowStart) continue
            const message = mine
              .filter((n) => n.date >= period.start && (period.end === null || n.date <= period.end))
              .sort((x, y) => y.sentAt - x.sentAt)[0]?.message
            rows.push({
              userId: p.id,
              name: `${p.first} ${p.last}`,
              teamName: p.teamName,
              phone: p.phone,
              start: period.start,
              end: period.end,
              returnedOn,
              days: period.days,
              continued: period.continued,
              certificateFrom: period.certificateFrom,
              message: message ?? null,
            })
          }
        }
      }
      // Still sick first, the longest first; then the most recently returned.
      return rows.sort(
        (x, y) => Number(y.end === null) - Number(x.end === null) || (x.end === null ? y.days - x.days : (y.end ?? '').localeCompare(x.end ?? '')),
      )
    },
  }
}
