/** Which database an API test run uses, and where PostgreSQL is (read by the harness and the run's global setup). */

// eslint-disable-next-line no-restricted-properties -- test harness: which database the run uses
export const testDb: 'sqlite' | 'pg' = process.env.TEST_DB === 'pg' ? 'pg' : 'sqlite'
// eslint-disable-next-line no-restricted-properties -- test harness: where the PostgreSQL server is
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
