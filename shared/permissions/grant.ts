import type { AppAbility, StoredRule } from './ability'

/**
 * Nobody grants more than they hold (docs/decisions/016). A rule can be given by a user whose own rules
 * allow its action on its subject with no condition and no field restriction, and take nothing of it away
 * (an inverted rule of theirs on it, conditional or not, means they do not hold all of it). A condition on
 * the granted rule does not make it smaller in the granter's terms: "${user.officeId}" means the new user's
 * office, not the granter's. An inverted rule only takes away, so anyone may give it.
 * The same function decides on the server (create, edit and bulk actions on users, roles and direct rules)
 * and in the screens (which roles and permissions are offered).
 */
export function holdsRule(granter: AppAbility, rule: StoredRule): boolean {
  if (rule.inverted) return true
  // rulesFor answers the rules that apply to the pair, highest priority first ("manage" and "all" included).
  for (const own of granter.rulesFor(rule.action, rule.subject)) {
    if (own.inverted) return false
    if (!own.conditions && !own.fields) return true
  }
  return false
}

/** The rules of `rules` the granter does not hold (empty: they may give them all). */
export function rulesBeyond(granter: AppAbility, rules: readonly StoredRule[]): StoredRule[] {
  return rules.filter((r) => !holdsRule(granter, r))
}

export function canGrantRules(granter: AppAbility, rules: readonly StoredRule[]): boolean {
  return rulesBeyond(granter, rules).length === 0
}

/** The subjects whose changing decides who may do what: administering them is the highest rank there is. */
const GOVERNANCE_SUBJECTS: readonly string[] = ['users', 'roles', 'all']

/**
 * Whether a user holding `rules` ranks above the editor (decision 033): they may change users or roles, or do
 * everything, in a way the editor may not. Such a user is changed only by someone who holds all of that, so a
 * clerk cannot take over an administrator's account (by its e-mail, then a password reset). Other rules do not
 * rank: back office edits sellers, whose own-record rules it does not hold as such.
 */
export function outranks(granter: AppAbility, rules: readonly StoredRule[]): boolean {
  return rules.some((r) => !r.inverted && r.action !== 'view' && GOVERNANCE_SUBJECTS.includes(r.subject) && !holdsRule(granter, r))
}

/**
 * Whether `resetter` may reset the two-step sign-in of a user holding `target` rules (decision 054): a reset opens
 * the account to whoever has its password, so only for someone whose every permission the resetter holds, and who
 * does not administer users or roles themselves — a clerk does not reset a peer clerk's — unless the resetter may
 * do everything (one admin resets another's after a lost phone).
 */
export function mayResetSignIn(resetter: AppAbility, target: readonly StoredRule[]): boolean {
  if (!canGrantRules(resetter, target)) return false
  if (resetter.can('manage', 'all')) return true
  return !target.some((r) => !r.inverted && r.action !== 'view' && GOVERNANCE_SUBJECTS.includes(r.subject))
}

/**
 * Why `admin` may not act as a user holding `target` rules (docs/decisions/037), or null when they may: they need
 * `impersonate users`; nobody acts as someone who may impersonate others themselves (an admin is not impersonated
 * by another); and, as with granting, nobody gets through another's account what they do not hold themselves.
 */
export function impersonationRefusal(admin: AppAbility, target: readonly StoredRule[], targetAbility: AppAbility): 'not_allowed' | 'admin' | 'beyond' | null {
  if (!admin.can('impersonate', 'users')) return 'not_allowed'
  if (targetAbility.can('impersonate', 'users')) return 'admin'
  if (!canGrantRules(admin, target)) return 'beyond'
  return null
}
