import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/harness'
import { PG_ADMIN_URL } from '../test/harness-env'

/**
 * Closing the database ends what was built on it (issue 72: bench:backoffice on PostgreSQL never exited, "Cannot use
 * a pool after calling end on the pool" repeated): the job runner and the event dispatcher stop looking for work,
 * and the realtime cluster link's own connection is closed with it.
 */
const t = await createTestApp()

describe('closing the database', () => {
  it.runIf(t.database.dialect === 'pg')('stops the job runner and the event dispatcher, and closes the realtime link’s connection', async () => {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
    await admin.connect()
    const name = new URL(t.env.databaseUrl!).pathname.slice(1)
    const listening = async () =>
      Number((await admin.query("select count(*) as n from pg_stat_activity where datname = $1 and query like 'LISTEN%'", [name])).rows[0].n)
    try {
      // Up once the app is: the link listens for the other instances.
      await (t.realtime as unknown as { ready?: Promise<void> }).ready
      while ((await listening()) === 0) await new Promise((r) => setTimeout(r, 20))
      await t.database.close()
      // The backend goes once the client has said goodbye; PostgreSQL notices within moments.
      const until = Date.now() + 5_000
      while ((await listening()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20))
      expect(await listening()).toBe(0)
      expect([t.jobs.liveness().running, t.events.liveness().running]).toEqual([false, false])
    } finally {
      await admin.end()
    }
  })
})
