import type { ExternalAccountInput, ExternalTemplateInput, ExternalTemplateUpdate } from '../../../../shared/schemas/external-accounts'
import { call, rpc } from '../../../lib/api-client'

/** External accounts (decision 043): templates, a user's accounts, and the passwords behind the four digits. */
export const listExternalTemplates = (signal?: AbortSignal) => call(rpc['external-account-templates'].$get({}, { init: { signal } }))
export const createExternalTemplate = (json: ExternalTemplateInput) => call(rpc['external-account-templates'].$post({ json }))
export const updateExternalTemplate = (id: string, json: ExternalTemplateUpdate) => call(rpc['external-account-templates'][':id'].$put({ param: { id }, json }))
export const deleteExternalTemplate = (id: string) => call(rpc['external-account-templates'][':id'].$delete({ param: { id } }))

export const userExternalAccounts = (id: string, signal?: AbortSignal) =>
  call(rpc.users[':id']['external-accounts'].$get({ param: { id } }, { init: { signal } }))
export const setUserExternalAccount = (id: string, templateId: string, json: ExternalAccountInput) =>
  call(rpc.users[':id']['external-accounts'][':templateId'].$put({ param: { id, templateId }, json }))
export const revealUserExternalPassword = (id: string, templateId: string, ssnLast4: string) =>
  call(rpc.users[':id']['external-accounts'][':templateId'].reveal.$post({ param: { id, templateId }, json: { ssnLast4 } }))
