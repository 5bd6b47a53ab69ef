import type { TermsAnswerFilter } from '../../../../shared/schemas/terms'
import { call, rpc } from '../../../lib/api-client'

/** Terms of use, the admin's side (docs/decisions/039). */
type Texts = { sv: string; en: string; fi: string }
export const listTerms = (signal?: AbortSignal) => call(rpc.terms.$get({}, { init: { signal } }))
export const createTerms = (texts: Texts) => call(rpc.terms.$post({ json: { texts } }))
export const updateTerms = (id: string, texts: Texts, version: number) => call(rpc.terms[':id'].$put({ param: { id }, json: { texts, version } }))
export const deleteTerms = (id: string, version: number) => call(rpc.terms[':id'].$delete({ param: { id }, query: { version: String(version) } }))
export const publishTerms = (id: string, version: number) => call(rpc.terms[':id'].publish.$post({ param: { id }, json: { version } }))
export const termsPeople = (id: string, answer: TermsAnswerFilter, q: string, offset: number, signal?: AbortSignal) =>
  call(rpc.terms[':id'].people.$get({ param: { id }, query: { answer, ...(q ? { q } : {}), offset: String(offset) } }, { init: { signal } }))
