/** Limits of checklist files, in a module without zod (the device's sync engine reads them). */

/**
 * Files a user uploaded that no sale has taken yet may add up to this much (decision 016): room for the
 * files of a few pushes (the device sends at most CHECKLIST_FILES_PER_PUSH before each push), not a store.
 * Untaken files are removed after CHECKLIST_UNATTACHED_TTL_MS.
 */
export const CHECKLIST_UNATTACHED_QUOTA_BYTES = 100 * 1024 * 1024
export const CHECKLIST_FILES_PER_PUSH = 8
export const CHECKLIST_UNATTACHED_TTL_MS = 3 * 24 * 60 * 60_000
