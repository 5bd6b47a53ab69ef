/**
 * The permission catalogue: every (action, subject) pair the product knows, as data.
 * The one source for the server (route guards, role seeding) and the client (route guard, nav).
 * `manage` and `all` are CASL wildcards: `manage` matches every action, `all` every subject.
 * A permission's name is "action subject" (spec section 6).
 */

/** The subjects the spec's route table guards its screens with (spec section 6). */
const SPEC_SUBJECTS = [
  'absenceexport',
  'controlling',
  'customers',
  'sale_reports',
  'devices',
  'downloads',
  'finance_profitability_legacy',
  'finance_profitability_managers',
  'finance_profitability_providers',
  'finance_profitability_sellers',
  'finance_profitability_teams',
  'candidates',
  'order_registrations',
  'paycodes',
  'products',
  'providers',
  'sale_quality_surveys',
  'sale_quality_templates',
  'scheduled_messages',
  'seller_transcriptions',
  'sicknotices',
  'time_reports',
  'dashboard_sales',
  'offices',
  'embeds',
  'chat',
  'business_intelligence',
  'stats',
  'sales',
  'sales_salary_calculator',
  'salesflow',
  'salesflow_admin',
  'tool_pts_transform',
  'sales_planner',
  'coach_groups',
  'external_account_templates',
  'users',
  'teams',
  'regions',
  'roles',
  'terms_of_use',
  'titles',
  'profile',
] as const

/** Subjects the API needs that the spec's route table does not guard a screen with: no view permission of their own. */
const API_ONLY_SUBJECTS = [
  // docs/decisions/029: attestation, extra income and the payroll export.
  'time_attestations',
  'extra_incomes',
  'payroll_exports',
  // The activity-log search screen (docs/decisions/035): the issue's, not in the spec's route table.
  'activity_log',
  // Monthly budgets of sellers, teams and offices (docs/decisions/047): the issue's, not in the spec's route table.
  'budgets',
  // The profitability calculation's settings (docs/decisions/051): the contribution rate and the legacy cut-off.
  'finance_settings',
  // Customers' identity numbers in full, on request and logged (docs/decisions/058): masked for everyone else.
  'identity_numbers',
  // Recruiting (docs/decisions/070): candidates' identity and bank numbers in full; creating a candidate's accounts.
  'candidate_private_data',
  'candidate_accounts',
  // The organisation's identity providers (docs/decisions/093): read them; add, change and remove them.
  'identity_providers',
  // Written offers after a telesales call (docs/decisions/094): read a sale's and the list; send one; the rules.
  'sale_offers',
  // The do-not-contact register (docs/decisions/096): read it, record an entry, remove one.
  'contact_blocks',
  // The office screens (docs/decisions/101): see them; pair, change and revoke one.
  'displays',
  // The team feed (docs/decisions/102): post to an office or a team; remove others' items and comments.
  'feed_posts',
] as const

export const SUBJECTS = [...SPEC_SUBJECTS, ...API_ONLY_SUBJECTS] as const

export type Subject = (typeof SUBJECTS)[number]
export type SubjectOrAll = Subject | 'all'

export const ACTIONS = ['view', 'create', 'update', 'delete', 'admin', 'impersonate'] as const
export type Action = (typeof ACTIONS)[number]
export type ActionOrManage = Action | 'manage'

export type PermissionDef = {
  action: Action
  subject: Subject
  /** where the permission comes from: the spec's route table, or an API need of ours */
  source: 'spec' | 'api'
}

/** Pairs from the spec's route table (section 6). */
const SPEC_VIEW: Subject[] = SUBJECTS.filter((s) => s !== 'embeds' && !(API_ONLY_SUBJECTS as readonly Subject[]).includes(s))

