/**
 * The API's route types, for the client's typed calls (Hono's `hc`, client/lib/api-client.ts). Types only: the
 * client imports nothing from the server at run time (the import-boundary lint allows this one file, and it
 * exports nothing but types).
 */
export type { ApiType } from './app'
