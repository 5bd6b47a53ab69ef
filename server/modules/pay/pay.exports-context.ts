import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import { and, desc, eq, inArray, isNull, sum } from 'drizzle-orm'
import { codeFitsItem, payItemsOfReport, PAY_ITEMS, unmappedItems, type PayItem } from '../../../shared/rules/pay'
import { timeReportViolations, type AbsenceType } from '../../../shared/rules/time-report'
import { monthRange } from '../../../shared/rules/work'
import type { PayExportKind, PayrollProblem, PayrollScope, PayrollTotals } from '../../../shared/schemas/pay'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'
import type { PayService } from './pay.service'

/** A time report as pay reads it (from the time-reports area, through its port). */
export type PayReport = {
  userId: string
  date: string
  present: boolean | null
  workHours: number
  absenceHours: number
  absenceType: AbsenceType | null
  allowanceType: number | null
  travelLocation: string | null
}

/** A user's absence of a type over a period, for the absence export. */
export type AbsenceSum = { userId: string; absenceType: AbsenceType; days: number; hours: number; first: string; last: string }

/** What pay asks the time-reports area (wired in server/composition/areas.ts). */
export type PayPorts = {
  /** users with a time report in the period */
  reportersOf(db: Db, from: string, to: string): Promise<string[]>
  /** these users' reports of the period */
  reportsOf(db: Db, userIds: string[], from: string, to: string): Promise<PayReport[]>
  /** which of these users have the month attested */
  attestedOf(db: Db, month: string, userIds: string[]): Promise<Set<string>>
  /** absence per user and type in the period, users after `afterUserId`, at most `limit` users */
  absencePage(
    db: Db,
    q: { from: string; to: string; absenceType?: string; officeId?: string; teamId?: string; userId?: string },
    afterUserId: string | null,
    limit: number,
  ): Promise<AbsenceSum[]>
}

/** Test seam: runs inside an export's final transaction, after its writes; a throw rolls them back. */
/** Fault injection for the tests: a failure before the commit; a written file changed before it is checked. */
export type PayExportHooks = { beforeCommit?: (kind: PayExportKind) => void; afterWrite?: (kind: PayExportKind, file: string) => Promise<void> }

export const CHUNK = 500
export const ABSENCE_PAGE_USERS = 500
/** Changes listed after a re-export (the count says if there were more). */
export const CHANGES_SHOWN = 500

export type Person = { id: string; first: string; last: string; employeeId: string | null; teamName: string | null; officeName: string | null }
export type LineKey = `${string}|${PayItem}`

export const kr = (ore: number) => (ore / 100).toFixed(2)

/** A month's pay summed per employee and item, as the export stores it. */
export type Totals = Map<LineKey, { quantity: number; amountOre: number }>

/** The figures of a month's pay, added from the walk's lines (all of them, or those of the people named). */
export function payrollTotals(totals: Totals, only?: Set<string>): PayrollTotals {
  const out: PayrollTotals = { hours: 0, absenceHours: 0, allowanceDays: 0, commissionOre: 0, extraIncomeOre: 0 }
  for (const [key, v] of totals) {
    const [userId, item] = key.split('|') as [string, PayItem]
    if (only && !only.has(userId)) continue
    if (item === 'work') out.hours += v.quantity
    else if (item.startsWith('absence.')) out.absenceHours += v.quantity
    else if (item.startsWith('allowance.')) out.allowanceDays += v.quantity
    else if (item === 'commission' || item === 'clawback') out.commissionOre += v.amountOre
    else if (item === 'extra_income') out.extraIncomeOre += v.amountOre
  }
  return out
}

/** A payroll file the official schema refuses: the export fails with these reasons and stores nothing. */
export class InvalidPaxml extends Error {
  constructor(readonly problems: string[]) {
    super('invalid PAXml')
  }
}

