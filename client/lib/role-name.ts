import type { TFunction } from 'i18next'
import { ROLE_KEYS } from '../../shared/permissions/role-keys'

/**
 * A role's name as the user reads it: the default roles are translated by their key (roleNames.seller →
 * "Säljare"); a role an organisation created keeps the name it was given.
 */
export function roleName(t: TFunction, key: string | null | undefined, storedName: string): string {
  return key && (ROLE_KEYS as readonly string[]).includes(key) ? t(`roleNames.${key}`) : storedName
}
