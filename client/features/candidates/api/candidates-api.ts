import type {
  CandidateOwnDetailsInput,
  ContractTemplateInput,
  CreateCandidateInput,
  PrivateCandidateField,
  SignContractInput,
  StartStepInput,
  StepName,
  UpdateCandidateInput,
} from '../../../../shared/schemas/candidates'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

/** Recruiting's calls (docs/decisions/070), through the typed client. */

export const CANDIDATE_FILTER_KEYS = ['recruiterId', 'regionId', 'stage', 'status', 'startFrom', 'startTo'] as const
export type CandidateFilters = Partial<Record<(typeof CANDIDATE_FILTER_KEYS)[number], string>>

export const listCandidates = (q: ListQuery, filters: CandidateFilters, signal?: AbortSignal) => getList(rpc.candidates.$get, q, filters, signal)
export const getCandidate = (id: string, signal?: AbortSignal) => call(rpc.candidates[':id'].$get({ param: { id } }, { init: { signal } }))
export const getCandidateChoices = (signal?: AbortSignal) => call(rpc.candidates.choices.$get({}, { init: { signal } }))
export const createCandidate = (json: CreateCandidateInput) => call(rpc.candidates.$post({ json }))
export const updateCandidate = (id: string, json: UpdateCandidateInput) => call(rpc.candidates[':id'].$patch({ param: { id }, json }))
export const addCandidateNote = (id: string, text: string) => call(rpc.candidates[':id'].notes.$post({ param: { id }, json: { text } }))
export const closeCandidate = (id: string, reason: string, version: number) =>
  call(rpc.candidates[':id'].close.$post({ param: { id }, json: { reason, version } }))
export const reopenCandidate = (id: string, version: number) => call(rpc.candidates[':id'].reopen.$post({ param: { id }, json: { version } }))
export const revealCandidate = (id: string, fields: PrivateCandidateField[]) => call(rpc.candidates[':id'].private.$post({ param: { id }, json: { fields } }))
export const startStep = (id: string, step: StepName, json: StartStepInput) => call(rpc.candidates[':id'].steps[':step'].$post({ param: { id, step }, json }))
export const eraseCandidate = (id: string) => call(rpc.candidates[':id'].erase.$post({ param: { id } }))
export const exportCandidate = (id: string) => call(rpc.candidates[':id'].export.$post({ param: { id } }))
export const getCandidateSettings = (signal?: AbortSignal) => call(rpc.candidates.settings.$get({}, { init: { signal } }))
export const saveCandidateSettings = (json: { retentionDays: number; reminderDays: number; linkDays: number; version: number }) =>
  call(rpc.candidates.settings.$put({ json }))
export const getContractTemplates = (signal?: AbortSignal) => call(rpc.candidates.templates.$get({}, { init: { signal } }))
export const saveContractTemplate = (json: ContractTemplateInput) => call(rpc.candidates.templates.$put({ json }))

// The candidate's own pages: a token, no account.
export const getOwnPage = (token: string, signal?: AbortSignal) => call(rpc.public.candidates[':token'].$get({ param: { token } }, { init: { signal } }))
export const sendOwnDetails = (token: string, json: CandidateOwnDetailsInput) => call(rpc.public.candidates[':token'].$post({ param: { token }, json }))
export const getSigningPage = (token: string, signal?: AbortSignal) =>
  call(rpc.public.candidates[':token'].contract.$get({ param: { token } }, { init: { signal } }))
export const signContract = (token: string, json: SignContractInput) => call(rpc.public.candidates[':token'].sign.$post({ param: { token }, json }))
/** The contract's PDF to read before signing (opened in the browser's own viewer). */
export const contractPdfUrl = (token: string) => `/api/public/candidates/${encodeURIComponent(token)}/contract.pdf`
