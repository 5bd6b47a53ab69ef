import { asc, count, desc, eq, isNotNull } from 'drizzle-orm'
import { translator } from '../shared/i18n'
import { userListQuerySchema } from '../shared/schemas/users'
import { activitySearchSchema } from '../shared/schemas/activity'
import { businessDay } from '../shared/rules/work'
import { activityService } from '../server/modules/activity/activity.service'
import { authService } from '../server/modules/auth/auth.service'
import { usersService } from '../server/modules/users/users.service'
import { createDeps } from '../server/platform/deps'
import { logActivities } from '../server/platform/activity-log'
import { actorOf, benchDatabase, reportTargets, RUNS, sized, timeRuns } from './lib'

/**
 * `npm run bench:admin` — user administration on the large organisation (issue 17), on the database the server is
 * configured for (`DATA_DIR`, or `DATABASE_URL` for PostgreSQL) after `npm run seed -- --scale large`.
 *
 * The users list with its typical filters (p50 and p95 of RUNS calls through the users service, as the route calls
 * it), then a 5,000-row CSV import: the dry run (three times), then the confirmed import once, which adds 5,000
 * users to the data set it runs on (their addresses carry the run's time, so a second run does not collide).
 * Then the activity-log search. Targets: list and search p95 under 100 ms; a 5,000-row dry run under 10 s.
 */
const { env, database } = await benchDatabase()
const { db, t } = database
const measure = timeRuns

