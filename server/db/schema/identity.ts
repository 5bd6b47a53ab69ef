import type { ActionOrManage, SubjectOrAll } from '../../../shared/permissions/catalogue'

import type { NotificationSettings } from '../../../shared/schemas/notifications'

import { table } from './table'

import { offices, teams } from './org'

/** Who people are and what they may do: roles, users, the teams a coach coaches, permission rules, sessions and rate limits. Each table once for both databases (./table.ts; conventions in ./sqlite.ts). */

export const [roles, rolesPg] = table('roles', (k) => ({
  id: k.id(),
  key: k.text('key').notNull().unique(),
  name: k.text('name').notNull(),
  description: k.text('description').notNull().default(''),
  isSystem: k.bool('is_system').notNull().default(false),
  createdAt: k.createdAt(),
  updatedAt: k.updatedAt(),
}))

export const [users, usersPg] = table(
  'users',
  (k) => ({
    id: k.id(),
    email: k.text('email').notNull().unique(),
    passwordHash: k.text('password_hash').notNull(),
    firstName: k.text('first_name').notNull(),
    lastName: k.text('last_name').notNull(),
    shortName: k.text('short_name'),
    roleId: k.ref('role_id', () => roles).notNull(),
    teamId: k.ref('team_id', () => teams),
    officeId: k.ref('office_id', () => offices),
    employeeId: k.text('employee_id'),
    phone: k.text('phone'),
    language: k.text('language', { enum: ['sv', 'en', 'fi'] }),
    // The user's own details (spec section 3), kept on their profile.
    shoeSize: k.text('shoe_size'),
    tshirtSize: k.text('tshirt_size'),
    specialDiet: k.text('special_diet'),
    favouriteCake: k.text('favourite_cake'),
    iceName: k.text('ice_name'),
    icePhone: k.text('ice_phone'),
    iceRelation: k.text('ice_relation'),
    // What the organisation keeps about the user (spec section 3; decision 033).
    title: k.text('title'),
    driversLicense: k.bool('drivers_license').notNull().default(false),
    /** personal identity number, 12 digits (sensitive: masked, reading it is logged) */
    personalNumber: k.text('personal_number'),
    bankClearing: k.text('bank_clearing'),
    /** sensitive, as the personal number */
    bankAccount: k.text('bank_account'),
    employmentDate: k.text('employment_date'),
    educationDate: k.text('education_date'),
    coachAssignedDate: k.text('coach_assigned_date'),
    deactivatedAt: k.ms('deactivated_at'),
    deactivationReason: k.text('deactivation_reason'),
    lastSignInAt: k.ms('last_sign_in_at'),
    /** a password someone else chose (an admin, an import, recruiting): the user sets their own at the next sign-in (decision 082) */
    passwordChangeRequired: k.bool('password_change_required').notNull().default(false),
    /** counts edits: a change based on an older one is refused (409 version_conflict) */
    version: k.integer('version').notNull().default(1),
    /** which alerts reach the user, and how (null: the defaults) */
    notificationSettings: k.json('notification_settings').$type<NotificationSettings>(),
    active: k.bool('active').notNull().default(true),
    /** the spec's "Can view team": a seller also sees their team's figures (docs/decisions/042) */
    canViewTeam: k.bool('can_view_team').notNull().default(false),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.index('users_role').on(t.roleId), k.index('users_team').on(t.teamId)],
)

/** Teams a coach coaches (a coach may have several). */
export const [teamCoaches, teamCoachesPg] = table(
  'team_coaches',
  (k) => ({
    teamId: k.ref('team_id', () => teams, 'cascade').notNull(),
    userId: k.ref('user_id', () => users, 'cascade').notNull(),
  }),
  (t, k) => [k.uniqueIndex('team_coaches_pk').on(t.teamId, t.userId), k.index('team_coaches_user').on(t.userId)],
)

/**
 * The providers a person sells for (spec section 3, "providers"; docs/decisions/044). Provider ids are the catalog's,
 * checked by the users service through its port, not a foreign key across areas.
 */
export const [userProviders, userProvidersPg] = table(
  'user_providers',
  (k) => ({
    userId: k.ref('user_id', () => users, 'cascade').notNull(),
    providerId: k.text('provider_id').notNull(),
  }),
  (t, k) => [k.uniqueIndex('user_providers_pk').on(t.userId, t.providerId), k.index('user_providers_provider').on(t.providerId)],
)

/** A permission rule held by a role or directly by a user (spec: action, subject, fields, conditions, inverted, reason). */
export const [permissionRules, permissionRulesPg] = table(
  'permission_rules',
  (k) => ({
    id: k.id(),
    roleId: k.ref('role_id', () => roles, 'cascade'),
    userId: k.ref('user_id', () => users, 'cascade'),
    action: k.text('action').$type<ActionOrManage>().notNull(),
    subject: k.text('subject').$type<SubjectOrAll>().notNull(),
    fields: k.json('fields').$type<string[] | null>(),
    conditions: k.json('conditions').$type<Record<string, unknown> | null>(),
    inverted: k.bool('inverted').notNull().default(false),
    reason: k.text('reason'),
    position: k.integer('position').notNull().default(0),
  }),
  (t, k) => [k.index('permission_rules_role').on(t.roleId), k.index('permission_rules_user').on(t.userId)],
)

export const [sessions, sessionsPg] = table(
  'sessions',
  (k) => ({
    id: k.id(),
    tokenHash: k.text('token_hash').notNull().unique(),
    userId: k.ref('user_id', () => users, 'cascade').notNull(),
    createdAt: k.createdAt(),
    expiresAt: k.ms('expires_at').notNull(),
    lastSeenAt: k.ms('last_seen_at').notNull(),
    userAgent: k.text('user_agent'),
    ip: k.text('ip'),
    /** whom the session's user is acting as (an admin's impersonation, docs/decisions/037); null: themselves */
    impersonatingId: k.ref('impersonating_id', () => users, 'set null'),
    impersonationStartedAt: k.ms('impersonation_started_at'),
    /** the identity provider the session was signed in through (docs/decisions/093), and its session there (`sid`) */
    ssoProviderId: k.text('sso_provider_id'),
    ssoSid: k.text('sso_sid'),
    /** when the person last proved who they are in this session (null: at its creation; decision 093) */
    authenticatedAt: k.ms('authenticated_at'),
  }),
  (t, k) => [k.index('sessions_user').on(t.userId), k.index('sessions_sso').on(t.ssoProviderId, t.ssoSid)],
)

/**
 * Rate-limit counters (rate-limiter-flexible's Drizzle store), e.g. failed sign-ins per account ("acct:<email>")
 * and per address ("ip:<ip>"): one row per key with the points consumed in the current window and when the window (or a block) ends. One atomic upsert per attempt, on both dialects.
 */
export const [rateLimits, rateLimitsPg] = table('rate_limits', (k) => ({
  key: k.text('key').primaryKey(),
  points: k.integer('points').notNull(),
  expire: k.date('expire'),
}))

/**
 * A user's authenticator app (TOTP, RFC 6238; docs/decisions/038): the shared secret (base32), set up first and
 * in use once confirmed with a code; the last time step a code was accepted for, so a code is used once.
 */
export const [mfaTotp, mfaTotpPg] = table('mfa_totp', (k) => ({
  userId: k.ref('user_id', () => users, 'cascade').primaryKey(),
  secret: k.text('secret').notNull(),
  createdAt: k.createdAt(),
  confirmedAt: k.ms('confirmed_at'),
  lastStep: k.bigint('last_step'),
}))

/** One-time recovery codes (their hashes) for signing in without the authenticator app. */
export const [mfaRecoveryCodes, mfaRecoveryCodesPg] = table(
  'mfa_recovery_codes',
  (k) => ({
    id: k.id(),
    userId: k.ref('user_id', () => users, 'cascade').notNull(),
    codeHash: k.text('code_hash').notNull(),
    usedAt: k.ms('used_at'),
  }),
  (t, k) => [k.index('mfa_recovery_codes_user').on(t.userId)],
)

/** A sign-in waiting for its second step: the password was right, the code is still to come (a few minutes). */
export const [loginChallenges, loginChallengesPg] = table(
  'login_challenges',
  (k) => ({
    id: k.id(),
    tokenHash: k.text('token_hash').notNull().unique(),
    userId: k.ref('user_id', () => users, 'cascade').notNull(),
    createdAt: k.createdAt(),
    expiresAt: k.ms('expires_at').notNull(),
    attempts: k.integer('attempts').notNull().default(0),
  }),
  (t, k) => [k.index('login_challenges_expires').on(t.expiresAt)],
)

/**
 * The organisation's user titles (docs/decisions/040): the list a user's title is chosen from, kept by name. A
 * user's title stays its text on the user; renaming a title renames it on its holders.
 */
export const [userTitles, userTitlesPg] = table('user_titles', (k) => ({
  id: k.id(),
  name: k.text('name').notNull().unique(),
  createdAt: k.createdAt(),
}))

/**
 * External accounts (docs/decisions/043): a template per outside system sellers sign in to (a provider's sales
 * portal, an e-signing service), with how a user name is formed; and a user's account there, its password sealed
 * (server/lib/secret-box.ts), readable only after confirming the last four digits of the user's personal number.
 */
export const [externalAccountTemplates, externalAccountTemplatesPg] = table('external_account_templates', (k) => ({
  id: k.id(),
  name: k.text('name').notNull().unique(),
  loginUrl: k.text('login_url'),
  /** e.g. "{firstName}.{lastName}": the user name a new account gets */
  usernamePattern: k.text('username_pattern').notNull(),
  instructions: k.text('instructions').notNull().default(''),
  version: k.integer('version').notNull().default(1),
  createdAt: k.createdAt(),
}))

export const [externalAccounts, externalAccountsPg] = table(
  'external_accounts',
  (k) => ({
    userId: k.ref('user_id', () => users, 'cascade').notNull(),
    templateId: k.ref('template_id', () => externalAccountTemplates, 'cascade').notNull(),
    username: k.text('username').notNull(),
    /** sealed with the server's secret box; null until set */
    passwordSealed: k.text('password_sealed'),
    passwordSetAt: k.ms('password_set_at'),
    version: k.integer('version').notNull().default(1),
  }),
  (t, k) => [k.uniqueIndex('external_accounts_pk').on(t.userId, t.templateId), k.index('external_accounts_template').on(t.templateId)],
)

/**
 * The organisation's own identity providers (OpenID Connect; docs/decisions/093): Microsoft Entra ID, another
 * standards-compliant provider, or an eID broker for BankID. The client secret is sealed (server/platform/secret-box.ts).
 */
export const [identityProviders, identityProvidersPg] = table('identity_providers', (k) => ({
  id: k.id(),
  /** the provider's part of the sign-in and callback addresses, e.g. "entra" */
  key: k.text('key').notNull().unique(),
  /** the sign-in button's text */
  label: k.text('label').notNull(),
  issuer: k.text('issuer').notNull(),
  clientId: k.text('client_id').notNull(),
  /** sealed; null for a public client (PKCE alone) */
  clientSecret: k.text('client_secret'),
  scopes: k.text('scopes').notNull().default('openid email profile'),
  /** e.g. "urn:grn:authn:se:bankid" at an eID broker */
  acrValues: k.text('acr_values'),
  /** the claim that names the person for good: "sub", or Entra ID's "oid" */
  subjectClaim: k.text('subject_claim').notNull().default('sub'),
  /** an account with the same e-mail is linked at its first sign-in, when the e-mail is verified and its domain allowed */
  matchByEmail: k.bool('match_by_email').notNull().default(false),
  /** the provider's e-mails are the organisation's own (a single-tenant Entra ID with verified domains) */
  trustEmails: k.bool('trust_emails').notNull().default(false),
  allowedDomains: k.json('allowed_domains').$type<string[]>().notNull(),
  /** a person with no account gets one at their first sign-in, with this role (null: none is made) */
  jitRoleId: k.ref('jit_role_id', () => roles, 'set null'),
  /** the claim with the person's personal identity number (an eID broker's, e.g. "ssn"): matched against the account's */
  identityNumberClaim: k.text('identity_number_claim'),
  /** the claim whose values the role mappings read: "groups" or "roles" (null: roles are not read from the provider) */
  groupsClaim: k.text('groups_claim'),
  /** roles whose people must sign in through this provider (no password sign-in for them) */
  requiredForRoleIds: k.json('required_for_role_ids').$type<string[]>().notNull().default([]),
  /** declared by the server's environment (SSO_PROVIDERS): kept matching it, not changed on the screen */
  fromEnv: k.bool('from_env').notNull().default(false),
  active: k.bool('active').notNull().default(true),
  version: k.integer('version').notNull().default(1),
  createdAt: k.createdAt(),
  updatedAt: k.updatedAt(),
}))

/** A person's identity at a provider: the provider's subject, linked to one account here. */
export const [userIdentities, userIdentitiesPg] = table(
  'user_identities',
  (k) => ({
    id: k.id(),
    userId: k.ref('user_id', () => users, 'cascade').notNull(),
    providerId: k.ref('provider_id', () => identityProviders, 'cascade').notNull(),
    subject: k.text('subject').notNull(),
    /** the e-mail the provider gave when the link was made */
    email: k.text('email'),
    createdAt: k.createdAt(),
    lastUsedAt: k.ms('last_used_at'),
  }),
  (t, k) => [k.uniqueIndex('user_identities_subject').on(t.providerId, t.subject), k.index('user_identities_user').on(t.userId)],
)

/**
 * A provider's group (or app role) that gives a role here (decision 093): the first mapping, by position, whose value the
 * person's `groups`/`roles` claim holds. Who mapped it: a mapping gives no more than its author's rules, then and now.
 */
export const [identityProviderRoles, identityProviderRolesPg] = table(
  'identity_provider_roles',
  (k) => ({
    id: k.id(),
    providerId: k.ref('provider_id', () => identityProviders, 'cascade').notNull(),
    /** the claim's value: an Entra ID group's object id, an app role's value, a group's name */
    claimValue: k.text('claim_value').notNull(),
    roleId: k.ref('role_id', () => roles, 'cascade').notNull(),
    position: k.integer('position').notNull(),
    mappedBy: k.ref('mapped_by', () => users, 'set null'),
    createdAt: k.createdAt(),
  }),
  (t, k) => [k.uniqueIndex('identity_provider_roles_value').on(t.providerId, t.claimValue)],
)
