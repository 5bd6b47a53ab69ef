import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll } from 'vitest'
import type { SessionAnswer } from '../../shared/schemas/auth'
import { createApp } from '../app'
import { bootDatabase } from '../boot'
import type { Database } from '../db/client'
import { parseEnv, type Env } from '../env'
import type { PayExportHooks } from '../modules/pay/pay.exports'
import type { SyncHooks } from '../lib/sync-contract'
import { createDeps, type DepsOptions } from '../platform/deps'

/**
 * A fresh app on a fresh database for one test file. With TEST_DB=pg each file gets its own
 * PostgreSQL database on 127.0.0.1:5432 (dropped afterwards); otherwise a temporary SQLite file.
 */

// eslint-disable-next-line no-restricted-properties -- test harness: which database the run uses
export const testDb = process.env.TEST_DB === 'pg' ? 'pg' : 'sqlite'
// eslint-disable-next-line no-restricted-properties -- test harness: where the PostgreSQL server is
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

export const DEMO_PASSWORD = 'saljkraft-demo'
export const ORIGIN = 'http://localhost'

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

export async function createFreshDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sk_test_${Date.now()}_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

export async function testEnv(overrides: Record<string, string> = {}): Promise<{ env: Env; cleanup: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-test-'))
  const base: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SCRYPT_LOG_N: '10',
    DEMO_MODE: 'true',
    TRUST_PROXY: 'true',
    ...overrides,
  }
  let drop = async () => {}
  if (testDb === 'pg' && !overrides.DATABASE_URL) {
    const fresh = await createFreshDatabaseUrl()
    base.DATABASE_URL = fresh.url
    drop = fresh.drop
  }
  return {
    env: parseEnv(base),
    cleanup: async () => {
      await drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A fresh, migrated database (no demo data) for tests of the data layer and the platform; `openAnother()` is
 * a second connection to the same database, as a second server instance would hold.
 */
export async function createTestDatabase() {
  const { env, cleanup } = await testEnv({ DEMO_MODE: 'false' })
  const opened: Database[] = []
  const open = async () => {
    const database = await bootDatabase(env)
    opened.push(database)
    return database
  }
  const database = await open()
  afterAll(async () => {
    for (const d of opened) await d.close().catch(() => undefined)
    await cleanup()
  })
  return { database, env, openAnother: open }
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  extra: { syncHooks?: SyncHooks; payHooks?: PayExportHooks; deps?: Pick<DepsOptions, 'pushAgent' | 'instanceId'> } = {},
) {
  const { env, cleanup } = await testEnv(overrides)
  const database: Database = await bootDatabase(env)
  const deps = await createDeps(env, database, { events: { pollMs: 50 }, jobs: { pollMs: 50 }, ...extra.deps })
  const { events, jobs, mail, files, realtime, push } = deps
  const app = createApp(deps, { syncHooks: extra.syncHooks, payHooks: extra.payHooks })
  events.start()
  jobs.start()
  afterAll(async () => {
    await Promise.all([events.stop(), jobs.stop(), realtime.close()])
    await database.close().catch(() => undefined)
    await cleanup()
  })

  let ipCounter = 0
  /** A fresh client address per call site unless one is given, so address throttling stays out of unrelated tests. */
  const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

  async function request(method: string, url: string, opts: { body?: unknown; cookie?: string; headers?: Record<string, string>; ip?: string } = {}) {
    const headers: Record<string, string> = { 'x-forwarded-for': opts.ip ?? nextIp(), ...opts.headers }
    if (opts.cookie) headers.cookie = opts.cookie
    let body: string | Uint8Array | undefined
    if (opts.body instanceof Uint8Array) {
      body = opts.body
    } else if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body)
      headers['content-type'] ??= 'application/json'
    }
    // Like a browser page of the app; a test that passes `origin: undefined` sends none.
    if (method !== 'GET' && method !== 'HEAD' && !(opts.headers && 'origin' in opts.headers)) headers.origin = ORIGIN
    for (const [k, v] of Object.entries(headers)) if (v === undefined) delete headers[k]
    const res = await app.request(`${ORIGIN}${url}`, { method, headers, body: body as BodyInit | undefined })
    const text = await res.text()
    let json: unknown = undefined
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { res, status: res.status, json: json as Record<string, unknown> & Partial<SessionAnswer>, text }
  }

  async function login(email: string, password = DEMO_PASSWORD) {
    const r = await request('POST', '/api/auth/login', { body: { email, password } })
    if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${r.text}`)
    const setCookie = r.res.headers.get('set-cookie') ?? ''
    const cookie = setCookie.split(';')[0] ?? ''
    return { cookie, answer: r.json as unknown as SessionAnswer }
  }

  return { app, env, database, events, jobs, mail, files, realtime, push, request, login }
}
