/**
 * The rest of the work after one turn of the event loop. On SQLite every awaited statement resolves at once (a
 * microtask), so a loop of them never lets a timer, a socket or another request in: a long job's loop awaits this
 * between its steps, and a request waiting for the database gets it between two of them (docs/decisions/079).
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))
