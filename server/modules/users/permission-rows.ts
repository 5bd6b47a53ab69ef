import { randomUUID } from 'node:crypto'
import type { StoredRule } from '../../../shared/permissions/ability'

/**
 * A holder's stored rules as the rows of `permission_rules`, in their order: a role's (`roleId`) or the ones given
 * to a user directly (`userId`). What a rule leaves out is stored as none (no fields, no conditions, not inverted).
 */
export function permissionRows(rules: readonly StoredRule[], holder: { roleId: string } | { userId: string }) {
  return rules.map((rule, position) => ({
    id: randomUUID(),
    roleId: 'roleId' in holder ? holder.roleId : null,
    userId: 'userId' in holder ? holder.userId : null,
    action: rule.action,
    subject: rule.subject,
    fields: rule.fields ?? null,
    conditions: rule.conditions ?? null,
    inverted: rule.inverted ?? false,
    reason: rule.reason ?? null,
    position,
  }))
}
