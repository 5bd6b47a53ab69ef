import type { AppAbility, StoredRule } from '../../../shared/permissions/ability'
import { isKnownPermission } from '../../../shared/permissions/catalogue'
import { holdsRule } from '../../../shared/permissions/grant'
import { ruleOfScoped, scopedOfRule, type ScopedPermission } from '../../../shared/permissions/scopes'
import type { Translate } from '../../../shared/schemas/errors'
import { ApiError, validationError } from '../../lib/errors'

/** A rule's identity, to tell what an edit added and removed. */
export const ruleKey = (r: StoredRule) => JSON.stringify([r.action, r.subject, r.conditions ?? null, r.fields ?? null, !!r.inverted])

/**
 * Permissions as the editors send them (a role's, a user's direct ones) as stored rules: each one known, with a
 * scope its subject offers, and none twice. Errors are named by the permission's index.
 */
export function rulesOfPermissions(permissions: ScopedPermission[], translate: Translate): StoredRule[] {
  const errors: Record<string, string[]> = {}
  const seen = new Set<string>()
  const rules: StoredRule[] = []
  permissions.forEach((p, i) => {
    if (!isKnownPermission(p.action, p.subject)) {
      errors[`permissions.${i}`] = [translate('validation.unknownPermission', { permission: `${p.action} ${p.subject}` })]
      return
    }
    const rule = ruleOfScoped(p)
    if (!rule) {
      errors[`permissions.${i}`] = [translate('validation.unknownScope', { permission: `${p.action} ${p.subject}` })]
      return
    }
    // The same permission twice (with any scope) would be two rules of which the wider wins: one is asked for.
    const pair = `${p.action} ${p.subject}`
    if (seen.has(pair)) {
      errors[`permissions.${i}`] = [translate('validation.permissionTwice', { permission: pair })]
      return
    }
    seen.add(pair)
    rules.push(rule)
  })
  if (Object.keys(errors).length > 0) throw validationError(errors)
  return rules
}

/** Giving or taking away a rule the actor does not hold is refused, naming each (decision 016). */
export function mustHoldRules(ability: AppAbility, changed: StoredRule[], translate: Translate) {
  const beyond = changed.filter((r) => !holdsRule(ability, r))
  if (beyond.length === 0) return
  const names = [...new Set(beyond.map((r) => `${r.action} ${r.subject}`))].join(', ')
  throw new ApiError(403, 'forbidden', { fieldErrors: { permissions: [translate('validation.permissionsNotHeld', { permissions: names })] } })
}

/** Rules as the log names them: "view users (teams)". */
export const permissionNames = (rules: StoredRule[]) =>
  rules.map((r) => {
    const scoped = scopedOfRule(r)
    return scoped && scoped.scope !== 'all' ? `${r.action} ${r.subject} (${scoped.scope})` : `${r.action} ${r.subject}`
  })
