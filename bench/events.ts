import { createDeps } from '../server/platform/deps'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { translator } from '../shared/i18n'
import { saleInputSchema } from '../shared/schemas/sales'
import { assembleAreas } from '../server/composition/areas'
import { bootDatabase } from '../server/boot'
import { nextChangeVersion } from '../server/db/change-counter'
import { parseEnv } from '../server/env'
import { buildAbility } from '../shared/permissions/ability'
import { saleArgs } from '../server/test/fixtures'
import { personalNumberOf } from '../shared/rules/identity'
import { sized } from './lib'

/**
 * `npm run bench:events` — the outbox's throughput (issue 13): 10,000 sales created through the sales service
 * (each in its own transaction, as a device's push applies them) with three subscribers, on SQLite; prints the
 * time until every event is handled and events per second (target: at least 2,000 events/s), then the
 * dispatcher's own rate on a backlog of as many events.
 * `DATABASE_URL=postgres://… npm run bench:events` runs it on an empty PostgreSQL database instead.
 */
// eslint-disable-next-line no-restricted-properties -- a benchmark's size, for a quick look
const SALES = Number(process.env.BENCH_SALES ?? sized(10_000, 200))

// eslint-disable-next-line no-restricted-properties -- a benchmark: which database to measure
const databaseUrl = process.env.DATABASE_URL ?? ''
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-bench-events-'))
const env = parseEnv({ NODE_ENV: 'test', DEMO_MODE: 'true', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SCRYPT_LOG_N: '10' })
const database = await bootDatabase(env)
const { db, t } = database
const deps = await createDeps(env, database, { events: { pollMs: 200 } })
try {
  const { events } = deps
  const areas = assembleAreas(deps)
  const appSubscribers = events.subscribersOf('sale.created').length

  // Three subscribers of the kinds later areas bring: a tally in memory, one that reads a row per event (a
  // notification), one that writes a row per event (a summary; the activity log stands in for its table) as a
  // database subscriber: its row commits with its delivery's mark, a batch of events a transaction.
  let tallied = 0
  let read = 0
  events.subscribe({ name: 'tally', events: ['sale.created'], handle: async () => void tallied++ })
  events.subscribe({
    name: 'reader',
    events: ['sale.created'],
    handle: async (e) => {
      await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.id, e.payload.sellerId))
      read++
    },
  })
  events.subscribe({
    name: 'writer',
    events: ['sale.created'],
    handleInTransaction: async (tx, e) => {
      await tx.insert(t.activityLog).values({ at: Date.now(), actorId: null, entity: 'bench', entityId: e.payload.saleId, action: 'tallied' })
    },
  })

  const [seller] = await db.select().from(t.users).where(eq(t.users.email, 'seller@demo.test'))
  const [product] = await db.select().from(t.products).where(eq(t.products.active, true)).limit(1)
  const rules = [{ action: 'create', subject: 'sales' }] as never
  const actor = { id: seller!.id, teamId: seller!.teamId, officeId: seller!.officeId, ability: buildAbility(rules) }
  const translate = translator('sv')
  const customerOf = (k: number) =>
    personalNumberOf(
      new Date(Date.UTC(1950, 0, 1) + (k % 10_000) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', ''),
      String(100 + Math.floor(k / 10_000)),
    )
  let n = 0
  const writeSales = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const sale = saleInputSchema.parse(
        saleArgs(
          { providerId: product!.providerId, products: [{ productId: product!.id, quantity: 1 }] },
          // Each sale a customer of its own, as in the field: one customer sold the same product 10,000 times
          // would make every sale a double sale of the 50 before it (decision 025).
          { soldAt: Date.now() - 3 * 86_400_000 - ++n * 1000, customerSsn: customerOf(n) },
        ),
      )
      await database.transaction(async (tx) => {
        let version: number | null = null
        await areas.sales.fromDevice.createFromDevice(
          { tx, t, actor, now: Date.now(), translate, version: async () => (version ??= await nextChangeVersion(tx, t, actor.id)) },
          sale,
        )
      })
    }
  }

  // 1. End to end: the dispatcher runs while the sales are written, as in the server.
  events.start()
  const started = performance.now()
  await writeSales(SALES)
  const written = performance.now()
  await events.settled(600_000)
  const handled = performance.now()
  await events.stop()

  // 2. The dispatcher alone: as many events waiting (a restart after a backlog), then handled from a standing start.
  await writeSales(SALES)
  const backlogStart = performance.now()
  events.start()
  await events.settled(600_000)
  const backlogDone = performance.now()
  await events.stop()

  const deliveries = await events.stats()
  const ms = handled - started
  console.log(
    `bench:events on ${database.dialect === 'pg' ? 'PostgreSQL' : 'SQLite'}: ${SALES} sales through the sales service, 3 subscribers of its own and ${appSubscribers} of the app's`,
  )
  console.log(`  1. end to end, dispatcher running while the sales are written:`)
  console.log(`     sales written (each its own transaction):     ${(written - started).toFixed(0)} ms (${((written - started) / SALES).toFixed(2)} ms a sale)`)
  console.log(
    `     every event handled by every subscriber:       ${ms.toFixed(0)} ms after the first write (${(handled - written).toFixed(0)} ms after the last)`,
  )
  console.log(`     events per second:                            ${Math.round((SALES / ms) * 1000)}  (target ≥ 2,000)`)
  console.log(
    `  2. the dispatcher alone, ${SALES} events waiting: ${(backlogDone - backlogStart).toFixed(0)} ms, ${Math.round((SALES / (backlogDone - backlogStart)) * 1000)} events/s (${Math.round((((3 + appSubscribers) * SALES) / (backlogDone - backlogStart)) * 1000)} deliveries/s)`,
  )
  console.log(`  deliveries: ${JSON.stringify(deliveries)}; tally ${tallied}, reads ${read}`)
  // The bench's three subscribers and the app's own of sale.created (the customer register, decision 027).
  const perEvent = 3 + appSubscribers
  if (tallied !== 2 * SALES || read !== 2 * SALES || (deliveries.done ?? 0) !== 2 * perEvent * SALES) {
    console.error('Not every event was handled exactly once by every subscriber.')
    process.exitCode = 1
  }
} finally {
  // The realtime channel tells other instances (PostgreSQL's NOTIFY) of what the subscribers changed: closed first.
  await deps.realtime.close()
  await database.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
