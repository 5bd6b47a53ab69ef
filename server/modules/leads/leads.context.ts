import { eq } from 'drizzle-orm'
import { leadMappingProblems, type LeadCountry, type LeadMapping } from '../../../shared/rules/leads'
import { readPhone } from '../../../shared/rules/phone-numbers'
import { nixLastDay, nixRegistered, nixStatusColumn, nixUsable } from '../../../shared/rules/leads'
import { businessDay } from '../../../shared/rules/work'
import type { Translate } from '../../../shared/schemas/errors'
import type { LeadList } from '../../../shared/schemas/leads'
import type { Db } from '../../db/client'
import { notFound, validationError } from '../../lib/errors'
import { TableFileError } from '../../lib/table-file'
import { NumberCollector } from '../../lib/sorted-numbers'
import { streamTable } from '../../lib/table-stream'
import type { Deps } from '../../platform/deps'
import type { Customers } from './leads.rows'

/** What the lead-list tool asks other areas (wired in server/composition/areas.ts). */
export type LeadsPorts = {
  /** the customer register's keys and phone numbers, a page at a time */
  customerContacts(): AsyncIterable<Array<{ key: string; phone: string | null }>>
  /** people's names (who uploaded a list) */
  names(db: Db, ids: string[]): Promise<Map<string, string>>
  /** the customers area: the do-not-contact register's numbers and people (decision 096) */
  blockedContacts(): Promise<{ phones: Set<string>; keys: Set<string> }>
}

export type LeadListRow = typeof import('../../db/schema/leads').leadLists.$inferSelect

/** A Swedish customer key as one number: a personal number (p + 12 digits) or an organisation number (o + 10); null for others. */
export function keyNumber(key: string): number | null {
  const personal = /^p(\d{12})$/.exec(key)
  if (personal) return 1e12 + Number(personal[1])
  const organisation = /^o(\d{6})-(\d{4})$/.exec(key)
  return organisation ? 3e12 + Number(organisation[1]! + organisation[2]!) : null
}

const COUNTRY_CODES: Record<LeadCountry, string> = { SE: '46', FI: '358' }

/** A typed number's E.164 digits as a number by the plain rules (+, 00, the trunk 0 of the country); null when it is none. */
export function plainE164(raw: string, country: LeadCountry): number | null {
  const text = raw.trim()
  const digits = text.replace(/\D/g, '')
  let full: string
  if (text.startsWith('+')) full = digits
  else if (digits.startsWith('00')) full = digits.slice(2)
  else if (digits.startsWith('0')) full = COUNTRY_CODES[country] + digits.slice(1)
  else return null
  // "+46 (0)70 …": the trunk 0 after the country code is not dialled.
  for (const code of Object.values(COUNTRY_CODES)) if (full.startsWith(`${code}0`)) full = code + full.slice(code.length + 1)
  return full.length >= 7 && full.length <= 15 ? Number(full) : null
}

/** A refusal of a file as its translated field error. */
export function fileRefusal(error: unknown, translate: Translate, field = 'file'): never {
  if (error instanceof TableFileError) throw validationError({ [field]: [translate(`validation.leads.file.${error.reason}`)] })
  throw error
}

