/**
 * Bumped when the sync mutation or patch shapes change incompatibly; the server refuses other versions.
 * Apart from the schemas (shared/schemas/sync.ts) so the device's sync engine can send it without loading zod.
 */
export const SYNC_SCHEMA_VERSION = 2
