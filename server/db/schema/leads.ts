import type { LeadChoices, LeadCountry, LeadMapping } from '../../../shared/rules/leads'
import type { LeadFormat, LeadListStatus, LeadSummary } from '../../../shared/schemas/leads'
import { table } from './table'

/**
 * The lead-list tool (issue 47, docs/decisions/075): the sources lists come from (each with its saved mapping), the
 * output formats, the uploaded lists and their runs, and each campaign's numbers and identity numbers already put
 * in a list (what "earlier lists of the same campaign" is checked against). Each table once for both databases.
 */

export const [leadSources, leadSourcesPg] = table(
  'lead_sources',
  (k) => ({
    id: k.id(),
    name: k.text('name').notNull(),
    mapping: k.json('mapping').$type<LeadMapping>(),
    version: k.integer('version').notNull().default(1),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.uniqueIndex('lead_sources_name').on(t.name)],
)

export const [leadFormats, leadFormatsPg] = table(
  'lead_formats',
  (k) => ({
    id: k.id(),
    name: k.text('name').notNull(),
    fileType: k.text('file_type').$type<LeadFormat['fileType']>().notNull(),
    delimiter: k.text('delimiter').$type<LeadFormat['delimiter']>().notNull(),
    encoding: k.text('encoding').$type<LeadFormat['encoding']>().notNull(),
    columns: k.json('columns').$type<LeadFormat['columns']>().notNull(),
    version: k.integer('version').notNull().default(1),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.uniqueIndex('lead_formats_name').on(t.name)],
)

export const [leadLists, leadListsPg] = table(
  'lead_lists',
  (k) => ({
    id: k.id(),
    sourceId: k.text('source_id'),
    campaign: k.text('campaign').notNull(),
    /** the campaign as the earlier-lists check compares it (shared/rules/leads.ts campaignKey) */
    campaignKey: k.text('campaign_key').notNull(),
    country: k.text('country').$type<LeadCountry>().notNull(),
    fileId: k.text('file_id').notNull(),
    fileName: k.text('file_name').notNull(),
    contentType: k.text('content_type').notNull(),
    headers: k.json('headers').$type<string[]>().notNull(),
    rowCount: k.integer('row_count').notNull(),
    nixFileId: k.text('nix_file_id'),
    nixFileName: k.text('nix_file_name'),
    nixNumbers: k.integer('nix_numbers'),
    /** the day the numbers were checked against NIX (YYYY-MM-DD): the list may be used two months from it (decision 095) */
    nixCheckedOn: k.text('nix_checked_on'),
    status: k.text('status').$type<LeadListStatus>().notNull(),
    mapping: k.json('mapping').$type<LeadMapping>(),
    choices: k.json('choices').$type<LeadChoices>(),
    formatId: k.text('format_id'),
    summary: k.json('summary').$type<LeadSummary>(),
    /** why the run failed, in the words of the person who ran it */
    error: k.text('error'),
    jobId: k.text('job_id'),
    downloadId: k.text('download_id'),
    createdById: k.text('created_by_id').notNull(),
    createdAt: k.createdAt(),
    finishedAt: k.ms('finished_at'),
  }),
  (t, k) => [k.index('lead_lists_created').on(t.createdAt, t.id), k.index('lead_lists_campaign').on(t.campaignKey, t.createdAt)],
)

/** A number (E.164) or identity key a finished list of the campaign held: one row per campaign and key. */
export const [leadCampaignKeys, leadCampaignKeysPg] = table(
  'lead_campaign_keys',
  (k) => ({
    campaignKey: k.text('campaign_key').notNull(),
    key: k.text('key').notNull(),
    listId: k.text('list_id').notNull(),
    createdAt: k.createdAt(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.campaignKey, t.key] }), k.index('lead_campaign_keys_list').on(t.listId)],
)
