import fs from 'node:fs'
import { once } from 'node:events'
import { and, asc, eq, inArray, isNull, sum } from 'drizzle-orm'
import { type PayItem } from '../../../shared/rules/pay'
import { businessDateTime, monthRange } from '../../../shared/rules/work'
import { csvFile } from '../../lib/csv-file'
import { paxmlWriter } from './paxml'

import { CHUNK, kr, type LineKey, type PayExportsContext, type PayReport, type Person, type Totals } from './pay.exports-context'

/** The month's pay walked line by line: time per day and item, per diem, commission, extra income. */
export function payrollWalk(ctx: PayExportsContext) {
  const { ports, db, t } = ctx
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
    /** keep each chunk's reports from the time pass for the pay pass (a preview without a file: one read, not two) */
    keepReports = false,
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
    // An export checks every item is mapped first; the month's preview (no file) walks before it is.
    const codeOf = (item: PayItem) => mapping.get(item)?.code ?? ''
    const kept: PayReport[][] = []
    // Time first (the schema's order: all time transactions, then all pay transactions), then pay.
    for (let i = 0; i < everyone.length; i += CHUNK) {
      const chunk = everyone.slice(i, i + CHUNK)
      const byId = new Map(chunk.map((p) => [p.id, p]))
      const reports = await ports.reportsOf(db, [...byId.keys()], from, to)
      if (keepReports) kept.push(reports)
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
        keepReports ? kept[i / CHUNK]! : ports.reportsOf(db, ids, from, to),
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

  /** The month's pay per person and item without writing a file: the screen's figures, by the file's own walk. */
  function monthTotals(month: string, everyone: Person[]): Promise<Totals> {
    const none = async () => undefined
    return walkPayroll(month, everyone, new Map(), { time: none, pay: none }, none, true)
  }

  return { walkPayroll, monthTotals }
}

/** The payroll file written from the walk: PAXml 2.0 (paxml.ts) or CSV. */
export function payrollWriters(ctx: PayExportsContext, { walkPayroll }: ReturnType<typeof payrollWalk>) {
  const { writer } = ctx
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

  return { writePaxml, writePayrollCsv }
}
