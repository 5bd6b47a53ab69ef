import type { Action, Subject } from './catalogue'
import type { StoredRule } from './ability'
import type { RoleKey } from './role-keys'

/**
 * The seeded roles and their default rules. The table in docs/roles-and-permissions.md is
 * generated from this file by `npm run docs:roles`; a unit test fails when the two differ.
 * Conditions use placeholders resolved per user ("${user.id}", "${user.teamIds}", "${user.officeId}").
 */

export { ROLE_KEYS, type RoleKey } from './role-keys'

const view = (...subjects: Subject[]): StoredRule[] => subjects.map((subject) => ({ action: 'view', subject }))
const can = (action: Action, ...subjects: Subject[]): StoredRule[] => subjects.map((subject) => ({ action, subject }))

const OWN = { sellerId: '${user.id}' }
const MY_TEAMS = { teamId: { $in: '${user.teamIds}' } }
const MY_OFFICE = { officeId: '${user.officeId}' }

const FINANCE: Subject[] = [
  'finance_profitability_legacy',
  'finance_profitability_managers',
  'finance_profitability_providers',
  'finance_profitability_sellers',
  'finance_profitability_teams',
]

/**
 * The spec's "Can view team" (docs/decisions/042), a setting of a user rather than a role: reading the sales of the
 * user's team, beside whatever the role gives. The team screens (dashboards, leaderboards) ask this permission.
 */
export const CAN_VIEW_TEAM_RULES: readonly StoredRule[] = [{ action: 'view', subject: 'sales', conditions: MY_TEAMS }]

export type RoleDef = { key: RoleKey; name: string; description: string; rules: StoredRule[] }