/** What the lead-list tool's parts share: its tables, a list's row and answer, the NIX answer's numbers, the customers. */
export function leadsContext({ database, files, jobs, downloads }: Pick<Deps, 'database' | 'files' | 'jobs' | 'downloads'>, ports: LeadsPorts) {
  const { db, t } = database

  async function listRow(id: string): Promise<LeadListRow> {
    const [row] = await db.select().from(t.leadLists).where(eq(t.leadLists.id, id))
    if (!row) throw notFound()
    return row
  }

  async function fileBytes(fileId: string): Promise<Buffer> {
    const bytes = await files.bytes(fileId)
    if (!bytes) throw notFound()
    return bytes
  }

  /** The numbers a NIX answer lists as registered (E.164): every number of a row, or only the rows its status column marks. */
  async function readNix(contentType: string, bytes: Buffer, country: LeadCountry): Promise<Set<string>> {
    const numbers = new Set<string>()
    let status: number | null = null
    let first = true
    for await (const { cells } of streamTable(contentType, bytes)) {
      const readings = cells.map((cell) => readPhone(cell, country))
      if (first) {
        first = false
        // A header row has no number in it: it names the columns, perhaps the status column.
        if (!readings.some((r) => r.ok)) {
          status = nixStatusColumn(cells)
          continue
        }
      }
      if (status !== null && !nixRegistered(cells[status] ?? '')) continue
      for (const r of readings) if (r.ok) numbers.add(r.e164)
    }
    return numbers
  }

  async function nixOf(list: LeadListRow): Promise<Set<string>> {
    if (!list.nixFileId) return new Set()
    const [meta] = await files.describeMany(db, [list.nixFileId])
    if (!meta) return new Set()
    return readNix(meta.contentType, await fileBytes(list.nixFileId), list.country)
  }

  /**
   * The customer register, compact (a large register has a million customers): identity keys and numbers as sorted
   * arrays of numbers (8 bytes each; a Set of a million numbers holds ~40), a number written as its digits in E.164
   * by the plain rules of a number people type (+, 00 or the trunk 0 of the list's country) rather than
   * libphonenumber — the register's numbers were checked when their sales were made, and a number read differently
   * only fails to match, never matches wrongly.
   */
  async function customersOf(country: LeadCountry): Promise<Customers> {
    const keys = new NumberCollector()
    const phones = new NumberCollector()
    const otherKeys = new Set<string>()
    for await (const page of ports.customerContacts()) {
      for (const c of page) {
        const k = keyNumber(c.key)
        if (k === null) otherKeys.add(c.key)
        else keys.add(k)
        const p = c.phone ? plainE164(c.phone, country) : null
        if (p !== null) phones.add(p)
      }
    }
    const keySet = keys.done()
    const phoneSet = phones.done()
    return {
      hasKey: (key) => {
        const k = keyNumber(key)
        return k === null ? otherKeys.has(key) : keySet.has(k)
      },
      hasPhone: (e164) => phoneSet.has(Number(e164.slice(1))),
    }
  }

  /** The source's saved mapping when it fits the file's headers, else null. */
  async function savedMapping(sourceId: string | null, headers: string[]): Promise<LeadMapping | null> {
    if (!sourceId) return null
    const [source] = await db.select({ mapping: t.leadSources.mapping }).from(t.leadSources).where(eq(t.leadSources.id, sourceId))
    if (!source?.mapping) return null
    return Object.keys(leadMappingProblems(source.mapping, headers)).length === 0 ? source.mapping : null
  }

  async function answer(row: LeadListRow, guess: () => LeadMapping): Promise<LeadList> {
    const [source] = row.sourceId ? await db.select({ name: t.leadSources.name }).from(t.leadSources).where(eq(t.leadSources.id, row.sourceId)) : []
    const saved = row.mapping ? null : await savedMapping(row.sourceId, row.headers)
    const job = row.jobId ? await jobs.get(row.jobId) : null
    const names = await ports.names(db, [row.createdById])
    const failed = row.status !== 'done' && job?.status === 'dead'
    return {
      id: row.id,
      fileName: row.fileName,
      campaign: row.campaign,
      country: row.country,
      sourceId: row.sourceId,
      sourceName: source?.name ?? null,
      headers: row.headers,
      rowCount: row.rowCount,
      mapping: row.mapping ?? saved ?? guess(),
      mappingRemembered: !row.mapping && !!saved,
      nix: row.nixFileId
        ? {
            fileName: row.nixFileName ?? '',
            numbers: row.nixNumbers ?? 0,
            checkedOn: row.nixCheckedOn,
            lastDay: row.nixCheckedOn ? nixLastDay(row.nixCheckedOn) : null,
            usable: !row.nixCheckedOn || nixUsable(row.nixCheckedOn, businessDay(Date.now())),
          }
        : null,
      status: failed ? 'failed' : row.status,
      progress: job && (row.status === 'queued' || row.status === 'running') ? { done: job.progressDone, total: job.progressTotal ?? row.rowCount } : null,
      choices: row.choices,
      formatId: row.formatId,
      summary: row.summary,
      downloadId: row.downloadId,
      error: row.status === 'failed' ? row.error : failed ? (job?.lastError ?? null) : null,
      createdAt: row.createdAt,
      finishedAt: row.finishedAt,
      createdByName: names.get(row.createdById) ?? '',
    }
  }

  return { database, db, t, files, jobs, downloads, ports, listRow, fileBytes, readNix, nixOf, customersOf, savedMapping, answer }
}

export type LeadsContext = ReturnType<typeof leadsContext>
