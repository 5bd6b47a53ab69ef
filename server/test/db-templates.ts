import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { bootDatabase } from '../boot'
import { parseEnv } from '../env'

/**
 * Migrating and seeding a database takes a second on SQLite and several on PostgreSQL, and every API test file
 * needs one of its own. So a run builds each kind once — migrated with the roles ("bare"), and with the demo
 * organisation too ("demo") — and each file gets a copy: the file copied on SQLite, `CREATE DATABASE … TEMPLATE`
 * on PostgreSQL. A copy is what booting a fresh database would have made, minutes earlier.
 */

export type DbTemplates = {
  dialect: 'sqlite' | 'pg'
  /** the scrypt cost the demo passwords were hashed with: a file asking for another gets a database of its own */
  scryptLogN: number
  /** SQLite: the template files; PostgreSQL: the template databases' names */
  bare: string
  demo: string
}

export const TEST_SCRYPT_LOG_N = '10'

/** The environment every test database is built with (the harness's, before a file's own overrides). */
export function baseTestEnv(dataDir: string): Record<string, string> {
  return { NODE_ENV: 'test', DATA_DIR: dataDir, SCRYPT_LOG_N: TEST_SCRYPT_LOG_N, DEMO_MODE: 'true', TRUST_PROXY: 'true' }
}

export async function pgAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

export function pgUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Builds both templates for the dialect; `drop` removes them. */
export async function buildTemplates(dialect: 'sqlite' | 'pg', adminUrl: string): Promise<{ templates: DbTemplates; drop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-template-'))
  const run = `sk_tmpl_${Date.now()}_${randomBytes(3).toString('hex')}`
  const made: string[] = []
  const build = async (kind: 'bare' | 'demo') => {
    const dataDir = path.join(dir, kind)
    const env = { ...baseTestEnv(dataDir), DEMO_MODE: kind === 'demo' ? 'true' : 'false' }
    if (dialect === 'pg') {
      const name = `${run}_${kind}`
      await pgAdmin(adminUrl, (c) => c.query(`create database ${name}`))
      made.push(name)
      const database = await bootDatabase(parseEnv({ ...env, DATABASE_URL: pgUrl(adminUrl, name) }))
      await database.close()
      return name
    }
    const database = await bootDatabase(parseEnv(env))
    // Closing the last connection checkpoints the write-ahead log into the file and removes it: the file is whole.
    await database.close()
    return path.join(dataDir, 'saljkraft.sqlite')
  }
  const [bare, demo] = await Promise.all([build('bare'), build('demo')])
  return {
    templates: { dialect, scryptLogN: Number(TEST_SCRYPT_LOG_N), bare, demo },
    drop: async () => {
      if (made.length)
        await pgAdmin(adminUrl, async (c) => void (await Promise.all(made.map((name) => c.query(`drop database if exists ${name} with (force)`)))))
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
