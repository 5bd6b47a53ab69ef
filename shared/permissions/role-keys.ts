/** The seeded roles' keys, on their own so that a screen that needs only the names does not load the rules. */
export const ROLE_KEYS = ['admin', 'backoffice', 'manager', 'coach', 'seller', 'recruiter'] as const
export type RoleKey = (typeof ROLE_KEYS)[number]
