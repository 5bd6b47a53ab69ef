import type { MessageHooks } from '../modules/scheduled-messages/scheduled-messages.context'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, inject, onTestFinished, TestRunner } from 'vitest'
import type { SessionAnswer } from '../../shared/schemas/auth'
import { SYNC_SCHEMA_VERSION, type ProductRecord, type PullResult, type PushResult } from '../../shared/schemas/sync'
import { createApp } from '../app'
import { bootDatabase } from '../boot'
import type { Database } from '../db/client'
import { parseEnv, type Env } from '../env'
import type { PayExportHooks } from '../modules/pay/pay.exports'
import type { SyncHooks } from '../lib/sync-contract'
import { createDeps, type DepsOptions } from '../platform/deps'
import { baseTestEnv, pgAdmin, pgUrl, type DbTemplates } from './db-templates'
import { PG_ADMIN_URL, testDb } from './harness-env'

/**
 * A fresh app on a fresh database for one test file. With TEST_DB=pg each file gets its own
 * PostgreSQL database on 127.0.0.1:5432 (dropped afterwards); otherwise a temporary SQLite file. Both start as a
 * copy of the run's template (migrated, with or without the demo organisation: server/test/db-templates.ts).
 */

export { PG_ADMIN_URL, testDb }

export const DEMO_PASSWORD = 'saljkraft-demo'
export const ORIGIN = 'http://localhost'

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** An empty PostgreSQL database of its own, or a copy of `template`; `drop` removes it. */
export async function createFreshDatabaseUrl(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sk_test_${Date.now()}_${randomBytes(3).toString('hex')}`
  await pgAdmin(PG_ADMIN_URL, async (admin) => {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`)
    // A test database need not survive a crash of the server: its commits do not wait for the disk.
    await admin.query(`alter database ${name} set synchronous_commit = off`)
  })
  return {
    url: pgUrl(PG_ADMIN_URL, name),
    drop: () => pgAdmin(PG_ADMIN_URL, async (c) => void (await c.query(`drop database if exists ${name} with (force)`))),
  }
}

/**
 * Closes what a helper opened when its caller is done: at the end of the file for what the file opened at its top,
 * at the end of the test for what a test opened itself. A worker runs many files one after another, so nothing
 * may outlive its file (a dispatcher polling a dropped database would log into every later file).
 */
function whenDone(fn: () => Promise<void>) {
  if (TestRunner.getCurrentTest()) onTestFinished(fn)
  else afterAll(fn)
}

/** The run's template databases, when the run built them (vitest's global setup) and they fit this environment. */
function templateFor(env: Env): string | undefined {
  const templates = inject('dbTemplates') as DbTemplates | undefined
  if (!templates || templates.dialect !== testDb || templates.scryptLogN !== env.scryptLogN) return undefined
  return env.demoMode ? templates.demo : templates.bare
}

