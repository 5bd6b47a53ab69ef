import { desc, eq } from 'drizzle-orm'
import { type LanguageCode } from '../../../shared/i18n'
import type { AbsenceExportRequest, PayExportItem, PayExportKind, PayrollMonthState, PayrollPerson, PayrollScope } from '../../../shared/schemas/pay'
import type { Db } from '../../db/client'
import { ApiError, notFound } from '../../lib/errors'
import type { Deps } from '../../platform/deps'
import type { PayService } from './pay.service'

import { payExportsContext, payrollTotals, type PayExportHooks, type PayPorts, type Person, type Totals } from './pay.exports-context'

/** The unattested people the month's state and a refusal name (the count says how many in all). */
const UNATTESTED_SHOWN = 500

export type { AbsenceSum, PayExportHooks, PayPorts, PayReport } from './pay.exports-context'
import { defineAbsenceJob, definePayrollJob } from './pay.export-jobs'
import { payrollWalk, payrollWriters } from './pay.payroll-file'

/** The file an export makes: `lon-2026-10.xml`, `franvaro-2026-10-01-2026-10-31.xlsx`. */
export function exportFileName(kind: PayExportKind, format: string, month: string | null, params: Record<string, unknown>): string {
  if (kind === 'payroll') return `lon-${month}.${format === 'paxml' ? 'xml' : 'csv'}`
  return `franvaro-${String(params.from)}-${String(params.to)}.${format}`
}

/**
 * Absence and payroll exports (issue 15, docs/decisions/029). Asked for by a user, run as jobs (progress on the job,
 * the file kept for the user to fetch later); a payroll export first checks the month — attested, everyone with an
 * employee number, reports within the rules, every pay item mapped — and is refused with the list of what to fix.
 * Files are written row by row to a temporary file (never the whole file in memory), then stored with the export's
 * state and, for payroll, what it held per employee and item, in one transaction: a failed export writes nothing.
 */
export function payExports(
  deps: Pick<Deps, 'database' | 'events' | 'jobs' | 'files' | 'env' | 'downloads'>,
  pay: PayService,
  ports: PayPorts,
  hooks: PayExportHooks = {},
) {
  const ctx = payExportsContext(deps, pay, ports, hooks)
  const walk = payrollWalk(ctx)
  definePayrollJob(ctx, payrollWriters(ctx, walk))
  defineAbsenceJob(ctx)
  const { database, jobs, downloads, db, t, e, systemName, payrollPeople, problemsOf, coveredBy, lastDone, userName } = ctx
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
      // Listed in the downloads centre too (docs/decisions/071); refused when the person already has enough running.
      const downloadId = await downloads.request(tx, {
        userId: actorId,
        kind: kind === 'payroll' ? 'payrollExport' : 'absenceExport',
        name: exportFileName(kind, format, month, params),
        permission: kind === 'payroll' ? { action: 'create', subject: 'payroll_exports' } : { action: 'view', subject: 'absenceexport' },
        large: true,
        at: now,
      })
      await tx.insert(e).values({ id, kind, format, month, params, state: 'queued', requestedById: actorId, requestedAt: now })
      const jobId = await jobs.enqueue(
        tx,
        kind === 'payroll' ? 'pay.payrollExport' : 'pay.absenceExport',
        { exportId: id, downloadId, ...payload },
        { uniqueKey: `pay.export:${id}`, maxAttempts: 2 },
      )
      await tx.update(e).set({ jobId }).where(eq(e.id, id))
      await downloads.setJob(tx, downloadId, jobId)
    })
    return (await item(db, id))!
  }

  return {
    systemName,

    /**
     * The month before it is exported: who it covers, what stops it, and its figures added up by the walk that writes
     * the file (so the screen and the file agree to the öre); who is not attested, with what they have.
     */
    async payrollMonth(month: string): Promise<PayrollMonthState> {
      const everyone = await payrollPeople(db, month)
      const { problems, attestedIds } = await problemsOf(db, month, everyone)
      const lines = await walk.monthTotals(month, everyone)
      const unattested = everyone.filter((p) => !attestedIds.has(p.id))
      const linesOf = new Map<string, Totals>()
      for (const [key, v] of lines) {
        const id = key.slice(0, key.indexOf('|'))
        ;(linesOf.get(id) ?? linesOf.set(id, new Map()).get(id)!).set(key, v)
      }
      const person = (p: Person): PayrollPerson => {
        const { allowanceDays: _days, ...own } = payrollTotals(linesOf.get(p.id) ?? new Map())
        return { userId: p.id, name: `${p.first} ${p.last}`, ...own }
      }
      const last = await lastDone(db, month)
      return {
        month,
        employees: everyone.length,
        attested: attestedIds.size,
        totals: payrollTotals(lines),
        attestedTotals: payrollTotals(lines, attestedIds),
        unattested: unattested.slice(0, UNATTESTED_SHOWN).map(person),
        unattestedCount: unattested.length,
        problems,
        // The attested people's own problems, and the month's (an unmapped item): what an attested-only export meets.
        attestedProblems: problems.filter((p) => p.kind !== 'notAttested' && (!('userId' in p) || attestedIds.has(p.userId))),
        lastExport: last ? { id: last.id, at: last.at!, by: await userName(db, last.by) } : null,
      }
    },

    /**
     * Refused (422, with what to fix) unless the month can go to payroll; else a job that writes the file. Everyone
     * payable must be attested, unless the export is asked for the attested people only: then `leftOut` must name
     * exactly who that leaves out as the screen showed them (409 `left_out_changed` with the people now, if not).
     */
    async requestPayroll(actorId: string, month: string, format: 'paxml' | 'csv', scope: PayrollScope = 'all', leftOut: string[] = []) {
      const { everyone, covered, leftOut: left } = await coveredBy(db, month, scope)
      if (scope === 'attested') {
        const asked = new Set(leftOut)
        if (asked.size !== left.length || left.some((p) => !asked.has(p.id)))
          throw new ApiError(409, 'left_out_changed', {
            details: { leftOut: left.slice(0, UNATTESTED_SHOWN).map((p) => ({ userId: p.id, name: `${p.first} ${p.last}` })), leftOutCount: left.length },
          })
      }
      const { problems } = await problemsOf(db, month, covered)
      if (!covered.length) throw new ApiError(422, 'export_refused', { details: { problems: [], empty: true, payable: everyone.length } })
      if (problems.length) throw new ApiError(422, 'export_refused', { details: { problems: problems.slice(0, 500), problemCount: problems.length } })
      return enqueue(actorId, 'payroll', format, month, { month }, { scope })
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
