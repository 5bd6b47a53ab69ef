import type { Db } from '../../db/client'
import { subject } from '@casl/ability'
import { and, asc, eq, exists, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { attestationRefusal, wholeSickDay } from '../../../shared/rules/pay'
import { businessMonth, monthRange } from '../../../shared/rules/work'
import type { AttestAnswer, AttestationRow } from '../../../shared/schemas/time-reports'
import { changeVersions, nextChangeVersion } from '../../db/change-counter'
import type { Schema } from '../../db/client'
import { accessFilter, withAccess } from '../../db/conditions'
import { ApiError, forbidden, notFound } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'

import { violationsOf } from './time-reports.admin-context'
import { type Actor, type TimeAdminContext } from './time-reports.admin-context'

/** The month per seller as the attestation screen shows it: what they reported, which days break the rules, whether it is attested. */
export function attestationReads(ctx: TimeAdminContext) {
  const { db, t, read, ports, tr, a, officeOfUser, userColumns, sickConflictsOf } = ctx
  return {
    /** The month per seller: what they reported, which days break the rules, whether it is attested and by whom. */
    async attestations(ability: AppAbility, q: { month: string; officeId?: string; teamId?: string }, now = Date.now()): Promise<AttestationRow[]> {
      const filter = accessFilter(ability, 'view', 'time_reports', userColumns)
      const { from, to } = monthRange(q.month)
      const p = (name: string) => sql.placeholder(name)
      const person = {
        id: t.users.id,
        first: t.users.firstName,
        last: t.users.lastName,
        teamId: t.users.teamId,
        teamName: t.teams.name,
        officeId: officeOfUser,
      }
      // The people in reach of the reader (their rules, the team or office asked for), with more conditions.
      const inReachWhere = (...more: SQL[]) =>
        db
          .select(person)
          .from(t.users)
          .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
          .where(withAccess(filter, q.teamId ? eq(t.users.teamId, p('team')) : undefined, q.officeId ? eq(officeOfUser, p('office')) : undefined, ...more))
      const shape = `${filter.shape}|${q.teamId ? 't' : ''}|${q.officeId ? 'o' : ''}`
      const reported = await read(
        `timeReports.attestations|${shape}`,
        () =>
          inReachWhere(
            // Each person's own rows, by their index (a team is a few dozen lookups, not a month's scan).
            or(
              exists(
                db
                  .select({ one: sql`1` })
                  .from(tr)
                  .where(and(eq(tr.userId, t.users.id), gte(tr.date, p('from')), lte(tr.date, p('to')))),
              ),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(a)
                  .where(and(eq(a.userId, t.users.id), eq(a.month, p('month')))),
              ),
            )!,
          ).orderBy(asc(t.teams.name), asc(t.users.firstName), asc(t.users.lastName)),
        { ...filter.params, team: q.teamId, office: q.officeId, from, to, month: q.month },
      )
      // Everyone with money in the month is here too, hours or not (issue 70): a seller paid only commission is
      // approved where the hours are. Pay says who of the people in reach has any, by its month and person indexes.
      const inReach = await read(`timeReports.attestationReach|${shape}`, () => inReachWhere(), { ...filter.params, team: q.teamId, office: q.officeId })
      const payable = await ports.payableOf(
        db,
        q.month,
        inReach.map((r) => r.id),
      )
      const listed = new Set(reported.map((r) => r.id))
      const moneyOnly = inReach.filter((r) => !listed.has(r.id) && payable.has(r.id))
      const people = [...reported, ...moneyOnly]
      if (moneyOnly.length)
        people.sort(
          (x, y) => (x.teamName ?? '').localeCompare(y.teamName ?? '', 'sv') || x.first.localeCompare(y.first, 'sv') || x.last.localeCompare(y.last, 'sv'),
        )
      if (!people.length) return []
      const ids = people.map((p) => p.id)
      const byUser = new Map<string, { days: number; work: number; absence: number; invalid: string[] }>()
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500)
        const reports = await db
          .select()
          .from(tr)
          .where(and(inArray(tr.userId, chunk), gte(tr.date, from), lte(tr.date, to)))
        for (const r of reports) {
          const s = byUser.get(r.userId) ?? { days: 0, work: 0, absence: 0, invalid: [] }
          s.days++
          s.work += r.workHours
          s.absence += r.absenceHours
          if (violationsOf(r).length) s.invalid.push(r.date)
          byUser.set(r.userId, s)
        }
      }
      const sick = await sickConflictsOf(db, ids, q.month, now)
      const marks = new Map<string, Schema['timeAttestations']['$inferSelect']>()
      for (let i = 0; i < ids.length; i += 500) {
        for (const m of await db
          .select()
          .from(a)
          .where(and(eq(a.month, q.month), inArray(a.userId, ids.slice(i, i + 500)))))
          marks.set(m.userId, m)
      }
      const actorIds = [...new Set([...marks.values()].flatMap((m) => [m.attestedById, m.reopenedById]).filter((x): x is string => !!x))]
      const names = new Map<string, string>()
      if (actorIds.length)
        for (const u of await db
          .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName })
          .from(t.users)
          .where(inArray(t.users.id, actorIds)))
          names.set(u.id, `${u.first} ${u.last}`)
      return people.map((p) => {
        const s = byUser.get(p.id) ?? { days: 0, work: 0, absence: 0, invalid: [] }
        const m = marks.get(p.id)
        return {
          userId: p.id,
          name: `${p.first} ${p.last}`,
          teamId: p.teamId,
          teamName: p.teamName,
          days: s.days,
          workHours: s.work,
          absenceHours: s.absence,
          commissionOre: payable.get(p.id)?.commissionOre ?? 0,
          extraIncomeOre: payable.get(p.id)?.extraIncomeOre ?? 0,
          invalidDates: s.invalid.sort(),
          sickConflicts: sick.get(p.id) ?? [],
          attestedAt: m?.attestedAt ?? null,
          attestedBy: m?.attestedById ? (names.get(m.attestedById) ?? null) : null,
          reopenedAt: m?.reopenedAt ?? null,
          reopenedBy: m?.reopenedById ? (names.get(m.reopenedById) ?? null) : null,
          reopenReason: m?.reopenReason ?? null,
          mayAttest: ability.can('create', subject('time_attestations', { sellerId: p.id, userId: p.id, teamId: p.teamId, officeId: p.officeId })),
        }
      })
    },
  }
}