try {
  const [{ n: userCount }] = (await db.select({ n: count() }).from(t.users)) as [{ n: number }]
  if (userCount < sized(4_000, 1)) console.warn(`Only ${userCount} users: seed the large data set first (npm run seed -- --scale large).`)
  const deps = await createDeps(env, database, { events: { pollMs: 1000 } })
  const auth = authService(database, { sessionTtlMs: 3_600_000, scryptLogN: 10, secrets: deps.secrets })
  const users = usersService(database, {
    scryptLogN: 10,
    events: deps.events,
    endSessions: (tx, ids) => auth.sessions.endSessionsOf(tx, ids),
    onRulesChanged: () => undefined,
    providers: (db) => db.select({ id: t.providers.id, name: t.providers.name, active: t.providers.active }).from(t.providers),
    signInMethods: { enabled: (id) => auth.mfa.enrolment.isEnabled(id), reset: (tx, id) => auth.mfa.enrolment.reset(tx, id) },
  })
  const admin = await actorOf(database, auth, 'admin@demo.test')
  const manager = await actorOf(database, auth, 'manager@demo.test')
  const coach = await actorOf(database, auth, 'coach@demo.test')
  const sv = translator('sv')

  // Real values from the data set: a role, a team, an office, a region, a title, a surname.
  const [seller] = await db.select({ id: t.roles.id }).from(t.roles).where(eq(t.roles.key, 'seller'))
  const [team] = await db.select({ id: t.teams.id, officeId: t.teams.officeId }).from(t.teams).orderBy(asc(t.teams.name)).limit(1)
  const [office] = await db.select({ regionId: t.offices.regionId }).from(t.offices).where(eq(t.offices.id, team!.officeId))
  const [titled] = await db.select({ title: t.users.title }).from(t.users).where(isNotNull(t.users.title)).limit(1)
  const [someone] = await db
    .select({ last: t.users.lastName })
    .from(t.users)
    .orderBy(asc(t.users.email))
    .limit(1)
    .offset(Math.floor(userCount / 2))

  const q = (extra: Record<string, string> = {}) => userListQuerySchema.parse({ itemsPerPage: '25', ...extra })
  const lists: Array<[string, ReturnType<typeof q>, typeof admin]> = [
    ['active users, by name (page 1)', q(), admin],
    ['everyone, newest first', q({ status: 'all', sortBy: 'created', orderBy: 'desc' }), admin],
    ['former users, latest deactivated first', q({ status: 'former', sortBy: 'deactivated', orderBy: 'desc' }), admin],
    ['role: seller', q({ roleId: seller!.id }), admin],
    ['a team', q({ teamId: team!.id }), admin],
    ['an office', q({ officeId: team!.officeId }), admin],
    ['a region', q({ regionId: office!.regionId }), admin],
    ...(titled?.title ? [[`title "${titled.title}"`, q({ title: titled.title }), admin] as [string, ReturnType<typeof q>, typeof admin]] : []),
    [`free text: a surname ("${someone!.last}")`, q({ q: someone!.last }), admin],
    ['free text: part of an address ("example")', q({ q: 'example' }), admin],
    ['sorted by team', q({ sortBy: 'team' }), admin],
    ['sorted by role, 100 a page', q({ sortBy: 'role', itemsPerPage: '100' }), admin],
    ['offset page 100 (rows 2,476–2,500)', q({ page: '100' }), admin],
    ['new in the last 30 days', q({ createdSince: String(Date.now() - 30 * 86_400_000), sortBy: 'created', orderBy: 'desc' }), admin],
    ['a manager: their office (rule conditions)', q(), manager],
    ['a coach: their teams (rule conditions)', q(), coach],
  ]

  console.log(`Users list, ${userCount.toLocaleString('en')} users, ${database.dialect}; p50 / p95 of ${RUNS} calls:`)
  const failures: string[] = []
  for (const [name, query, actor] of lists) {
    let total = 0
    const { p50, p95 } = await measure(async () => {
      total = (await users.reads.list(actor.ability, query)).total
    })
    console.log(`  ${name.padEnd(48)} ${p50.toFixed(1).padStart(7)} / ${p95.toFixed(1).padStart(7)} ms  (${total.toLocaleString('en')} found)`)
    if (p95 >= 100) failures.push(`list "${name}": p95 ${p95.toFixed(0)} ms`)
  }

  // A 5,000-row file of new people as an HR system would export it: Swedish headers, semicolons, teams named
  // "Office / Team", a title and a phone on each, and 1 row in 50 with a mistake (a role that does not exist, an
  // address already taken) so the check has errors to name.
  const teams = await db.select({ name: t.teams.name, office: t.offices.name }).from(t.teams).innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
  const [taken] = await db.select({ email: t.users.email }).from(t.users).limit(1)
  const stamp = Date.now().toString(36)
  const IMPORT_ROWS = sized(5_000, 50)
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => {
    const tm = teams[i % teams.length]!
    const email = i % 50 === 7 ? taken!.email : `ny${i}.${stamp}@import.example.se`
    const role = i % 50 === 13 ? 'Direktör' : i % 10 === 0 ? 'Coach' : 'Säljare'
    return [email, `Förnamn${i}`, `Efternamn${i}`, role, `${tm.office} / ${tm.name}`, 'Säljare', `070-${String(1_000_000 + i).slice(1)}`].join(';')
  })
  const csv = ['E-post;Förnamn;Efternamn;Roll;Team;Titel;Telefon', ...rows].join('\r\n')
  console.log(`\nA ${IMPORT_ROWS.toLocaleString('en')}-row CSV import (${(csv.length / 1024).toFixed(0)} kB):`)
  const dryRuns: number[] = []
  let checked = { total: 0, valid: 0 }
  for (let i = 0; i < 3; i++) {
    const start = performance.now()
    checked = await users.imports.importUsers(admin, { csv, confirm: false }, sv)
    dryRuns.push(performance.now() - start)
  }
  console.log(`  dry run: ${dryRuns.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}  (${checked.valid} valid of ${checked.total})`)
  if (Math.min(...dryRuns) >= 10_000) failures.push(`dry run: ${Math.min(...dryRuns).toFixed(0)} ms`)
  const start = performance.now()
  const done = await users.imports.importUsers(admin, { csv, confirm: true, password: 'bench-forsta-losenord' }, sv)
  console.log(`  confirmed import: ${(performance.now() - start).toFixed(0)} ms  (${done.created} users created, each logged with its event)`)
  // The activity-log search (decision 035). The seed writes no log; a year of an organisation this size writes about
  // a million lines (mostly back office's sale-report status changes), so the bench adds that many once, spread over
  // the last 365 days, before it measures.
  const activity = activityService(database)
  let [{ n: logCount }] = (await db.select({ n: count() }).from(t.activityLog)) as [{ n: number }]
  if (logCount < sized(500_000, 5_000)) {
    const fillStart = performance.now()
    const people = (await db.select({ id: t.users.id }).from(t.users).limit(60)).map((u) => u.id)
    const kinds = [
      'sale_report',
      'sale_report',
      'sale_report',
      'sale_report',
      'sale_report',
      'sale_report',
      'customer',
      'user',
      'time_report',
      'product',
    ] as const
    const actions = ['status_changed', 'status_changed', 'updated', 'created', 'identity_read'] as const
    const end = Date.now()
    const TOTAL = sized(1_000_000, 10_000)
    for (let i = 0; i < TOTAL; i += 10_000) {
      await database.transaction(async (tx) => {
        await logActivities(
          tx,
          t,
          Array.from({ length: 10_000 }, (_, k) => {
            const n = i + k
            return {
              at: end - Math.floor(((TOTAL - n) / TOTAL) * 365 * 86_400_000),
              actorId: people[n % people.length]!,
              entity: kinds[n % kinds.length]!,
              entityId: `bench-${n % 250_000}`,
              action: actions[n % actions.length]!,
              before: { status: 'finalized' },
              after: { status: 'approved' },
              reason: n % 97 === 0 ? `Kontrollringd ${n}` : null,
            }
          }),
        )
      })
    }
    logCount += TOTAL
    console.log(`\n(The log had no year of history: ${TOTAL.toLocaleString('en')} lines added in ${((performance.now() - fillStart) / 1000).toFixed(0)} s.)`)
  }
  const [newestLine] = await db.select({ at: t.activityLog.at }).from(t.activityLog).orderBy(desc(t.activityLog.at)).limit(1)
  const lastDay = businessDay(newestLine?.at ?? Date.now())
  const monthStart = `${lastDay.slice(0, 8)}01`
  const a = (extra: Record<string, string> = {}) => activitySearchSchema.parse({ itemsPerPage: '25', ...extra })
  const searches: Array<[string, ReturnType<typeof a>]> = [
    ['newest first (page 1)', a()],
    ['one kind of entity: users', a({ entity: 'user' })],
    ['one kind of entity: sale reports', a({ entity: 'sale_report' })],
    ['an actor (the admin)', a({ actorId: admin.id })],
    [`this month (${monthStart} … ${lastDay})`, a({ from: monthStart, to: lastDay })],
    ['free text: a reason ("Kontrollringd 97")', a({ q: 'Kontrollringd 97' })],
    ['free text, this month ("kontroll")', a({ q: 'kontroll', from: monthStart, to: lastDay })],
    ['one kind, this month: users', a({ entity: 'user', from: monthStart, to: lastDay })],
    ['one user’s lines', a({ entity: 'user', entityId: admin.id })],
  ]
  console.log(`\nActivity-log search, ${logCount.toLocaleString('en')} lines; p50 / p95 of ${RUNS} calls:`)
  for (const [name, query] of searches) {
    let total = 0
    const { p50, p95 } = await measure(async () => {
      total = (await activity.search(query)).total
    })
    console.log(`  ${name.padEnd(48)} ${p50.toFixed(1).padStart(7)} / ${p95.toFixed(1).padStart(7)} ms  (${total.toLocaleString('en')} found)`)
    if (p95 >= 100) failures.push(`activity log "${name}": p95 ${p95.toFixed(0)} ms`)
  }

  // Everything the platform started, or the process stays up (on PostgreSQL the realtime cluster link retries forever).
  await Promise.all([deps.events.stop(), deps.jobs.stop(), deps.realtime.close()])

  reportTargets(failures, 'Every list under 100 ms at p95; the dry run under 10 s.')
} finally {
  await database.close()
}
