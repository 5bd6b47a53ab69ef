import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import { and, asc, desc, eq, inArray, isNull, sum } from 'drizzle-orm'
import { TRANSLATORS, type LanguageCode } from '../../../shared/i18n'
import { codeFitsItem, payItemsOfReport, PAY_ITEMS, unmappedItems, type PayItem } from '../../../shared/rules/pay'
import { timeReportViolations, type AbsenceType } from '../../../shared/rules/time-report'
import { businessDateTime, monthRange } from '../../../shared/rules/work'
import type {
  AbsenceExportRequest,
  PayExportItem,
  PayExportKind,
  PayrollChange,
  PayrollMonthState,
  PayrollProblem,
  PayExportSummary,
} from '../../../shared/schemas/pay'
import type { Db } from '../../db/client'
import { csvFile } from '../../lib/csv-file'
import { xlsxFile } from '../../lib/xlsx-file'
import { ApiError, notFound } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'
import type { PayService } from './pay.service'
import { paxmlProblems, paxmlWriter } from './paxml'

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

const CHUNK = 500
const ABSENCE_PAGE_USERS = 500
/** Changes listed after a re-export (the count says if there were more). */
const CHANGES_SHOWN = 500

type Person = { id: string; first: string; last: string; employeeId: string | null; teamName: string | null; officeName: string | null }
type LineKey = `${string}|${PayItem}`

const kr = (ore: number) => (ore / 100).toFixed(2)

/**
 * Absence and payroll exports (issue 15, docs/decisions/029). Asked for by a user, run as jobs (progress on the job,
 * the file kept for the user to fetch later); a payroll export first checks the month — attested, everyone with an
 * employee number, reports within the rules, every pay item mapped — and is refused with the list of what to fix.
 * Files are written row by row to a temporary file (never the whole file in memory), then stored with the export's
 * state and, for payroll, what it held per employee and item, in one transaction: a failed export writes nothing.
 */
/** A payroll file the official schema refuses: the export fails with these reasons and stores nothing. */
class InvalidPaxml extends Error {
  constructor(readonly problems: string[]) {
    super('invalid PAXml')
  }
}

