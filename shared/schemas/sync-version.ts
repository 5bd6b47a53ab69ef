/**
 * Bumped when the sync mutation or patch shapes change, or a mutation is added (decision 085): a server answers a
 * push of a version newer than its own with 503 (an older instance during a rolling upgrade: the device tries
 * again and reaches a newer one), and refuses one older than SYNC_SCHEMA_MIN (the app must update first).
 * Apart from the schemas (shared/schemas/sync.ts) so the device's sync engine can send it without loading zod.
 */
export const SYNC_SCHEMA_VERSION = 3

/** The oldest version this server still applies: raised only by a contract (a mutation or field taken away). */
export const SYNC_SCHEMA_MIN = 2
