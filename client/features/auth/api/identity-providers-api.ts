import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { IdentityProviderInput, IdentityProviderUpdate, RoleMappingsInput } from '../../../../shared/schemas/sso'
import { call, rpc } from '../../../lib/api-client'
import { authKeys } from './auth-keys'

/** The organisation's identity providers (decision 093): listed, added, changed on the version read, removed. */
export const listIdentityProviders = (signal?: AbortSignal) => call(rpc['identity-providers'].$get(undefined, { init: { signal } }))
export const createIdentityProvider = (json: IdentityProviderInput) => call(rpc['identity-providers'].$post({ json }))
export const updateIdentityProvider = (id: string, json: IdentityProviderUpdate) => call(rpc['identity-providers'][':id'].$put({ param: { id }, json }))
export const deleteIdentityProvider = (id: string) => call(rpc['identity-providers'][':id'].$delete({ param: { id } }))

export function useIdentityProviders() {
  return useQuery({ queryKey: authKeys.identityProviders, queryFn: ({ signal }) => listIdentityProviders(signal) })
}

/** The roles a provider may give at a first sign-in (their names for the choice). */
export function useRoleChoices() {
  return useQuery({ queryKey: authKeys.roles, queryFn: ({ signal }) => call(rpc.roles.$get(undefined, { init: { signal } })) })
}

export function useRefreshIdentityProviders() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: authKeys.identityProviders })
}

/** Which of a provider's groups (or app roles) give which roles here, in order, on the provider's version read. */
export const saveRoleMappings = (id: string, json: RoleMappingsInput) => call(rpc['identity-providers'][':id']['role-mappings'].$put({ param: { id }, json }))