export const DEFAULT_ROLES: readonly RoleDef[] = [
  {
    key: 'admin',
    name: 'Admin',
    description: 'Everything, including users, roles and permissions.',
    rules: [{ action: 'manage', subject: 'all' }],
  },
  {
    key: 'backoffice',
    name: 'Back office',
    description: 'Sale reports and orders, deviations, catalogs, exports, scheduled messages, user records.',
    rules: [
      ...view(
        'absenceexport',
        'controlling',
        'customers',
        'sale_reports',
        'devices',
        'downloads',
        'order_registrations',
        'paycodes',
        'products',
        'providers',
        'sale_quality_surveys',
        'sale_quality_templates',
        'scheduled_messages',
        'seller_transcriptions',
        'sicknotices',
        // The lead-list tool (docs/decisions/075): telesales' back office prepares the lists it calls.
        'tool_pts_transform',
        'time_reports',
        'users',
        'teams',
        'offices',
        'regions',
        'titles',
        'terms_of_use',
        'embeds',
        'stats',
        'chat',
        'business_intelligence',
        'profile',
        ...FINANCE,
      ),
      ...can('update', 'sale_reports', 'time_reports', 'users', 'profile', 'order_registrations'),
      ...can('create', 'order_registrations'),
      // Quality calls and their templates (docs/decisions/045).
      ...can('update', 'sale_quality_surveys', 'sale_quality_templates'),
      ...can('create', 'sale_quality_templates'),
      // Time, absence and pay (docs/decisions/029): attest any month and reopen it, the pay codes, extra income,
      // the payroll export.
      ...can('create', 'time_attestations', 'extra_incomes', 'payroll_exports'),
      ...can('update', 'time_attestations', 'paycodes', 'extra_incomes'),
      // Not 'create users': giving an account a role gives its rules, and nobody gives more than they hold
      // (docs/decisions/016); back office holds none of the default roles whole. Admins create accounts.
      ...can('create', 'products', 'providers', 'customers'),
      ...can('update', 'products', 'providers', 'customers'),
      ...can('delete', 'products', 'providers'),
      // Budgets of every office, team and seller (docs/decisions/047).
      ...can('view', 'budgets'),
      ...can('update', 'budgets'),
      // The profitability calculation's settings (docs/decisions/051).
      ...can('update', 'finance_settings'),
      // Customers' identity numbers in full, on request and logged (docs/decisions/058).
      ...can('view', 'identity_numbers'),
      // Recruiting (docs/decisions/070): every candidate, their numbers in full (pay needs them), the templates and
      // settings, and the accounts step (a seller account, the one role the step gives).
      ...can('view', 'candidates', 'candidate_private_data'),
      ...can('create', 'candidates', 'candidate_accounts'),
      ...can('update', 'candidates'),
      ...can('admin', 'candidates'),
      // Scheduled messages (docs/decisions/071).
      ...can('create', 'scheduled_messages'),
      ...can('update', 'scheduled_messages'),
      ...can('delete', 'scheduled_messages'),
      // The devices (docs/decisions/072): edit, import the MDM's list, mark one lost, the alerts' thresholds.
      ...can('update', 'devices'),
      // Seller transcriptions (docs/decisions/076): add a call, its text, the providers' scripts.
      ...can('create', 'seller_transcriptions'),
      ...can('update', 'seller_transcriptions'),
      // Written offers after a telesales call (docs/decisions/094): every sale's, send them, the rules.
      ...can('view', 'sale_offers'),
      ...can('create', 'sale_offers'),
      ...can('update', 'sale_offers'),
      // The do-not-contact register (docs/decisions/096): read it, record and remove entries.
      ...can('view', 'contact_blocks'),
      ...can('create', 'contact_blocks'),
      ...can('delete', 'contact_blocks'),
    ],
  },
  {
    key: 'manager',
    name: 'Manager',
    description: 'Their office: teams, sale reports, time reports, statistics and finance views.',
    rules: [
      ...view(
        'dashboard_sales',
        'offices',
        'sale_quality_surveys',
        'stats',
        'chat',
        'business_intelligence',
        'salesflow',
        'embeds',
        'sales_planner',
        'coach_groups',
        'profile',
        'finance_profitability_teams',
        'finance_profitability_sellers',
      ),
      { action: 'view', subject: 'teams', conditions: MY_OFFICE },
      { action: 'view', subject: 'users', conditions: MY_OFFICE },
      // The office's screens on the wall (docs/decisions/101): see them, pair, change and revoke one.
      { action: 'view', subject: 'displays', conditions: MY_OFFICE },
      { action: 'update', subject: 'displays', conditions: MY_OFFICE },
      // The office's feed (docs/decisions/102): post to it, and remove what does not belong there.
      { action: 'create', subject: 'feed_posts', conditions: MY_OFFICE },
      { action: 'delete', subject: 'feed_posts', conditions: MY_OFFICE },
      { action: 'view', subject: 'sale_reports', conditions: MY_OFFICE },
      { action: 'view', subject: 'time_reports', conditions: MY_OFFICE },
      { action: 'view', subject: 'sicknotices', conditions: MY_OFFICE },
      // Their office's budget, its teams' and its sellers' (docs/decisions/047).
      { action: 'view', subject: 'budgets', conditions: MY_OFFICE },
      { action: 'update', subject: 'budgets', conditions: MY_OFFICE },
      // Their office's teams' runs and areas on the sales planner (docs/decisions/073).
      { action: 'update', subject: 'sales_planner', conditions: MY_OFFICE },
      // Their office's runs and maps (docs/decisions/074).
      { action: 'view', subject: 'controlling', conditions: MY_OFFICE },
      // Their office's sellers' calls (docs/decisions/076).
      { action: 'view', subject: 'seller_transcriptions', conditions: MY_OFFICE },
      // Their office's written offers (docs/decisions/094).
      { action: 'view', subject: 'sale_offers', conditions: MY_OFFICE },
      ...can('update', 'profile'),
    ],
  },
  {
    key: 'coach',
    name: 'Coach',
    description: 'Their teams: dashboards, sale reports, quality and regret statistics, competitions.',
    rules: [
      // The statistics views shared with coaches (docs/decisions/053), besides the chat.
      ...view('dashboard_sales', 'sale_quality_surveys', 'salesflow', 'embeds', 'sales_planner', 'chat', 'stats', 'profile'),
      { action: 'view', subject: 'teams', conditions: { id: { $in: '${user.teamIds}' } } },
      { action: 'view', subject: 'users', conditions: MY_TEAMS },
      { action: 'view', subject: 'sale_reports', conditions: MY_TEAMS },
      { action: 'view', subject: 'time_reports', conditions: MY_TEAMS },
      // A coach attests their teams' months (docs/decisions/029) and sees who of them is sick.
      { action: 'create', subject: 'time_attestations', conditions: MY_TEAMS },
      { action: 'view', subject: 'sicknotices', conditions: MY_TEAMS },
      // Their teams' budgets and their sellers' (docs/decisions/047), to read.
      { action: 'view', subject: 'budgets', conditions: MY_TEAMS },
      // Their teams' runs and areas on the sales planner (docs/decisions/073).
      { action: 'update', subject: 'sales_planner', conditions: MY_TEAMS },
      // Their teams' runs and maps (docs/decisions/074).
      { action: 'view', subject: 'controlling', conditions: MY_TEAMS },
      // Their teams' sellers' calls (docs/decisions/076).
      { action: 'view', subject: 'seller_transcriptions', conditions: MY_TEAMS },
      // Their teams' written offers (docs/decisions/094).
      { action: 'view', subject: 'sale_offers', conditions: MY_TEAMS },
      ...can('update', 'profile'),
    ],
  },
  {
    key: 'seller',
    name: 'Seller',
    description: 'Own sales, daily checkout, time reports, sick notices, earnings and the sales game.',
    rules: [
      ...view('dashboard_sales', 'sales_salary_calculator', 'salesflow', 'embeds', 'profile'),
      { action: 'view', subject: 'sales', conditions: OWN },
      { action: 'create', subject: 'sales' },
      { action: 'update', subject: 'sales', conditions: OWN },
      // The written offer of their own sale after the call (docs/decisions/094): read it, send it.
      { action: 'view', subject: 'sale_offers', conditions: OWN },
      { action: 'create', subject: 'sale_offers', conditions: OWN },
      // A customer who asks at the door or on the call not to be contacted again is recorded (docs/decisions/096).
      ...can('create', 'contact_blocks'),
      // Their own time reports and sick notices, from the seller screens (docs/decisions/011).
      ...can('create', 'time_reports', 'sicknotices'),
      ...can('update', 'profile'),
    ],
  },
  {
    key: 'recruiter',
    name: 'Recruiter',
    description: 'Recruiting and onboarding of candidates.',
    // Their own candidates (docs/decisions/070): the role editor widens it to their region; numbers stay masked.
    rules: [
      ...view('embeds', 'profile'),
      { action: 'view', subject: 'candidates', conditions: { recruiterId: '${user.id}' } },
      { action: 'create', subject: 'candidates', conditions: { recruiterId: '${user.id}' } },
      { action: 'update', subject: 'candidates', conditions: { recruiterId: '${user.id}' } },
      ...can('create', 'candidate_accounts'),
      ...can('update', 'profile'),
    ],
  },
]

export function roleDef(key: RoleKey): RoleDef {
  const def = DEFAULT_ROLES.find((r) => r.key === key)
  if (!def) throw new Error(`Unknown role ${key}`)
  return def
}
