import { count, eq, sql, sum } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/harness'
import { analyseNewIndexes, runMigrations, SchemaTooNewError } from './migrate'
import { plainRows } from './plain-rows'
import { placeholdersOf, preparedWrites } from './prepared'

const t = await createTestApp()
const { database } = t

describe('transaction helper', () => {
  it('runs a statement prepared once inside each transaction that uses it, on that transaction’s connection', async () => {
    const write = preparedWrites(database)
    const insert = (tx: Parameters<Parameters<typeof database.transaction>[0]>[0], id: string) => {
      const values = { id, name: `Region ${id}`, createdAt: 1 }
      return write(tx, 'test.region.insert', (db) => db.insert(database.t.regions).values(placeholdersOf(values) as never), values)
    }
    const seen = (tx: Parameters<Parameters<typeof database.transaction>[0]>[0], id: string) =>
      write.rows(
        tx,
        'test.region.byId',
        (db) =>
          db
            .select({ id: database.t.regions.id })
            .from(database.t.regions)
            .where(eq(database.t.regions.id, sql.placeholder('id'))),
        { id },
      )
    // The first use prepares it; the second transaction (another connection on PostgreSQL) runs the same statement.
    await expect(
      database.transaction(async (tx) => {
        await insert(tx, 'r-prep-1')
        expect(await seen(tx, 'r-prep-1')).toEqual([{ id: 'r-prep-1' }])
        throw new Error('undo')
      }),
    ).rejects.toThrow('undo')
    await database.transaction(async (tx) => {
      await insert(tx, 'r-prep-2')
      // In a savepoint too: the nested transaction's statements belong to the outer one.
      await expect(
        tx.transaction(async (sp) => {
          await insert(sp, 'r-prep-3')
          throw new Error('undo savepoint')
        }),
      ).rejects.toThrow('undo savepoint')
    })
    const ids = (await database.db.select({ id: database.t.regions.id }).from(database.t.regions)).map((r) => r.id)
    expect(ids).toContain('r-prep-2')
    expect(ids).not.toContain('r-prep-1')
    expect(ids).not.toContain('r-prep-3')
  })

  it('commits all or nothing', async () => {
    await expect(
      database.transaction(async (tx) => {
        await tx.insert(database.t.regions).values({ id: 'r-fail', name: 'Region Rollback', createdAt: 1 })
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    const rows = await database.db.select().from(database.t.regions).where(eq(database.t.regions.id, 'r-fail'))
    expect(rows).toHaveLength(0)
  })

  it('never loses a write made outside a transaction while another one rolls back', async () => {
    let inside!: () => void
    const started = new Promise<void>((resolve) => (inside = resolve))
    const failing = database.transaction(async (tx) => {
      await tx.insert(database.t.regions).values({ id: 'r-a', name: 'Region A', createdAt: 1 })
      inside()
      await new Promise((r) => setTimeout(r, 30))
      throw new Error('rollback')
    })
    await started
    const outside = database.db.insert(database.t.regions).values({ id: 'r-b', name: 'Region B', createdAt: 1 })
    await expect(failing).rejects.toThrow('rollback')
    await outside
    const ids = (await database.db.select({ id: database.t.regions.id }).from(database.t.regions)).map((r) => r.id)
    expect(ids).toContain('r-b')
    expect(ids).not.toContain('r-a')
  })

  it('runs concurrent transactions one after another without losing updates', async () => {
    await database.db.insert(database.t.rateLimits).values({ key: 'counter', points: 0, expire: null })
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.transaction(async (tx) => {
          const [row] = await tx.select().from(database.t.rateLimits).where(eq(database.t.rateLimits.key, 'counter'))
          await new Promise((r) => setTimeout(r, 1))
          await tx
            .update(database.t.rateLimits)
            .set({ points: row!.points + 1 })
            .where(eq(database.t.rateLimits.key, 'counter'))
        }),
      ),
    )
    const [row] = await database.db.select().from(database.t.rateLimits).where(eq(database.t.rateLimits.key, 'counter'))
    expect(row!.points).toBe(20)
  })
})

describe('a transaction’s statements on PostgreSQL', () => {
  it.runIf(database.dialect === 'pg')('go one at a time on its connection, even when started together (pg 9 refuses otherwise)', async () => {
    const spans: Array<{ text: string; start: number; end: number }> = []
    let watching = true
    database.onStatement((text) => {
      const span = { text, start: performance.now(), end: 0 }
      if (watching && /pg_sleep|select 2/.test(text)) spans.push(span)
      return () => (span.end = performance.now())
    })
    type PgTx = { execute: (query: ReturnType<typeof sql>) => Promise<{ rows: Array<{ n: number }> }> }
    const answers = await database.transaction(async (tx) => {
      const pgTx = tx as unknown as PgTx
      const both = await Promise.all([pgTx.execute(sql`select pg_sleep(0.05), 1 as n`), pgTx.execute(sql`select 2 as n`)])
      return both.map((r) => r.rows[0]!.n)
    })
    watching = false
    expect(answers).toEqual([1, 2])
    const [first, second] = spans
    expect(second!.start).toBeGreaterThanOrEqual(first!.end)
  })
})

describe('read helpers', () => {
  const { db, t } = database
  const tr = t.timeReports

  it('plainRows: the same rows as drizzle gives, and refuses a field that needs decoding', async () => {
    const read = () =>
      db
        .select({ userId: tr.userId, month: sql<string>`substr(${tr.date}, 1, 7)`, days: count(), hours: sum(tr.workHours).mapWith(Number) })
        .from(tr)
        .groupBy(tr.userId, sql`substr(${tr.date}, 1, 7)`)
        .orderBy(tr.userId, sql`substr(${tr.date}, 1, 7)`)
    const rows = await plainRows(database, read())
    expect(rows.length).toBeGreaterThan(0)
    expect(rows).toEqual(await read())
    if (database.dialect === 'sqlite') {
      await expect(plainRows(database, db.select({ id: t.users.id, active: t.users.active }).from(t.users))).rejects.toThrow(/active needs decoding/)
    }
  })
})

describe('migrations', () => {
  it('are applied at start and running them again changes nothing', async () => {
    await expect(runMigrations(database)).resolves.toBeDefined()
  })

  // SQLite only: PostgreSQL's autovacuum keeps its own statistics.
  it.runIf(database.raw.kind === 'sqlite')(
    'give an index they add statistics with the table’s histograms, and leave the other tables’ as they were',
    async () => {
      if (database.raw.kind !== 'sqlite') return
      const sqlite = database.raw.sqlite
      sqlite.exec('create table scratch_days (day text not null, who text not null)')
      const insert = sqlite.prepare('insert into scratch_days (day, who) values (?, ?)')
      for (let i = 0; i < 2000; i++) insert.run(`202${4 + (i % 2)}-0${1 + (i % 9)}-1${i % 10}`, `p${i % 50}`)
      sqlite.exec('create index scratch_days_who on scratch_days (who)')
      sqlite.exec('analyze')
      const histograms = (table: string) => (sqlite.prepare('select count(*) as n from sqlite_stat4 where tbl = ?').get(table) as { n: number }).n
      const stat1 = (index: string) => sqlite.prepare('select stat from sqlite_stat1 where idx = ?').get(index) as { stat: string } | undefined
      const usersBefore = sqlite.prepare("select * from sqlite_stat1 where tbl = 'users' order by idx").all()
      // A migration adds an index: no statistics for it yet.
      sqlite.exec('create index scratch_days_day on scratch_days (day)')
      expect(stat1('scratch_days_day')).toBeUndefined()
      analyseNewIndexes(sqlite)
      expect(stat1('scratch_days_day')?.stat).toMatch(/^2000 /)
      expect(histograms('scratch_days')).toBeGreaterThan(0)
      expect(sqlite.prepare("select * from sqlite_stat1 where tbl = 'users' order by idx").all()).toEqual(usersBefore)
      sqlite.exec('drop table scratch_days')
    },
  )

  it('run beside a newer release that only added, and refuse one that took away, with a clear message (decision 085)', async () => {
    const raw = async (text: string, params: unknown[] = []) => {
      if (database.raw.kind === 'sqlite') database.raw.sqlite.prepare(text.replace(/\$\d/g, '?')).run(...params)
      else await database.raw.pool.query(text, params)
    }
    const table = database.raw.kind === 'sqlite' ? '__drizzle_migrations' : 'drizzle.__drizzle_migrations'
    const { applied: known } = await runMigrations(database)
    expect((await t.database.db.select().from(t.database.t.schemaCompatibility)).map((r) => [r.id, r.writtenBy])).toEqual([['current', known]])
    // A newer release applied one more migration and said releases that know as many as this one may still run.
    await raw(`insert into ${table} (hash, created_at) values ($1, $2)`, ['future', Date.now() + 365 * 24 * 3600 * 1000])
    await raw("update schema_compatibility set oldest_release = $1, written_by = $2 where id = 'current'", [known, known + 1])
    await expect(runMigrations(database)).resolves.toEqual({ applied: known, ahead: 1 })
    // This code's run did not overwrite what the newer one wrote.
    expect((await t.database.db.select().from(t.database.t.schemaCompatibility))[0]).toMatchObject({ oldestRelease: known, writtenBy: known + 1 })
    // Ready: every migration this code knows is applied.
    expect((await t.request('GET', '/api/health/ready')).status).toBe(200)

    // A contract migration of the newer release: this code is too old for the result.
    await raw("update schema_compatibility set oldest_release = $1 where id = 'current'", [known + 1])
    await expect(runMigrations(database)).rejects.toThrow(SchemaTooNewError)
    await expect(runMigrations(database)).rejects.toThrow(/newer than this version.*at least \d+.*nothing was changed/)
    // Without the row (a release from before the rule made the schema), the newer schema is refused as well.
    await raw('delete from schema_compatibility')
    await expect(runMigrations(database)).rejects.toThrow(SchemaTooNewError)
  })
})

describe('GET /api/health', () => {
  it('answers ok while the database answers, and 503 when it does not', async () => {
    const ok = await t.request('GET', '/api/health')
    expect(ok.status).toBe(200)
    expect(ok.json).toEqual({ status: 'ok' })
    await database.close()
    const down = await t.request('GET', '/api/health')
    expect(down.status).toBe(503)
  })
})