/** Write actions the API needs on top of the spec's view permissions. */
const API_PAIRS: Array<[Action, Subject]> = [
  ['create', 'users'],
  ['update', 'users'],
  ['delete', 'users'],
  ['impersonate', 'users'],
  ['create', 'roles'],
  ['update', 'roles'],
  ['delete', 'roles'],
  ['create', 'teams'],
  ['update', 'teams'],
  ['delete', 'teams'],
  ['create', 'offices'],
  ['update', 'offices'],
  ['delete', 'offices'],
  ['create', 'regions'],
  ['update', 'regions'],
  ['delete', 'regions'],
  ['create', 'products'],
  ['update', 'products'],
  ['delete', 'products'],
  ['create', 'providers'],
  ['update', 'providers'],
  ['delete', 'providers'],
  ['create', 'customers'],
  ['update', 'customers'],
  ['update', 'sale_reports'],
  ['create', 'order_registrations'],
  ['update', 'order_registrations'],
  ['update', 'sales'],
  ['create', 'time_reports'],
  ['update', 'time_reports'],
  ['create', 'sicknotices'],
  // Time, absence and pay (docs/decisions/029): attest a month, reopen it; the mapping; extra income; payroll.
  ['create', 'time_attestations'],
  ['update', 'time_attestations'],
  ['update', 'paycodes'],
  ['create', 'extra_incomes'],
  ['update', 'extra_incomes'],
  ['create', 'payroll_exports'],
  ['create', 'candidates'],
  ['update', 'candidates'],
  // Seller transcriptions (docs/decisions/076): a call and its text, the providers' scripts.
  ['create', 'seller_transcriptions'],
  ['update', 'seller_transcriptions'],
  // Recruiting (docs/decisions/070): erase or export a candidate on request; the onboarding's templates and settings;
  // read the numbers in full; create the accounts.
  ['delete', 'candidates'],
  ['admin', 'candidates'],
  ['view', 'candidate_private_data'],
  ['create', 'candidate_accounts'],
  ['update', 'profile'],
  ['update', 'terms_of_use'],
  ['update', 'titles'],
  ['view', 'activity_log'],
  // Sale quality (docs/decisions/045): record a survey's outcome; write templates.
  ['update', 'sale_quality_surveys'],
  ['create', 'sale_quality_templates'],
  ['update', 'sale_quality_templates'],
  // Budgets (docs/decisions/047): read them; set a month's.
  ['view', 'budgets'],
  ['update', 'budgets'],
  // Profitability (docs/decisions/051): change the calculation's settings (anyone with a finance view reads them).
  ['update', 'finance_settings'],
  // Identity numbers (docs/decisions/058): read one in full, on request, logged.
  ['view', 'identity_numbers'],
  // The sales game (docs/decisions/052): its admin changes levels, rewards and stock, decides purchases, adjusts coins.
  ['update', 'salesflow_admin'],
  // Scheduled messages (docs/decisions/071): write, pause and remove them; everyone's downloads (admins).
  ['create', 'scheduled_messages'],
  ['update', 'scheduled_messages'],
  ['delete', 'scheduled_messages'],
  // The devices (docs/decisions/072): edit, import the MDM's list, mark lost, the alerts' limits.
  ['update', 'devices'],
  // Field runs (docs/decisions/073): plan a team's runs and areas on the sales planner.
  ['update', 'sales_planner'],
  // The maps (docs/decisions/074): the basemap, positions on sales, the postal codes' positions.
  ['update', 'controlling'],
  ['admin', 'downloads'],
  // Identity providers (docs/decisions/093).
  ['view', 'identity_providers'],
  ['update', 'identity_providers'],
  // Written offers (docs/decisions/094): send one after the call; write the rules per provider and country.
  ['view', 'sale_offers'],
  ['create', 'sale_offers'],
  ['update', 'sale_offers'],
  // The do-not-contact register (docs/decisions/096).
  ['view', 'contact_blocks'],
  ['create', 'contact_blocks'],
  ['delete', 'contact_blocks'],
  // The office screens (docs/decisions/101).
  ['view', 'displays'],
  ['update', 'displays'],
  // The team feed (docs/decisions/102).
  ['create', 'feed_posts'],
  ['delete', 'feed_posts'],
]

export const PERMISSIONS: readonly PermissionDef[] = [
  ...SPEC_VIEW.map((subject) => ({ action: 'view' as const, subject, source: 'spec' as const })),
  { action: 'admin', subject: 'embeds', source: 'spec' },
  { action: 'view', subject: 'embeds', source: 'spec' },
  { action: 'create', subject: 'sales', source: 'spec' },
  ...API_PAIRS.map(([action, subject]) => ({ action, subject, source: 'api' as const })),
]

export function permissionName(action: ActionOrManage, subject: SubjectOrAll): string {
  return `${action} ${subject}`
}

/** Parses "action subject"; returns null for anything that is not two known words. */
export function parsePermissionName(name: string): { action: ActionOrManage; subject: SubjectOrAll } | null {
  const parts = name.trim().split(' ')
  if (parts.length !== 2) return null
  const [action, subject] = parts as [string, string]
  const actionOk = action === 'manage' || (ACTIONS as readonly string[]).includes(action)
  const subjectOk = subject === 'all' || (SUBJECTS as readonly string[]).includes(subject)
  return actionOk && subjectOk ? { action: action as ActionOrManage, subject: subject as SubjectOrAll } : null
}

export function isKnownPermission(action: string, subject: string): boolean {
  if (action === 'manage' || subject === 'all') {
    return parsePermissionName(`${action} ${subject}`) !== null
  }
  return PERMISSIONS.some((p) => p.action === action && p.subject === subject)
}
