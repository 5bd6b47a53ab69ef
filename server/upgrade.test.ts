import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { saleArgs } from './test/fixtures'
import { PG_ADMIN_URL, testDb } from './test/harness-env'
import { Instance, currentRelease, previousRelease, type Release } from './test/releases'

/**
 * Upgrades without stopping the sellers (issue 71, decision 085), against the real previous release: its commit
 * (deploy/releases.json) checked out and built, run beside this release's build on one PostgreSQL database, as an
 * operator runs two instances behind a proxy. PostgreSQL only: several instances is its mode (SQLite's one instance
 * is upgraded by a restart, which the same compatibility rule and the backup before it cover).
 */
const ORIGIN = 'http://localhost'
const previous = testDb === 'pg' ? previousRelease() : { missing: 'PostgreSQL only' }
if ('missing' in previous) console.warn(`[upgrade test] skipped: ${previous.missing}`)

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

describe.skipIf('missing' in previous)('a rolling upgrade from the previous release', async () => {
  const old = previous as Release
  const next = currentRelease()
  const name = `upgrade_${randomUUID().replace(/-/g, '').slice(0, 12)}`
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  const db = new pg.Pool({ connectionString: url.toString(), max: 2 })
  // pg-pool's end() answers once its clients are let go, before their connections have closed: a connection still
  // open when the database is dropped is ended by the server (57P01), which the pool raises as an unhandled error.
  // The database is dropped once every connection the test opened has closed ('remove' comes after a client ends).
  let open = 0
  let allClosed: () => void = () => undefined
  db.on('connect', () => void open++)
  db.on('remove', () => {
    if (--open === 0) allClosed()
  })
  const env = {
    DATABASE_URL: url.toString(),
    NODE_ENV: 'test',
    DEMO_MODE: 'true',
    SCRYPT_LOG_N: '12',
    APP_ORIGINS: ORIGIN,
    TRUST_PROXY: 'true',
    SHUTDOWN_GRACE_SECONDS: '5',
    LOG_LEVEL: 'info',
  }
  const instances: Instance[] = []
  const instance = async (release: Release, port?: number) => {
    const i = new Instance(release, port ?? (await freePort()), env)
    instances.push(i)
    return i
  }
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()))
    const closed = open === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allClosed = resolve))
    await db.end()
    await closed
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  })

  /** The proxy in front: each request to the next instance that answers, as nginx's `proxy_next_upstream` does. */
  let upstream: Instance[] = []
  let turn = 0
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers of two releases' APIs, read loosely
  type Loose = any
  async function call(
    method: string,
    route: string,
    opts: { cookie?: string; body?: unknown; ip: string },
  ): Promise<{ status: number; json: Loose; cookie: string }> {
    for (let tries = 0; tries < upstream.length * 2; tries++) {
      const target = upstream[turn++ % upstream.length]!
      try {
        const res = await fetch(`${target.url}${route}`, {
          method,
          headers: {
            'content-type': 'application/json',
            origin: ORIGIN,
            'x-forwarded-for': opts.ip,
            ...(opts.cookie ? { cookie: opts.cookie } : {}),
          },
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        })
        const text = await res.text()
        // An instance stopping (its listener closed, or answering 503 while it drains) is left for the next.
        if (res.status === 502 || (res.status === 503 && /stopping|unavailable/.test(text))) continue
        return { status: res.status, json: text ? JSON.parse(text) : null, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! }
      } catch {
        continue // connection refused: the instance is down
      }
    }
    return { status: 0, json: null, cookie: '' }
  }

  async function signIn(email: string, password: string, ip: string) {
    const r = await call('POST', '/api/auth/login', { body: { email, password }, ip })
    expect(r.status, `${email}: ${JSON.stringify(r.json)}`).toBe(200)
    const pending = r.json.userData?.termsPending as { versionId: string } | null
    if (pending) expect((await call('POST', `/api/terms/${pending.versionId}/accept`, { cookie: r.cookie, ip })).status).toBe(200)
    return r.cookie
  }

  async function newSeller(adminCookie: string, n: number) {
    const roles = (await call('GET', '/api/roles?itemsPerPage=100', { cookie: adminCookie, ip: '10.9.0.1' })).json.items as Array<{ id: string; key: string }>
    const team = (await call('GET', '/api/teams', { cookie: adminCookie, ip: '10.9.0.1' })).json.items[0] as { id: string }
    const email = `uppgradering.${n}.${randomUUID().slice(0, 6)}@demo.test`
    const made = await call('POST', '/api/users', {
      cookie: adminCookie,
      ip: '10.9.0.1',
      body: {
        email,
        firstName: 'Uppgradering',
        lastName: `Säljare ${n}`,
        password: 'ett-langt-losenord',
        roleId: roles.find((r) => r.key === 'seller')!.id,
        teamId: team.id,
      },
    })
    expect(made.status, JSON.stringify(made.json)).toBe(201)
    return { email, id: made.json.id as string, cookie: await signIn(email, 'ett-langt-losenord', `10.9.1.${n}`), ip: `10.9.1.${n}` }
  }

  /**
   * A seller's phone: sales queue up on it and go in pushes of everything not yet acknowledged, as the sync engine sends
   * them, with the sync version of the release its app was loaded from.
   */
  function phone(seller: { cookie: string; ip: string }, product: { id: string; providerId: string }, schemaVersion: number) {
    const clientId = randomUUID()
    const queue: Array<{ seq: number; name: string; args: ReturnType<typeof saleArgs>; createdAt: number }> = []
    let acked = 0
    let rejected = 0
    return {
      sold: () => queue.map((m) => m.args.id),
      get acked() {
        return acked
      },
      get rejected() {
        return rejected
      },
      sell() {
        queue.push({
          seq: queue.length + 1,
          name: 'createSale',
          args: saleArgs({ providerId: product.providerId, products: [{ productId: product.id, quantity: 1 }] }),
          createdAt: Date.now(),
        })
      },
      async sync() {
        const waiting = queue.filter((m) => m.seq > acked)
        if (waiting.length === 0) return
        const r = await call('POST', '/api/sync/push', {
          cookie: seller.cookie,
          ip: seller.ip,
          body: { clientId, schemaVersion, mutations: waiting },
        })
        if (r.status !== 200) return // kept, sent again at the next sync
        acked = r.json.lastMutationId
        rejected += r.json.rejected
      },
    }
  }

  const productFor = async (seller: { cookie: string; ip: string }) => {
    const pulled = await call('POST', '/api/sync/pull', { cookie: seller.cookie, ip: seller.ip, body: { clientId: randomUUID(), cookie: null } })
    const p = (pulled.json.patch as Array<{ table: string; op: string; value: { id: string; providerId: string; active: boolean } }>).find(
      (x) => x.table === 'products' && x.op === 'put' && x.value.active,
    )!
    return p.value
  }
  const appliedMigrations = async () => Number((await db.query('select count(*) as n from drizzle.__drizzle_migrations')).rows[0].n)
  const journalOf = (release: Release) =>
    (JSON.parse(fs.readFileSync(path.join(release.cwd, 'server/db/migrations/pg/meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length

  it('upgrades two instances one at a time during a burst of pushes: no sale lost, none doubled', async () => {
    // The previous release, two instances, on a database it migrated and seeded.
    const a = await instance(old)
    await a.start()
    const b = await instance(old)
    await b.start()
    expect(await appliedMigrations()).toBe(journalOf(old))
    expect(journalOf(old)).toBeLessThan(journalOf(next))
    upstream = [a, b]

    const adminCookie = await signIn('admin@demo.test', 'saljkraft-demo', '10.9.0.1')
    const sellers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => newSeller(adminCookie, n)))
    // The phones run the previous release's app: this release serves its sync version too.
    const phones = await Promise.all(sellers.map(async (s) => phone(s, await productFor(s), old.syncVersion)))

    // The burst: every phone sells and syncs, over and over, until the upgrade is done and a little after.
    let selling = true
    const waiters: Array<{ sales: number; resolve: () => void }> = []
    const burst = Promise.all(
      phones.map(async (p) => {
        while (selling) {
          p.sell()
          for (const w of waiters.filter((x) => soldSoFar() >= x.sales)) {
            waiters.splice(waiters.indexOf(w), 1)
            w.resolve()
          }
          await p.sync()
          // A sale every quarter of a second or so per phone: a busy evening, not a spin (and the other test phases
          // share the host's two cores).
          await new Promise((r) => setTimeout(r, 250))
        }
      }),
    )
    const soldSoFar = () => phones.reduce((n, p) => n + p.sold().length, 0)
    /** Resolves once the phones have sold this many in all (each sale tells). */
    const until = (sales: number) => new Promise<void>((resolve) => waiters.push({ sales, resolve }))
    await until(40)
    // One at a time: stop an old instance, start this release in its place (it migrates, the old one still
    // serving), then the other.
    expect(await a.stop()).toBe(0)
    const a2 = await instance(next, a.port)
    upstream = [b, a2]
    await a2.start()
    expect(await appliedMigrations()).toBe(journalOf(next))
    await until(soldSoFar() + 40)
    expect(await b.stop()).toBe(0)
    const b2 = await instance(next, b.port)
    upstream = [a2, b2]
    await b2.start()
    await until(soldSoFar() + 40)
    selling = false
    await burst
    // Whatever is still queued goes now.
    for (let round = 0; round < 20 && phones.some((p) => p.acked < p.sold().length); round++) await Promise.all(phones.map((p) => p.sync()))

    const sent = phones.flatMap((p) => p.sold())
    expect(sent.length).toBeGreaterThan(120)
    for (const p of phones) expect([p.acked, p.rejected]).toEqual([p.sold().length, 0])
    console.log(`[upgrade test] ${sent.length} sales from ${phones.length} phones during the upgrade`)
    const stored = await db.query<{ id: string; n: string }>('select id, count(*) over () as n from sales where seller_id = any($1)', [
      sellers.map((s) => s.id),
    ])
    expect(stored.rows.length).toBe(sent.length)
    expect(new Set(stored.rows.map((r) => r.id))).toEqual(new Set(sent))
    // The old instance ran on the schema the new one migrated, and stopped cleanly.
    expect(
      b.lines.some((l) => /"level":(50|60)/.test(l)),
      b.lines.filter((l) => /"level":(50|60)/.test(l)).join('\n'),
    ).toBe(false)
  }, 300_000)

  it('the previous release starts on the schema this release migrated and serves a seller’s sync and a back-office list', async () => {
    // The database as this release migrated it (the test above leaves it so; made so here when run alone).
    if ((await appliedMigrations()) < journalOf(next)) {
      const n = await instance(next)
      await n.start()
      await n.stop()
    }
    const c = await instance(old)
    await c.start()
    expect(c.lines.some((l) => l.includes('of a newer release'))).toBe(true)
    upstream = [c]
    const adminCookie = await signIn('admin@demo.test', 'saljkraft-demo', '10.9.0.1')
    const seller = await newSeller(adminCookie, 9)
    const product = await productFor(seller)
    // A phone that already runs this release's app, when its sync version is newer, is told to try again later (503
    // with Retry-After, which the proxy passes on to the next instance): its sale stays queued on it, for an instance
    // of this release; nothing of it is stored.
    if (next.syncVersion > old.syncVersion) {
      const ahead = saleArgs({ providerId: product.providerId, products: [{ productId: product.id, quantity: 1 }] })
      const res = await fetch(`${c.url}/api/sync/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': seller.ip, cookie: seller.cookie },
        body: JSON.stringify({
          clientId: randomUUID(),
          schemaVersion: next.syncVersion,
          mutations: [{ seq: 1, name: 'createSale', args: ahead, createdAt: Date.now() }],
        }),
      })
      expect([res.status, res.headers.get('retry-after')]).toEqual([503, '5'])
      expect((await db.query('select count(*) as n from sales where id = $1', [ahead.id])).rows[0].n).toBe('0')
    }
    // A phone loaded from the previous release (a rollback) syncs as it did.
    const p = phone(seller, product, old.syncVersion)
    p.sell()
    await p.sync()
    expect([p.acked, p.rejected]).toEqual([1, 0])
    const [saleId] = p.sold()
    // The device is given its sale back.
    const pulled = await call('POST', '/api/sync/pull', { cookie: seller.cookie, ip: seller.ip, body: { clientId: randomUUID(), cookie: null } })
    expect((pulled.json.patch as Array<{ table: string; value: { id: string } }>).some((x) => x.table === 'sales' && x.value.id === saleId)).toBe(true)
    // Back office lists it.
    const backoffice = await signIn('backoffice@demo.test', 'saljkraft-demo', '10.9.0.2')
    const list = await call('GET', `/api/sale-reports?sellerId=${seller.id}`, { cookie: backoffice, ip: '10.9.0.2' })
    expect(list.status).toBe(200)
    expect((list.json.items as Array<{ id: string }>).map((s) => s.id)).toEqual([saleId])
  }, 120_000)
})