/** The people named, with their team and office, read 500 at a time. */
async function peopleOf(tx: Db, { t, officeOfUser }: Pick<TimeAdminContext, 't' | 'officeOfUser'>, ids: string[]) {
  const people = new Map<string, { id: string; first: string; last: string; teamId: string | null; officeId: string | null }>()
  for (let i = 0; i < ids.length; i += 500)
    for (const p of await tx
      .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName, teamId: t.users.teamId, officeId: officeOfUser })
      .from(t.users)
      .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
      .where(inArray(t.users.id, ids.slice(i, i + 500))))
      people.set(p.id, p)
  return people
}

/** The month's attestation (a coach their teams', back office anyone's), the sick days it records, and back office reopening a month with a reason. */
export function attestationChanges(ctx: TimeAdminContext) {
  const { database, t, events, tr, a, officeOfUser, attestedAtOf, sickConflictsOf } = ctx
  return {
    /**
     * Attests a month for each of the users named, each within the actor's rules (a coach: their teams); a user
     * whose month has not begun, is attested already, or has reports that break the rules is refused with why.
     * One transaction: the rows, their log lines and events; the devices pull the lock.
     */
    async attest(actor: Actor, month: string, userIds: string[], now = Date.now()): Promise<AttestAnswer> {
      return database.transaction(async (tx) => {
        const answer: AttestAnswer = { attested: [], refused: [] }
        const unique = [...new Set(userIds)]
        const people = await peopleOf(tx, ctx, unique)
        const { from, to } = monthRange(month)
        const versions = changeVersions(tx, t)
        for (const userId of unique) {
          const p = people.get(userId)
          const who = p && { sellerId: p.id, userId: p.id, teamId: p.teamId, officeId: p.officeId }
          if (!p || !actor.ability.can('create', subject('time_attestations', who!))) throw forbidden()
          const [mark] = await tx
            .select()
            .from(a)
            .where(and(eq(a.userId, userId), eq(a.month, month)))
          const reports = await tx
            .select()
            .from(tr)
            .where(and(eq(tr.userId, userId), gte(tr.date, from), lte(tr.date, to)))
          const refusal = attestationRefusal({
            month,
            currentMonth: businessMonth(now),
            attested: !!mark?.attestedAt,
            invalidDates: reports.filter((r) => violationsOf(r).length > 0).map((r) => r.date),
            sickConflictDates: ((await sickConflictsOf(tx, [userId], month, now)).get(userId) ?? []).map((c) => c.date),
          })
          if (refusal) {
            answer.refused.push({ userId, name: `${p.first} ${p.last}`, ...refusal })
            continue
          }
          const version = await versions(userId)
          const id = mark?.id ?? crypto.randomUUID()
          if (mark)
            await tx
              .update(a)
              .set({ attestedAt: now, attestedById: actor.id, teamId: p.teamId, officeId: p.officeId, version, updatedAt: now })
              .where(eq(a.id, id))
          else
            await tx
              .insert(a)
              .values({ id, userId, teamId: p.teamId, officeId: p.officeId, month, attestedAt: now, attestedById: actor.id, version, updatedAt: now })
          await logActivity(tx, t, { at: now, actorId: actor.id, entity: 'time_attestation', entityId: id, action: 'attested', after: { userId, month } })
          await events.record(tx, 'timeAttestation.changed', { userId, month, attested: true, reason: null }, { actorId: actor.id, at: now })
          answer.attested.push(userId)
        }
        return answer
      })
    },

    /**
     * Back office writes the sick days a seller's notices call sick and no report shows (decision 060): each a
     * whole sick day, in the seller's name as a correction, logged and pulled by their device. Days already reported
     * (a worked day under a notice) are corrected one by one on their report. The dates written.
     */
    async recordSickDays(actor: Actor, input: { month: string; userId: string }, now = Date.now()): Promise<{ dates: string[] }> {
      return database.transaction(async (tx) => {
        const [p] = await tx
          .select({ id: t.users.id, teamId: t.users.teamId, officeId: officeOfUser })
          .from(t.users)
          .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
          .where(eq(t.users.id, input.userId))
        const who = p && { sellerId: p.id, userId: p.id, teamId: p.teamId, officeId: p.officeId }
        if (!p || !actor.ability.can('view', subject('time_reports', who!))) throw notFound()
        if (!actor.ability.can('update', subject('time_reports', who!))) throw forbidden()
        if (await attestedAtOf(tx, p.id, input.month)) throw new ApiError(409, 'month_attested', { params: { month: input.month } })
        const dates = ((await sickConflictsOf(tx, [p.id], input.month, now)).get(p.id) ?? []).filter((c) => c.kind === 'unreported').map((c) => c.date)
        if (!dates.length) return { dates }
        const version = await nextChangeVersion(tx, t, p.id)
        for (const date of dates) {
          const id = crypto.randomUUID()
          const day = wholeSickDay()
          await tx
            .insert(tr)
            .values({ id, userId: p.id, teamId: p.teamId, officeId: p.officeId, date, ...day, comment: null, version, createdAt: now, updatedAt: now })
          await logActivity(tx, t, { at: now, actorId: actor.id, entity: 'time_report', entityId: id, action: 'backoffice_corrected', after: { date, ...day } })
          await events.record(
            tx,
            'timeReport.saved',
            {
              reportId: id,
              userId: p.id,
              teamId: p.teamId,
              officeId: p.officeId,
              date,
              present: day.present,
              workHours: day.workHours,
              absenceHours: day.absenceHours,
              absenceType: day.absenceType,
            },
            { actorId: actor.id, at: now },
          )
        }
        return { dates }
      })
    },

    /** Back office reopens an attested month with a reason: the seller may change it again; kept in the log. */
    async reopen(actor: Actor, input: { month: string; userId: string; reason: string }, now = Date.now()) {
      if (!actor.ability.can('update', 'time_attestations')) throw forbidden()
      return database.transaction(async (tx) => {
        const [mark] = await tx
          .select()
          .from(a)
          .where(and(eq(a.userId, input.userId), eq(a.month, input.month)))
        if (!mark?.attestedAt) throw new ApiError(409, 'conflict')
        const version = await nextChangeVersion(tx, t, mark.userId)
        await tx
          .update(a)
          .set({ attestedAt: null, reopenedAt: now, reopenedById: actor.id, reopenReason: input.reason, version, updatedAt: now })
          .where(eq(a.id, mark.id))
        await logActivity(tx, t, {
          at: now,
          actorId: actor.id,
          entity: 'time_attestation',
          entityId: mark.id,
          action: 'reopened',
          before: { attestedAt: mark.attestedAt },
          after: { userId: input.userId, month: input.month },
          reason: input.reason,
        })
        await events.record(
          tx,
          'timeAttestation.changed',
          { userId: input.userId, month: input.month, attested: false, reason: input.reason },
          { actorId: actor.id, at: now },
        )
      })
    },
  }
}
