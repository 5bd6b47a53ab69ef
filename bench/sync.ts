import 'fake-indexeddb/auto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { translator } from '../shared/i18n'
import { saveSaleLocally } from '../client/features/sales/api/local-actions'
import { OfflineDb } from '../client/lib/offline-db'
import { SyncEngine } from '../client/lib/sync-engine'
import { startBuiltServer } from '../scripts/built-server'
import { sized } from './lib'

/**
 * `npm run bench:sync` — the sync queue's two targets (issue 4), on this machine:
 *  1. 1,000 sale mutations queued on one device, pushed to a local server (SQLite, real HTTP, batches of
 *     100) until all are acknowledged and pulled back: target under 3 s.
 *  2. Tapping save → the sale in the local list (validate, write record + outbox row in one IndexedDB
 *     transaction, read the list): target under 50 ms. The device store here is fake-indexeddb in Node,
 *     slower than a browser's IndexedDB, so the figure is an upper bound.
 */
const MUTATIONS = sized(1000, 100)
const PORT = 3994

if (!fs.existsSync('dist-server/index.mjs')) execFileSync('npx', ['tsx', 'scripts/build-server.ts'], { stdio: 'inherit' })
const server = startBuiltServer({ port: PORT, name: 'bench-sync' })
const ORIGIN = server.origin

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!

try {
  await server.ready()
  const login = await fetch(`${ORIGIN}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email: 'seller@demo.test', password: 'saljkraft-demo' }),
  })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!
  const { userData } = (await login.json()) as { userData: { id: string } }
  const fetchFn: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers)
    headers.set('cookie', cookie)
    headers.set('origin', ORIGIN)
    return fetch(`${ORIGIN}${String(input)}`, { ...init, headers })
  }
  const t = translator('sv')

  // 2. save → list, on a device that has its catalog
  const device = new OfflineDb(`bench-${Date.now()}`)
  const engine = new SyncEngine(device, 'bench', { fetch: fetchFn })
  await engine.syncNow()
  const provider = (await device.providers.toArray()).find((p) => p.name === 'Tryggt Hem Larm')!
  const product = (await device.products.toArray()).find((p) => p.providerId === provider.id)!
  const input = () => ({
    id: crypto.randomUUID(),
    providerId: provider.id,
    products: [{ productId: product.id, quantity: 1 }],
    customerType: 'private' as const,
    customerSsn: '811218-9876',
    customerName: 'Bench Kund',
    email: null,
    phone: '070-123 45 67',
    companyName: null,
    orgNumber: null,
    postalCode: '211 45',
    city: 'Malmö',
    address: 'Storgatan 1',
    message: null,
    externalOrderNumber: null,
    soldAt: Date.now(),
  })
  const saveTimes: number[] = []
  for (let i = 0; i < MUTATIONS; i++) {
    const started = performance.now()
    const sale = await saveSaleLocally(device, userData.id, input(), null, t)
    const list = await device.sales.orderBy('soldAt').reverse().limit(50).toArray()
    if (!list.some((s) => s.id === sale.id)) throw new Error('the saved sale is not in the list')
    saveTimes.push(performance.now() - started)
  }

  // 1. push the 1,000 queued mutations until acknowledged (and pulled back)
  const started = performance.now()
  await engine.syncNow()
  const elapsed = performance.now() - started
  const left = await device.outbox.count()
  const synced = await device.sales.where('sync').equals('synced').count()
  if (left !== 0) throw new Error(`${left} mutations not acknowledged`)

  console.log('\nbench:sync (SQLite, one device, real HTTP on loopback)')
  console.log(
    `  push ${MUTATIONS} sale mutations in batches of 100, then pull: ${(elapsed / 1000).toFixed(2)} s, ${Math.round(MUTATIONS / (elapsed / 1000))} mutations/s (target < 3 s) ${elapsed < 3000 ? '✔' : '✖'}`,
  )
  console.log(`  ${synced} sales synced on the device, outbox empty`)
  console.log(
    `  save → in the local list (${MUTATIONS} saves, fake-indexeddb): median ${pct(saveTimes, 50).toFixed(1)} ms, p95 ${pct(saveTimes, 95).toFixed(1)} ms, max ${Math.max(...saveTimes).toFixed(1)} ms (target < 50 ms) ${pct(saveTimes, 95) < 50 ? '✔' : '✖'}`,
  )
  engine.stop()
} finally {
  server.stop()
}
