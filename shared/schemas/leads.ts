import { z } from 'zod'
import {
  LEAD_COUNTRIES,
  LEAD_DELIMITERS,
  LEAD_ENCODINGS,
  LEAD_FIELDS,
  LEAD_FILE_TYPES,
  LEAD_OUTPUT_FIELDS,
  CHOSEN_REASONS,
  type LeadChoices,
  type LeadCountry,
  type LeadField,
  type LeadMapping,
  type LeadOutputField,
  type LeadReason,
  type PhoneKind,
} from '../rules/leads'
import { listQuerySchema } from './pagination'

/**
 * The lead-list tool (`/tools/lead-pts-transform`, docs/decisions/075): a raw list uploaded (the body is the file),
 * mapped to the product's fields with a saved mapping per source, previewed with each row's problems, and run in
 * the background into the output format the person chose, delivered to Downloads.
 */

export const leadListIdParamSchema = z.strictObject({ id: z.uuid() })
/** The NIX answer's upload: the day the numbers were checked against the register (today when absent; decision 095). */
export const leadNixQuerySchema = z.strictObject({ checkedOn: z.iso.date().optional() })
export const leadSourceIdParamSchema = z.strictObject({ id: z.uuid() })
export const leadFormatIdParamSchema = z.strictObject({ id: z.uuid() })

const name = z.string().trim().min(1).max(100)

/** The upload's query: the source it comes from (a saved one, or a new name), the campaign and the country its numbers are read in. */
export const leadUploadQuerySchema = z.strictObject({
  sourceId: z.uuid().optional(),
  campaign: z.string().trim().min(1).max(100),
  country: z.enum(LEAD_COUNTRIES).default('SE'),
})

const header = z.string().trim().min(1).max(200).nullable().optional()
/** Which column of the file holds each field (a header name), null or absent for none. */
export const leadMappingSchema = z.strictObject(Object.fromEntries(LEAD_FIELDS.map((f) => [f, header])) as Record<LeadField, typeof header>)

const choice = z.enum(['drop', 'mark'])
export const leadChoicesSchema = z.strictObject({
  ...(Object.fromEntries(CHOSEN_REASONS.map((r) => [r, choice])) as Record<(typeof CHOSEN_REASONS)[number], typeof choice>),
  // The do-not-contact register's rows are always dropped (decision 096): a client may say so, never otherwise.
  blocked: z.literal('drop').optional(),
})

/** Preview with this mapping (the first rows, each with its problems and marks). */
export const leadPreviewSchema = z.strictObject({ mapping: leadMappingSchema })

/** Run the list: the mapping (saved for the source when asked), what to drop and what to mark, the output format. */
export const leadRunSchema = z.strictObject({
  mapping: leadMappingSchema,
  choices: leadChoicesSchema,
  formatId: z.uuid(),
  /** keep this mapping as the source's (a new source is created with this name when the list has none) */
  saveMapping: z.boolean().default(true),
  sourceName: z.string().trim().min(1).max(100).optional(),
})

/** An output format: the columns in order with their headers, the file type, delimiter and encoding. */
export const leadFormatInputSchema = z.strictObject({
  name,
  fileType: z.enum(LEAD_FILE_TYPES),
  delimiter: z.enum(LEAD_DELIMITERS).default(';'),
  encoding: z.enum(LEAD_ENCODINGS).default('utf-8-bom'),
  columns: z
    .array(z.strictObject({ field: z.enum(LEAD_OUTPUT_FIELDS), header: z.string().trim().min(1).max(100) }))
    .min(1)
    .max(40),
  version: z.number().int().min(1).optional(),
})
export type LeadFormatInput = z.input<typeof leadFormatInputSchema>

export const leadSourceInputSchema = z.strictObject({ name, version: z.number().int().min(1).optional() })

export const leadListsQuerySchema = listQuerySchema(['createdAt']).extend({
  campaign: z.string().trim().max(100).optional(),
})
export type LeadListsQuery = z.input<typeof leadListsQuerySchema>

export type LeadSource = { id: string; name: string; mapping: LeadMapping | null; lists: number; updatedAt: number; version: number }
export type LeadFormat = {
  id: string
  name: string
  fileType: (typeof LEAD_FILE_TYPES)[number]
  delimiter: (typeof LEAD_DELIMITERS)[number]
  encoding: (typeof LEAD_ENCODINGS)[number]
  columns: Array<{ field: LeadOutputField; header: string }>
  version: number
  updatedAt: number
}

/** What a run did: rows in and out, dropped and marked by reason, the numbers by kind. */
export type LeadSummary = {
  rowsIn: number
  rowsOut: number
  dropped: Record<LeadReason, number>
  marked: Record<LeadReason, number>
  numbers: Record<PhoneKind | 'invalid', number>
  /** numbers taken out of kept rows because the NIX answer lists them */
  nixNumbersRemoved: number
  /** identity numbers that were not valid (kept as written, flagged) */
  identityInvalid: number
  /** rows the file had that could not be read (a quote never closed), skipped, and the first of their lines */
  skipped: number
  skippedLines: number[]
}

export type LeadListStatus = 'uploaded' | 'queued' | 'running' | 'done' | 'failed'

/** An uploaded list as its screen shows it (POST /api/lead-lists answers it too). */
export type LeadList = {
  id: string
  fileName: string
  campaign: string
  country: LeadCountry
  sourceId: string | null
  sourceName: string | null
  headers: string[]
  /** rows of the file (the header aside), counted when it was uploaded */
  rowCount: number
  /** the source's saved mapping when it fits the file, else a guess from the headers */
  mapping: LeadMapping
  mappingRemembered: boolean
  /** the NIX answer: its file, how many numbers it lists, the day of the check and the last day the list may be used */
  nix: { fileName: string; numbers: number; checkedOn: string | null; lastDay: string | null; usable: boolean } | null
  status: LeadListStatus
  progress: { done: number; total: number } | null
  choices: LeadChoices | null
  formatId: string | null
  summary: LeadSummary | null
  downloadId: string | null
  error: string | null
  createdAt: number
  finishedAt: number | null
  createdByName: string
}

export type LeadListItem = Pick<
  LeadList,
  'id' | 'fileName' | 'campaign' | 'sourceName' | 'rowCount' | 'status' | 'summary' | 'downloadId' | 'createdAt' | 'createdByName'
>

/** One row of the preview: its number in the file, what it reads, its problems (translated), its marks and the verdict. */
export type LeadPreviewRow = {
  row: number
  name: string | null
  identityNumber: string | null
  phones: Array<{ field: LeadField; text: string; e164: string | null; kind: PhoneKind | null; nix: boolean; blocked?: boolean }>
  problems: string[]
  applies: LeadReason[]
}

/** The preview (POST /api/lead-lists/:id/preview): the first rows and the mapping's problems. Nothing is written. */
export type LeadPreviewAnswer = { rows: LeadPreviewRow[]; shown: number; rowCount: number }
