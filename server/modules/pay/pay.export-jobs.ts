import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import { TRANSLATORS, type LanguageCode } from '../../../shared/i18n'
import { PAY_ITEMS, type PayItem } from '../../../shared/rules/pay'
import type { PayrollChange, PayExportSummary, PayrollScope } from '../../../shared/schemas/pay'
import { csvFile } from '../../lib/csv-file'
import { xlsxFile } from '../../lib/xlsx-file'
import { logActivity } from '../../platform/activity-log'
import { paxmlProblems } from './paxml'

import { ABSENCE_PAGE_USERS, CHANGES_SHOWN, InvalidPaxml, payrollTotals, type LineKey, type PayExportsContext } from './pay.exports-context'
import type { payrollWriters } from './pay.payroll-file'

/** The payroll export's job (`pay.payrollExport`): checked, written, validated and stored in one transaction. */
export function definePayrollJob(ctx: PayExportsContext, { writePaxml, writePayrollCsv }: ReturnType<typeof payrollWriters>) {
  const { pay, hooks, database, events, jobs, files, downloads, db, t, e, coveredBy, problemsOf, lastDone, userName, withTempFile } = ctx
  jobs.define<{ exportId: string; downloadId?: string; scope?: PayrollScope }>('pay.payrollExport', async (job) => {
    const [row] = await db.select().from(e).where(eq(e.id, job.payload.exportId))
    if (!row || row.state === 'done' || row.state === 'failed') return
    await db.update(e).set({ state: 'running' }).where(eq(e.id, row.id))
    const downloadId = job.payload.downloadId
    if (downloadId) await downloads.running(downloadId)
    const month = row.month!
    const scope = job.payload.scope ?? 'all'
    try {
      // The attested people only, when that was asked for: who it leaves out is read now and kept with the export.
      const { covered: everyone, leftOut } = await coveredBy(db, month, scope)
      const checked = await problemsOf(db, month, everyone)
      if (checked.problems.length) {
        await db
          .update(e)
          .set({
            state: 'failed',
            finishedAt: Date.now(),
            summary: { employees: everyone.length, rows: 0, scope, problems: checked.problems.slice(0, 500) },
            error: 'refused',
          })
          .where(eq(e.id, row.id))
        if (downloadId) await downloads.failed(downloadId, 'refused')
        return { refused: checked.problems.length }
      }
      const mapping = await pay.codes.mapping(db)
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
          const { hours, absenceHours, commissionOre, extraIncomeOre } = payrollTotals(totals)
          const summary: PayExportSummary = {
            employees: everyone.length,
            rows: lines.length,
            hours,
            absenceHours,
            commissionOre,
            extraIncomeOre,
            scope,
            ...(scope === 'attested'
              ? { leftOut: leftOut.slice(0, CHANGES_SHOWN).map((p) => ({ userId: p.id, name: `${p.first} ${p.last}` })), leftOutCount: leftOut.length }
              : {}),
            ...(previous ? { changes: changes.slice(0, CHANGES_SHOWN), changeCount: changes.length } : {}),
          }
          await tx.update(e).set({ state: 'done', fileId, finishedAt: now, summary, error: null }).where(eq(e.id, row.id))
          if (downloadId)
            await downloads.ready(tx, downloadId, { fileId, size: data.byteLength, contentType: row.format === 'paxml' ? 'application/xml' : 'text/csv' }, now)
          await logActivity(tx, t, {
            at: now,
            actorId: row.requestedById,
            entity: 'payroll_export',
            entityId: row.id,
            action: 'exported',
            after: { month, format: row.format, employees: everyone.length, scope, leftOut: leftOut.length },
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
        if (downloadId) await downloads.failed(downloadId, 'invalid')
        return { invalid: err.problems.length }
      }
      // Nothing of the export was kept (its transaction rolled back); the screen says so and offers to try again.
      if (job.lastAttempt) {
        const reason = String((err as Error).message ?? err).slice(0, 500)
        await db.update(e).set({ state: 'failed', finishedAt: Date.now(), error: reason }).where(eq(e.id, row.id))
        if (downloadId) await downloads.failed(downloadId, reason)
      }
      throw err
    }
  })
}

/** The absence export's job (`pay.absenceExport`): a page of people at a time, into a file kept for the user. */
export function defineAbsenceJob(ctx: PayExportsContext) {
  const { ports, hooks, database, jobs, files, downloads, db, e, people, withTempFile } = ctx
  jobs.define<{ exportId: string; lang: LanguageCode; downloadId?: string }>('pay.absenceExport', async (job) => {
    const [row] = await db.select().from(e).where(eq(e.id, job.payload.exportId))
    if (!row || row.state === 'done' || row.state === 'failed') return
    await db.update(e).set({ state: 'running' }).where(eq(e.id, row.id))
    const downloadId = job.payload.downloadId
    if (downloadId) await downloads.running(downloadId)
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
        await hooks.afterWrite?.('absence', file)
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
          if (downloadId) await downloads.ready(tx, downloadId, { fileId, size: data.byteLength, contentType: type }, now)
          hooks.beforeCommit?.('absence')
        })
      })
    } catch (err) {
      if (job.lastAttempt) {
        const reason = String((err as Error).message ?? err).slice(0, 500)
        await db.update(e).set({ state: 'failed', finishedAt: Date.now(), error: reason }).where(eq(e.id, row.id))
        if (downloadId) await downloads.failed(downloadId, reason)
      }
      throw err
    }
  })
}