/** What the exports' parts share: the tables, the people of a month and what stops its payroll, temporary files. */
export function payExportsContext(
  deps: Pick<Deps, 'database' | 'events' | 'jobs' | 'files' | 'env' | 'downloads'>,
  pay: PayService,
  ports: PayPorts,
  hooks: PayExportHooks = {},
) {
  const { database, events, jobs, files, downloads } = deps
  const { db, t } = database
  const e = t.payExports
  const systemName = deps.env.payrollSystemName

  async function people(tx: Db, ids: string[]): Promise<Map<string, Person>> {
    const out = new Map<string, Person>()
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await tx
        .select({
          id: t.users.id,
          first: t.users.firstName,
          last: t.users.lastName,
          employeeId: t.users.employeeId,
          teamName: t.teams.name,
          officeName: t.offices.name,
        })
        .from(t.users)
        .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
        .leftJoin(t.offices, eq(t.offices.id, t.teams.officeId))
        .where(inArray(t.users.id, ids.slice(i, i + CHUNK)))
      for (const r of rows) out.set(r.id, r)
    }
    return out
  }

  /** Everyone the month's payroll covers: who reported time, earned or lost commission, or has extra income. */
  async function payrollPeople(tx: Db, month: string): Promise<Person[]> {
    const { from, to } = monthRange(month)
    const [reporters, commission, extra] = await Promise.all([
      ports.reportersOf(tx, from, to),
      tx.selectDistinct({ id: t.commissionLines.userId }).from(t.commissionLines).where(eq(t.commissionLines.month, month)),
      tx
        .selectDistinct({ id: t.extraIncomes.userId })
        .from(t.extraIncomes)
        .where(and(eq(t.extraIncomes.month, month), isNull(t.extraIncomes.removedAt))),
    ])
    const ids = [...new Set([...reporters, ...commission.map((r) => r.id), ...extra.map((r) => r.id)])]
    const byId = await people(tx, ids)
    return [...byId.values()].sort((a, b) => (a.employeeId ?? '').localeCompare(b.employeeId ?? '') || a.last.localeCompare(b.last) || a.id.localeCompare(b.id))
  }

  /** Which of these people have the month attested. */
  async function attestedIn(tx: Db, month: string, everyone: Person[]): Promise<Set<string>> {
    const ids = everyone.map((p) => p.id)
    const out = new Set<string>()
    for (let i = 0; i < ids.length; i += CHUNK) for (const id of await ports.attestedOf(tx, month, ids.slice(i, i + CHUNK))) out.add(id)
    return out
  }

  /**
   * The people a payroll export of the month covers: everyone payable, or (`attested`, a deliberate choice) those
   * whose month is attested, with who that leaves out.
   */
  async function coveredBy(tx: Db, month: string, scope: PayrollScope): Promise<{ everyone: Person[]; covered: Person[]; leftOut: Person[] }> {
    const everyone = await payrollPeople(tx, month)
    if (scope === 'all') return { everyone, covered: everyone, leftOut: [] }
    const attested = await attestedIn(tx, month, everyone)
    return { everyone, covered: everyone.filter((p) => attested.has(p.id)), leftOut: everyone.filter((p) => !attested.has(p.id)) }
  }

  /** What stops the month's payroll export: each problem named, so back office can fix it. */
  async function problemsOf(tx: Db, month: string, everyone: Person[]): Promise<{ problems: PayrollProblem[]; attestedIds: Set<string> }> {
    const { from, to } = monthRange(month)
    const problems: PayrollProblem[] = []
    const needed = new Set<PayItem>()
    const attestedIds = new Set<string>()
    for (let i = 0; i < everyone.length; i += CHUNK) {
      const chunk = everyone.slice(i, i + CHUNK)
      const ids = chunk.map((p) => p.id)
      const [reports, marks] = await Promise.all([ports.reportsOf(tx, ids, from, to), ports.attestedOf(tx, month, ids)])
      for (const p of chunk) {
        const name = `${p.first} ${p.last}`
        // Everyone payable, hours or only money (commission, extra income): nobody is paid unapproved (issue 70).
        if (marks.has(p.id)) attestedIds.add(p.id)
        else problems.push({ kind: 'notAttested', userId: p.id, name })
        if (!p.employeeId?.trim()) problems.push({ kind: 'noEmployeeId', userId: p.id, name })
      }
      for (const r of reports) {
        if (timeReportViolations({ ...r, allowanceType: r.allowanceType as 0 | 1 | 2 | null }).length) {
          const p = chunk.find((x) => x.id === r.userId)!
          problems.push({ kind: 'invalidReport', userId: r.userId, name: `${p.first} ${p.last}`, date: r.date })
        }
        for (const item of payItemsOfReport(r)) needed.add(item)
      }
    }
    const [hasCommission] = await tx
      .select({ n: sum(t.commissionLines.amountOre) })
      .from(t.commissionLines)
      .where(eq(t.commissionLines.month, month))
    if (hasCommission?.n !== null && hasCommission?.n !== undefined) needed.add('commission').add('clawback')
    const [hasExtra] = await tx
      .select({ id: t.extraIncomes.id })
      .from(t.extraIncomes)
      .where(and(eq(t.extraIncomes.month, month), isNull(t.extraIncomes.removedAt)))
      .limit(1)
    if (hasExtra) needed.add('extra_income')
    const mapping = await pay.codes.mapping(tx)
    for (const item of unmappedItems(needed, new Map([...mapping].map(([k, v]) => [k, v.code])))) problems.push({ kind: 'unmapped', item })
    for (const item of PAY_ITEMS) {
      const code = mapping.get(item)?.code
      if (needed.has(item) && code && !codeFitsItem(item, code)) problems.push({ kind: 'codeNotPaxml', item, code })
    }
    return { problems, attestedIds }
  }

  async function lastDone(tx: Db, month: string) {
    const [row] = await tx
      .select({ id: e.id, at: e.finishedAt, by: e.requestedById })
      .from(e)
      .where(and(eq(e.kind, 'payroll'), eq(e.month, month), eq(e.state, 'done')))
      .orderBy(desc(e.finishedAt))
      .limit(1)
    return row ?? null
  }

  async function userName(tx: Db, id: string) {
    const [u] = await tx.select({ first: t.users.firstName, last: t.users.lastName }).from(t.users).where(eq(t.users.id, id))
    return u ? `${u.first} ${u.last}` : ''
  }

  /** A temporary file the export writes into; removed whatever happens. */
  async function withTempFile<T>(ext: string, fn: (file: string) => Promise<T>): Promise<T> {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sk-export-'))
    const file = path.join(dir, `export.${ext}`)
    try {
      return await fn(file)
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true })
    }
  }

  /** Writes to a stream and waits when it asks to (back-pressure), so a large file never piles up in memory. */
  function writer(stream: fs.WriteStream) {
    return async (chunk: string) => {
      if (!stream.write(chunk)) await once(stream, 'drain')
    }
  }

  return {
    deps,
    pay,
    ports,
    hooks,
    database,
    events,
    jobs,
    files,
    downloads,
    db,
    t,
    e,
    systemName,
    people,
    payrollPeople,
    problemsOf,
    attestedIn,
    coveredBy,
    lastDone,
    userName,
    withTempFile,
    writer,
  }
}
export type PayExportsContext = ReturnType<typeof payExportsContext>
