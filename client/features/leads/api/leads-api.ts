import { XLSX_TYPE } from '../../../../shared/schemas/files'
import type { LeadCountry, LeadMapping } from '../../../../shared/rules/leads'
import type { LeadFormatInput, LeadList } from '../../../../shared/schemas/leads'
import { call, rpc, uploadFile } from '../../../lib/api-client'

/** The lead-list tool's calls (docs/decisions/075). */

/** A file's type by its name (a browser may give none for a CSV); the server decides by the content anyway. */
const typeOf = (file: File) => (/\.xlsx$/i.test(file.name) ? XLSX_TYPE : /\.(csv|txt)$/i.test(file.name) ? 'text/csv' : file.type || null)

export function uploadLeadList(file: File, q: { campaign: string; country: LeadCountry; sourceId?: string }) {
  const query = new URLSearchParams({ campaign: q.campaign, country: q.country, ...(q.sourceId ? { sourceId: q.sourceId } : {}) })
  return uploadFile<LeadList>(`/api/lead-lists?${query.toString()}`, file, file.name, typeOf(file))
}
/** The NIX answer and the day the numbers were checked (decision 095). */
export const uploadNix = (id: string, file: File, checkedOn: string) =>
  uploadFile<LeadList>(`/api/lead-lists/${encodeURIComponent(id)}/nix?${new URLSearchParams({ checkedOn }).toString()}`, file, file.name, typeOf(file))
export const removeNix = (id: string) => call(rpc['lead-lists'][':id'].nix.$delete({ param: { id } }))
export const getLeadList = (id: string, signal?: AbortSignal) => call(rpc['lead-lists'][':id'].$get({ param: { id } }, { init: { signal } }))
export const listLeadLists = (campaign: string, signal?: AbortSignal) =>
  call(rpc['lead-lists'].$get({ query: campaign ? { campaign } : {} }, { init: { signal } }))
export const previewLeadList = (id: string, mapping: LeadMapping) => call(rpc['lead-lists'][':id'].preview.$post({ param: { id }, json: { mapping } }))
export const runLeadList = (id: string, input: Parameters<(typeof rpc)['lead-lists'][':id']['run']['$post']>[0]['json']) =>
  call(rpc['lead-lists'][':id'].run.$post({ param: { id }, json: input }))
export const listLeadFormats = (signal?: AbortSignal) => call(rpc['lead-formats'].$get({}, { init: { signal } }))
export const saveLeadFormat = (id: string | null, input: LeadFormatInput) =>
  id ? call(rpc['lead-formats'][':id'].$put({ param: { id }, json: input })) : call(rpc['lead-formats'].$post({ json: input }))
export const removeLeadFormat = (id: string) => call(rpc['lead-formats'][':id'].$delete({ param: { id } }))
export const listLeadSources = (signal?: AbortSignal) => call(rpc['lead-sources'].$get({}, { init: { signal } }))
