/**
 * Tables a device takes only when it names them in its pull: added after apps without them were installed, so an
 * older app never receives rows it has no table for (decision 073). Apart from the schemas so the device's sync
 * engine can send it without loading zod.
 */
export const OPT_IN_TABLES = ['runs', 'visits', 'promises'] as const
export type OptInTable = (typeof OPT_IN_TABLES)[number]