export async function testEnv(overrides: Record<string, string> = {}): Promise<{ env: Env; cleanup: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-test-'))
  const base: Record<string, string> = { ...baseTestEnv(dataDir), ...overrides }
  let drop = async () => {}
  const template = overrides.DATABASE_URL ? undefined : templateFor(parseEnv(base))
  if (testDb === 'pg' && !overrides.DATABASE_URL) {
    const fresh = await createFreshDatabaseUrl(template)
    base.DATABASE_URL = fresh.url
    drop = fresh.drop
  } else if (template) {
    fs.copyFileSync(template, path.join(dataDir, 'saljkraft.sqlite'))
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
  whenDone(async () => {
    for (const d of opened) await d.close().catch(() => undefined)
    await cleanup()
  })
  return { database, env, openAnother: open }
}

const NEW_SELLER_PASSWORD = 'ett-langt-losenord'

export async function createTestApp(
  overrides: Record<string, string> = {},
  extra: { syncHooks?: SyncHooks; payHooks?: PayExportHooks; messageHooks?: MessageHooks; deps?: Pick<DepsOptions, 'pushAgent' | 'instanceId' | 'jobs'> } = {},
) {
  const { env, cleanup } = await testEnv(overrides)
  const database: Database = await bootDatabase(env)
  const deps = await createDeps(env, database, { events: { pollMs: 50 }, jobs: { pollMs: 50 }, ...extra.deps })
  const { events, jobs, mail, files, realtime, push, downloads } = deps
  const app = createApp(deps, { syncHooks: extra.syncHooks, payHooks: extra.payHooks, messageHooks: extra.messageHooks })
  events.start()
  jobs.start()
  whenDone(async () => {
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
    const bytes = new Uint8Array(await res.arrayBuffer())
    const text = new TextDecoder().decode(bytes)
    let json: unknown = undefined
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { res, status: res.status, json: json as Record<string, unknown> & Partial<SessionAnswer>, text, bytes }
  }

  /**
   * Signs a person in as they would: whoever the test made after the demo meets the terms of use in force (the demo
   * has them published) and accepts them, unless `terms: 'unanswered'` leaves them waiting (terms.test.ts asks
   * itself), or a password someone else chose must be replaced first (decision 082).
   */
  async function login(email: string, password = DEMO_PASSWORD, opts: { terms?: 'accepted' | 'unanswered' } = {}) {
    const r = await request('POST', '/api/auth/login', { body: { email, password } })
    if (r.status !== 200) throw new Error(`login ${email} failed: ${r.status} ${r.text}`)
    const setCookie = r.res.headers.get('set-cookie') ?? ''
    const cookie = setCookie.split(';')[0] ?? ''
    const session = { cookie, answer: r.json as unknown as SessionAnswer }
    const ready = session.answer.userData && !session.answer.userData.passwordChangeRequired
    return opts.terms === 'unanswered' || !ready ? session : acceptTerms(session)
  }

  /** Accepts the terms of use in force for a signed-in person who has not (an answer to the sign-in). */
  async function acceptTerms(session: { cookie: string; answer: SessionAnswer }) {
    const pending = session.answer.userData.termsPending
    if (!pending) return session
    const r = await request('POST', `/api/terms/${pending.versionId}/accept`, { cookie: session.cookie })
    if (r.status !== 200) throw new Error(`terms not accepted: ${r.status} ${r.text}`)
    return { cookie: session.cookie, answer: r.json as unknown as SessionAnswer }
  }

  /** A signed-in person's device: each `push` sends one mutation through the sync queue, numbered after the last. */
  function device(cookie: string) {
    const clientId = randomUUID()
    let seq = 0
    const pull = async () => (await request('POST', '/api/sync/pull', { cookie, body: { clientId, cookie: null } })).json as unknown as PullResult
    return {
      clientId,
      async push(name: string, args: unknown): Promise<PushResult> {
        const mutations = [{ seq: ++seq, name, args, createdAt: Date.now() }]
        const r = await request('POST', '/api/sync/push', { cookie, body: { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations } })
        if (r.status !== 200) throw new Error(`push of ${name} answered ${r.status}: ${r.text}`)
        return r.json as unknown as PushResult
      },
      /** Everything the device is given, from the start (no cookie). */
      pull,
      /** The catalog's products as the device is given them. */
      products: async () => productsIn(await pull()),
    }
  }

  /** The catalog's products as a new device of the signed-in user is given them. */
  const products = async (cookie: string) => productsIn(await device(cookie).pull())

  /**
   * A seller made by an admin, in the team of `like` (the demo seller's by default), signed in: their days start
   * from nothing, where the demo's sellers have their days reported and their past months attested.
   */
  let adminSession: Promise<{ cookie: string }> | null = null
  async function newSeller(person: { firstName: string; lastName: string; employeeId?: string; like?: string }) {
    // One admin session for every seller a test file makes.
    const admin = await (adminSession ??= login('admin@demo.test'))
    const [like] = await database.db
      .select({ teamId: database.t.users.teamId })
      .from(database.t.users)
      .where(eq(database.t.users.email, person.like ?? 'seller@demo.test'))
    const roles = (await request('GET', '/api/roles?itemsPerPage=100', { cookie: admin.cookie })).json.items as Array<{ id: string; key: string }>
    const email = `${person.firstName}.${randomUUID().slice(0, 8)}@demo.test`.toLowerCase()
    const made = await request('POST', '/api/users', {
      cookie: admin.cookie,
      body: {
        email,
        firstName: person.firstName,
        lastName: person.lastName,
        password: NEW_SELLER_PASSWORD,
        roleId: roles.find((r) => r.key === 'seller')!.id,
        teamId: like?.teamId ?? null,
        ...(person.employeeId ? { employeeId: person.employeeId } : {}),
      },
    })
    if (made.status !== 201) throw new Error(`new seller ${email}: ${made.status} ${made.text}`)
    return login(email, NEW_SELLER_PASSWORD)
  }

  return { app, env, deps, database, events, jobs, mail, files, realtime, push, downloads, request, login, acceptTerms, device, products, newSeller }
}

/** The products a pull hands the device. */
export function productsIn(pulled: PullResult): ProductRecord[] {
  return pulled.patch.filter((p) => p.table === 'products' && p.op === 'put').map((p) => (p as { value: ProductRecord }).value)
}
