import type { StoredRule } from './ability'
import type { ActionOrManage, Subject, SubjectOrAll } from './catalogue'

/**
 * How far a permission reaches, as the role editor offers it (docs/decisions/032): everywhere, the user's office,
 * the user's teams (their own and those they coach), or only their own records; candidates also the user's region
 * (docs/decisions/070). A scope is a condition the
 * server's lists and checks already apply for that subject (their `accessFilter` columns); a subject not named
 * here has no rows to narrow, so its permissions are only ever "everywhere". Every conditioned rule of the seeded
 * roles is one of these (a test holds it), so an edit in the editor round-trips them unchanged.
 */
export const ROLE_SCOPES = ['all', 'region', 'office', 'teams', 'own'] as const
export type RoleScope = (typeof ROLE_SCOPES)[number]

const MY_OFFICE = { officeId: '${user.officeId}' }
const MY_TEAMS = { teamId: { $in: '${user.teamIds}' } }

export const SCOPE_CONDITIONS: Partial<Record<Subject, Partial<Record<Exclude<RoleScope, 'all'>, Record<string, unknown>>>>> = {
  users: { office: MY_OFFICE, teams: MY_TEAMS, own: { id: '${user.id}' } },
  teams: { office: MY_OFFICE, teams: { id: { $in: '${user.teamIds}' } } },
  offices: { office: { id: '${user.officeId}' } },
  sales: { office: MY_OFFICE, teams: MY_TEAMS, own: { sellerId: '${user.id}' } },
  sale_reports: { office: MY_OFFICE, teams: MY_TEAMS, own: { sellerId: '${user.id}' } },
  time_reports: { office: MY_OFFICE, teams: MY_TEAMS, own: { userId: '${user.id}' } },
  sicknotices: { office: MY_OFFICE, teams: MY_TEAMS },
  time_attestations: { office: MY_OFFICE, teams: MY_TEAMS },
  budgets: { office: MY_OFFICE, teams: MY_TEAMS },
  candidates: { region: { regionId: '${user.regionId}' }, own: { recruiterId: '${user.id}' } },
  // Field control (docs/decisions/072, 073): devices by whose they are, runs and the runs screen by team or office.
  devices: { office: MY_OFFICE, teams: MY_TEAMS, own: { sellerId: '${user.id}' } },
  sales_planner: { office: MY_OFFICE, teams: MY_TEAMS },
  controlling: { office: MY_OFFICE, teams: MY_TEAMS },
  // Seller transcriptions (docs/decisions/076): a call by its seller's team or office, or the seller's own.
  seller_transcriptions: { office: MY_OFFICE, teams: MY_TEAMS, own: { sellerId: '${user.id}' } },
  // Written offers (docs/decisions/094): by the sale's seller, team or office.
  sale_offers: { office: MY_OFFICE, teams: MY_TEAMS, own: { sellerId: '${user.id}' } },
  // Office screens (docs/decisions/101): by the office a screen shows.
  displays: { office: MY_OFFICE },
  // The team feed (docs/decisions/102): by the office an item belongs to.
  feed_posts: { office: MY_OFFICE },
}

/** The scopes a subject offers, "everywhere" first. */
export function scopesOf(subject: SubjectOrAll): RoleScope[] {
  const own = subject === 'all' ? undefined : SCOPE_CONDITIONS[subject]
  return ['all', ...ROLE_SCOPES.filter((s): s is Exclude<RoleScope, 'all'> => s !== 'all' && own?.[s] !== undefined)]
}

/** A permission as the role editor holds it. */
export type ScopedPermission = { action: ActionOrManage; subject: SubjectOrAll; scope: RoleScope }

/** The stored rule of a scoped permission; null when the subject does not offer the scope. */
export function ruleOfScoped(p: ScopedPermission): StoredRule | null {
  if (p.scope === 'all') return { action: p.action, subject: p.subject }
  const conditions = p.subject === 'all' ? undefined : SCOPE_CONDITIONS[p.subject]?.[p.scope]
  return conditions ? { action: p.action, subject: p.subject, conditions } : null
}

/**
 * The scoped permission a stored rule is, or null when the editor cannot show it as one (an inverted rule, a
 * field restriction, a condition that is no scope): such rules are kept as they are by an edit.
 */
export function scopedOfRule(rule: StoredRule): ScopedPermission | null {
  if (rule.inverted || (rule.fields && rule.fields.length > 0)) return null
  if (!rule.conditions || Object.keys(rule.conditions).length === 0) return { action: rule.action, subject: rule.subject, scope: 'all' }
  if (rule.subject === 'all') return null
  const offered = SCOPE_CONDITIONS[rule.subject] ?? {}
  const wanted = JSON.stringify(rule.conditions)
  for (const [scope, conditions] of Object.entries(offered)) {
    if (JSON.stringify(conditions) === wanted) return { action: rule.action, subject: rule.subject, scope: scope as RoleScope }
  }
  return null
}