export function payExports(deps: Pick<Deps, 'database' | 'events' | 'jobs' | 'files' | 'env'>, pay: PayService, ports: PayPorts, hooks: PayExportHooks = {}) {
  const { database, events, jobs, files } = deps
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

  /** What stops the month's payroll export: each problem named, so back office can fix it. */
  async function problemsOf(tx: Db, month: string, everyone: Person[]): Promise<{ problems: PayrollProblem[]; attested: number }> {
    const { from, to } = monthRange(month)
    const problems: PayrollProblem[] = []
    const needed = new Set<PayItem>()
    let attested = 0
    for (let i = 0; i < everyone.length; i += CHUNK) {
      const chunk = everyone.slice(i, i + CHUNK)
      const ids = chunk.map((p) => p.id)
      const [reports, marks] = await Promise.all([ports.reportsOf(tx, ids, from, to), ports.attestedOf(tx, month, ids)])
      const reportersHere = new Set(reports.map((r) => r.userId))
      for (const p of chunk) {
        const name = `${p.first} ${p.last}`
        if (marks.has(p.id)) attested++
        else if (reportersHere.has(p.id)) problems.push({ kind: 'notAttested', userId: p.id, name })
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
    const mapping = await pay.mapping(tx)
    for (const item of unmappedItems(needed, new Map([...mapping].map(([k, v]) => [k, v.code])))) problems.push({ kind: 'unmapped', item })
    for (const item of PAY_ITEMS) {
      const code = mapping.get(item)?.code
      if (needed.has(item) && code && !codeFitsItem(item, code)) problems.push({ kind: 'codeNotPaxml', item, code })
    }
    return { problems, attested }
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

  // ---------------------------------------------------------------------------------------------------------------
  // Payroll

  type Totals = Map<LineKey, { quantity: number; amountOre: number }>

  /** Walks the month's pay: time per day and item, per diem, commission, extra income; `emit` writes each line. */
  async function walkPayroll(
    month: string,
    everyone: Person[],
    mapping: Map<PayItem, { code: string | null; name: string | null }>,
    emit: {
      time(p: Person, item: PayItem, code: string, date: string, hours: number): Promise<void>
      pay(p: Person, item: PayItem, code: string, line: { date: string; quantity: number | null; amountOre: number | null; text: string }): Promise<void>
    },
    progress: (done: number) => Promise<void>,
  ): Promise<Totals> {
    const { from, to } = monthRange(month)
    const totals: Totals = new Map()
    const add = (p: Person, item: PayItem, quantity: number, amountOre: number) => {
      const key = `${p.id}|${item}` as LineKey
      const tot = totals.get(key) ?? { quantity: 0, amountOre: 0 }
      tot.quantity += quantity
      tot.amountOre += amountOre
      totals.set(key, tot)
    }
    const codeOf = (item: PayItem) => mapping.get(item)!.code!
    // Time first (the schema's order: all time transactions, then all pay transactions), then pay.
    for (let i = 0; i < everyone.length; i += CHUNK) {
      const chunk = everyone.slice(i, i + CHUNK)
      const byId = new Map(chunk.map((p) => [p.id, p]))
      const reports = await ports.reportsOf(db, [...byId.keys()], from, to)
      reports.sort((a, b) => a.userId.localeCompare(b.userId) || a.date.localeCompare(b.date))
      for (const r of reports) {
        const p = byId.get(r.userId)!
        if (r.workHours > 0) {
          await emit.time(p, 'work', codeOf('work'), r.date, r.workHours)
          add(p, 'work', r.workHours, 0)
        }
        if (r.absenceHours > 0 && r.absenceType) {
          const item = `absence.${r.absenceType}` as PayItem
          await emit.time(p, item, codeOf(item), r.date, r.absenceHours)
          add(p, item, r.absenceHours, 0)
        }
      }
      await progress(Math.round((i + chunk.length) / 2))
    }
    for (let i = 0; i < everyone.length; i += CHUNK) {
      const chunk = everyone.slice(i, i + CHUNK)
      const ids = chunk.map((p) => p.id)
      const [reports, commission, extras] = await Promise.all([
        ports.reportsOf(db, ids, from, to),
        db
          .select({ userId: t.commissionLines.userId, kind: t.commissionLines.kind, ore: sum(t.commissionLines.amountOre).mapWith(Number) })
          .from(t.commissionLines)
          .where(and(eq(t.commissionLines.month, month), inArray(t.commissionLines.userId, ids)))
          .groupBy(t.commissionLines.userId, t.commissionLines.kind),
        db
          .select()
          .from(t.extraIncomes)
          .where(and(eq(t.extraIncomes.month, month), isNull(t.extraIncomes.removedAt), inArray(t.extraIncomes.userId, ids)))
          .orderBy(asc(t.extraIncomes.userId), asc(t.extraIncomes.createdAt)),
      ])
      const perDiem = new Map<string, { half: number; full: number }>()
      for (const r of reports) {
        const d = perDiem.get(r.userId) ?? { half: 0, full: 0 }
        if (r.allowanceType === 1) d.half++
        if (r.allowanceType === 2) d.full++
        perDiem.set(r.userId, d)
      }
      for (const p of chunk) {
        const d = perDiem.get(p.id)
        for (const [item, n] of [
          ['allowance.full', d?.full ?? 0],
          ['allowance.half', d?.half ?? 0],
        ] as const) {
          if (n === 0) continue
          await emit.pay(p, item, codeOf(item), {
            date: to,
            quantity: n,
            amountOre: null,
            text: item === 'allowance.full' ? 'Traktamente heldag' : 'Traktamente halvdag',
          })
          add(p, item, n, 0)
        }
        for (const c of commission.filter((x) => x.userId === p.id && x.ore !== 0)) {
          const item: PayItem = c.kind === 'commission' ? 'commission' : 'clawback'
          await emit.pay(p, item, codeOf(item), {
            date: to,
            quantity: null,
            amountOre: c.ore,
            text: item === 'commission' ? 'Provision' : 'Provision, ånger',
          })
          add(p, item, 0, c.ore)
        }
        for (const x of extras.filter((r) => r.userId === p.id)) {
          await emit.pay(p, 'extra_income', codeOf('extra_income'), { date: to, quantity: null, amountOre: x.amountOre, text: x.description })
          add(p, 'extra_income', 0, x.amountOre)
        }
      }
      await progress(Math.round(everyone.length / 2 + (i + chunk.length) / 2))
    }
    return totals
  }

  async function writePaxml(
    file: string,
    month: string,
    everyone: Person[],
    mapping: Map<PayItem, { code: string | null; name: string | null }>,
    progress: (n: number) => Promise<void>,
  ) {
    const stream = fs.createWriteStream(file, { encoding: 'utf8' })
    // The organisation's own codes (FR1–9) are defined with their names; the export's time carries its offset, so a
    // payroll system in another zone reads the same instant.
    const ownCodes = [...mapping.entries()].flatMap(([item, v]) => (v.code ? [{ code: v.code, name: v.name ?? item }] : []))
    const paxml = paxmlWriter(writer(stream), { month, exportedAt: businessDateTime(Date.now()), ownCodes })
    const totals = await walkPayroll(
      month,
      everyone,
      mapping,
      {
        time: (p, _item, code, date, hours) => paxml.time({ employeeId: p.employeeId!, code, date, hours }),
        pay: (p, _item, code, line) => paxml.pay({ employeeId: p.employeeId!, code, ...line }),
      },
      progress,
    )
    await paxml.end()
    stream.end()
    await once(stream, 'finish')
    return totals
  }

  async function writePayrollCsv(
    file: string,
    month: string,
    everyone: Person[],
    mapping: Map<PayItem, { code: string | null; name: string | null }>,
    progress: (n: number) => Promise<void>,
  ) {
    const csv = csvFile(file)
    const row = (values: Array<string | number>) => csv.row(values)
    await row(['Anställningsnummer', 'Namn', 'Kod', 'Typ', 'Datum', 'Timmar', 'Antal', 'Belopp'])
    const totals = await walkPayroll(
      month,
      everyone,
      mapping,
      {
        time: (p, item, code, date, hours) => row([p.employeeId!, `${p.first} ${p.last}`, code, item, date, hours, '', '']),
        pay: (p, item, code, line) =>
          row([
            p.employeeId!,
            `${p.first} ${p.last}`,
            code,
            item,
            line.date,
            '',
            line.quantity ?? '',
            line.amountOre === null ? '' : kr(line.amountOre).replace('.', ','),
          ]),
      },
      progress,
    )
    await csv.end()
    return totals
  }

  jobs.define<{ exportId: string }>('pay.payrollExport', async (job) => {
    const [row] = await db.select().from(e).where(eq(e.id, job.payload.exportId))
    if (!row || row.state === 'done' || row.state === 'failed') return
    await db.update(e).set({ state: 'running' }).where(eq(e.id, row.id))
    const month = row.month!
    try {
      const everyone = await payrollPeople(db, month)
      const checked = await problemsOf(db, month, everyone)
      if (checked.problems.length) {
        await db
          .update(e)
          .set({
            state: 'failed',
            finishedAt: Date.now(),
            summary: { employees: everyone.length, rows: 0, problems: checked.problems.slice(0, 500) },
            error: 'refused',
          })
          .where(eq(e.id, row.id))
        return { refused: checked.problems.length }
      }
      const mapping = await pay.mapping(db)
      await job.progress(0, everyone.length)
      const progress = (n: number) => job.progress(n, everyone.length)
      await withTempFile(row.format === 'paxml' ? 'xml' : 'csv', async (file) => {
        const totals =
          row.format === 'paxml' ? await writePaxml(file, month, everyone, mapping, progress) : await writePayrollCsv(file, month, everyone, mapping, progress)
        await hooks.afterWrite?.('payroll', file)
        const data = await fs.promises.readFile(file)
        // No payroll file is offered that its receiver would reject: a PAXml file that breaks the official schema
        // fails the export with libxml2's reasons (and nothing is stored).
        const invalid = row.format === 'paxml' ? await paxmlProblems(data) : []
        if (invalid.length) throw new InvalidPaxml(invalid)
        const names = new Map(everyone.map((p) => [p.id, `${p.first} ${p.last}`]))
        const now = Date.now()
        await database.transaction(async (tx) => {
          const previous = await lastDone(tx, month)
          const changes: PayrollChange[] = []
          if (previous) {
            const before = new Map<string, { quantity: number; amountOre: number }>()
            for (const l of await tx.select().from(t.payrollExportLines).where(eq(t.payrollExportLines.exportId, previous.id)))
              before.set(`${l.userId}|${l.item}`, { quantity: l.quantity, amountOre: l.amountOre })
            for (const key of new Set([...before.keys(), ...totals.keys()])) {
              const [userId, item] = key.split('|') as [string, PayItem]
              const b = before.get(key) ?? null
              const a = totals.get(key as LineKey) ?? null
              if (b && a && b.quantity === a.quantity && b.amountOre === a.amountOre) continue
              changes.push({ userId, name: names.get(userId) ?? (await userName(tx, userId)), item, before: b, after: a })
            }
            changes.sort((x, y) => x.name.localeCompare(y.name) || PAY_ITEMS.indexOf(x.item) - PAY_ITEMS.indexOf(y.item))
          }
          const fileId = crypto.randomUUID()
          await files.store(
            {
              id: fileId,
              kind: 'export',
              userId: row.requestedById,
              name: `lon-${month}.${row.format === 'paxml' ? 'xml' : 'csv'}`,
              contentType: row.format === 'paxml' ? 'application/xml' : 'text/csv',
              data,
              attached: true,
            },
            now,
          )
          const lines = [...totals.entries()].map(([key, v]) => {
            const [userId, item] = key.split('|') as [string, PayItem]
            return { exportId: row.id, userId, item, quantity: v.quantity, amountOre: v.amountOre }
          })
          for (let i = 0; i < lines.length; i += 500) await tx.insert(t.payrollExportLines).values(lines.slice(i, i + 500))
          let hours = 0
          let absenceHours = 0
          let commissionOre = 0
          let extraIncomeOre = 0
          for (const [key, v] of totals) {
            const item = key.split('|')[1] as PayItem
            if (item === 'work') hours += v.quantity
            else if (item.startsWith('absence.')) absenceHours += v.quantity
            else if (item === 'commission' || item === 'clawback') commissionOre += v.amountOre
            else if (item === 'extra_income') extraIncomeOre += v.amountOre
          }
          const summary: PayExportSummary = {
            employees: everyone.length,
            rows: lines.length,
            hours,
            absenceHours,
            commissionOre,
            extraIncomeOre,
            ...(previous ? { changes: changes.slice(0, CHANGES_SHOWN), changeCount: changes.length } : {}),
          }
          await tx.update(e).set({ state: 'done', fileId, finishedAt: now, summary, error: null }).where(eq(e.id, row.id))
          await logActivity(tx, t, {
            at: now,
            actorId: row.requestedById,
            entity: 'payroll_export',
            entityId: row.id,
            action: 'exported',
            after: { month, format: row.format, employees: everyone.length },
          })
          await events.record(
            tx,
            'payroll.exported',
            { exportId: row.id, month, format: row.format, employees: everyone.length },
            { actorId: row.requestedById, at: now },
          )
          hooks.beforeCommit?.('payroll')
        })
      })
    } catch (err) {
      // An invalid file is not retried (the same data makes the same file): the export fails with the reasons.
      if (err instanceof InvalidPaxml) {
        await db
          .update(e)
          .set({ state: 'failed', finishedAt: Date.now(), error: 'invalid', summary: { employees: 0, rows: 0, invalid: err.problems } })
          .where(eq(e.id, row.id))
        return { invalid: err.problems.length }
      }
      // Nothing of the export was kept (its transaction rolled back); the screen says so and offers to try again.
      if (job.lastAttempt)
        await db
          .update(e)
          .set({ state: 'failed', finishedAt: Date.now(), error: String((err as Error).message ?? err).slice(0, 500) })
          .where(eq(e.id, row.id))
      throw err
    }
  })

  // ---------------------------------------------------------------------------------------------------------------
  // Absence

  jobs.define<{ exportId: string; lang: LanguageCode }>('pay.absenceExport', async (job) => {
    const [row] = await db.select().from(e).where(eq(e.id, job.payload.exportId))
    if (!row || row.state === 'done' || row.state === 'failed') return
    await db.update(e).set({ state: 'running' }).where(eq(e.id, row.id))
    const tr = TRANSLATORS[job.payload.lang] ?? TRANSLATORS.sv
    const q = row.params as { from: string; to: string; absenceType?: string; officeId?: string; teamId?: string; userId?: string }
    const headers = [
      tr('pay.absenceExport.columns.employeeId'),
      tr('pay.absenceExport.columns.name'),
      tr('pay.absenceExport.columns.team'),
      tr('pay.absenceExport.columns.office'),
      tr('pay.absenceExport.columns.type'),
      tr('pay.absenceExport.columns.days'),
      tr('pay.absenceExport.columns.hours'),
      tr('pay.absenceExport.columns.first'),
      tr('pay.absenceExport.columns.last'),
    ]
    try {
      const reporters = await ports.reportersOf(db, q.from, q.to)
      const total = q.userId ? 1 : reporters.length
      await job.progress(0, total)
      await withTempFile(row.format, async (file) => {
        let employees = 0
        let rows = 0
        const pages = async (each: (values: Array<string | number>) => Promise<void>) => {
          let after: string | null = null
          for (;;) {
            const page = await ports.absencePage(db, q, after, ABSENCE_PAGE_USERS)
            if (!page.length) break
            const who = await people(db, [...new Set(page.map((r) => r.userId))])
            for (const r of page) {
              const p = who.get(r.userId)
              await each([
                p?.employeeId ?? '',
                p ? `${p.first} ${p.last}` : '',
                p?.teamName ?? '',
                p?.officeName ?? '',
                tr(`timeReport.absenceTypes.${r.absenceType}`),
                r.days,
                r.hours,
                r.first,
                r.last,
              ])
              rows++
            }
            employees += who.size
            after = page.at(-1)!.userId
            await job.progress(Math.min(employees, total), total)
          }
        }
        if (row.format === 'csv') {
          // Excel opens it as it is (server/lib/csv-file.ts).
          const csv = csvFile(file)
          await csv.row(headers)
          await pages((values) => csv.row(values))
          await csv.end()
        } else {
          // Days as date cells, figures as numbers, names as text (server/lib/xlsx-file.ts).
          const xlsx = xlsxFile(
            file,
            tr('pay.absenceExport.sheet'),
            headers.map((header, i) => ({ header, width: i === 1 ? 28 : i === 4 ? 20 : 14 })),
          )
          await pages(async (values) => xlsx.row(values))
          await xlsx.end()
        }
        const data = await fs.promises.readFile(file)
        const now = Date.now()
        await database.transaction(async (tx) => {
          const fileId = crypto.randomUUID()
          const type = row.format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
          await files.store(
            {
              id: fileId,
              kind: 'export',
              userId: row.requestedById,
              name: `franvaro-${q.from}-${q.to}.${row.format}`,
              contentType: type,
              data,
              attached: true,
            },
            now,
          )
          await tx.update(e).set({ state: 'done', fileId, finishedAt: now, summary: { employees, rows }, error: null }).where(eq(e.id, row.id))
          hooks.beforeCommit?.('absence')
        })
      })
    } catch (err) {
      if (job.lastAttempt)
        await db
          .update(e)
          .set({ state: 'failed', finishedAt: Date.now(), error: String((err as Error).message ?? err).slice(0, 500) })
          .where(eq(e.id, row.id))
      throw err
    }
  })

  async function item(tx: Db, id: string): Promise<PayExportItem | null> {
    const [r] = await tx
      .select({ e, first: t.users.firstName, last: t.users.lastName, fileName: t.files.name })
      .from(e)
      .innerJoin(t.users, eq(t.users.id, e.requestedById))
      .leftJoin(t.files, eq(t.files.id, e.fileId))
      .where(eq(e.id, id))
    if (!r) return null
    const job = r.e.jobId && (r.e.state === 'running' || r.e.state === 'queued') ? await jobs.get(r.e.jobId) : null
    const progress = job && job.progressTotal ? Math.min(1, job.progressDone / job.progressTotal) : r.e.state === 'done' ? 1 : null
    return {
      id: r.e.id,
      kind: r.e.kind,
      format: r.e.format,
      month: r.e.month,
      params: r.e.params,
      state: r.e.state,
      progress,
      fileId: r.e.fileId,
      fileName: r.fileName,
      summary: r.e.summary,
      error: r.e.state === 'failed' ? r.e.error : null,
      requestedBy: `${r.first} ${r.last}`,
      requestedAt: r.e.requestedAt,
      finishedAt: r.e.finishedAt,
    }
  }

  async function enqueue(
    actorId: string,
    kind: PayExportKind,
    format: string,
    month: string | null,
    params: Record<string, unknown>,
    payload: Record<string, unknown>,
  ) {
    const now = Date.now()
    const id = crypto.randomUUID()
    await database.transaction(async (tx) => {
      await tx.insert(e).values({ id, kind, format, month, params, state: 'queued', requestedById: actorId, requestedAt: now })
      const jobId = await jobs.enqueue(
        tx,
        kind === 'payroll' ? 'pay.payrollExport' : 'pay.absenceExport',
        { exportId: id, ...payload },
        { uniqueKey: `pay.export:${id}`, maxAttempts: 2 },
      )
      await tx.update(e).set({ jobId }).where(eq(e.id, id))
    })
    return (await item(db, id))!
  }

  return {
    systemName,

    async payrollMonth(month: string): Promise<PayrollMonthState> {
      const everyone = await payrollPeople(db, month)
      const { problems, attested } = await problemsOf(db, month, everyone)
      const last = await lastDone(db, month)
      return { month, employees: everyone.length, attested, problems, lastExport: last ? { id: last.id, at: last.at!, by: await userName(db, last.by) } : null }
    },

    /** Refused (422, with what to fix) unless the whole month can go to payroll; else a job that writes the file. */
    async requestPayroll(actorId: string, month: string, format: 'paxml' | 'csv') {
      const everyone = await payrollPeople(db, month)
      const { problems } = await problemsOf(db, month, everyone)
      if (!everyone.length) throw new ApiError(422, 'export_refused', { details: { problems: [], empty: true } })
      if (problems.length) throw new ApiError(422, 'export_refused', { details: { problems: problems.slice(0, 500), problemCount: problems.length } })
      return enqueue(actorId, 'payroll', format, month, { month }, {})
    },

    async requestAbsence(actorId: string, input: AbsenceExportRequest, lang: LanguageCode) {
      const { format, ...params } = input
      return enqueue(actorId, 'absence', format, null, params, { lang })
    },

    async get(id: string) {
      const found = await item(db, id)
      if (!found) throw notFound()
      return found
    },

    async list(kind: PayExportKind) {
      const rows = await db.select({ id: e.id }).from(e).where(eq(e.kind, kind)).orderBy(desc(e.requestedAt)).limit(20)
      return (await Promise.all(rows.map((r) => item(db, r.id)))).filter((x): x is PayExportItem => !!x)
    },
  }
}
export type PayExports = ReturnType<typeof payExports>
