import { fork, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import { CATALOG_CHANNEL, wire } from '../shared/realtime'
import { bootDatabase } from '../server/boot'
import { parseEnv } from '../server/env'
import { serverKey } from '../server/platform/server-keys'
import { createRealtime } from '../server/platform/realtime'
import { authorizeChannel, type AppCredentials } from '../server/platform/realtime/pusher-auth'
import { sized } from './lib'

/**
 * `npm run bench:realtime` — the built-in realtime server under load (issue 16, decision 030). One server instance
 * (this process: the socket server on an HTTP port, as server/index.ts attaches it) and, in a separate process,
 * 5,000 lightweight Pusher-protocol clients on `ws`, each subscribed to its own private channel (signed as the auth
 * endpoint signs), to one of 20 presence channels and to the public catalog channel. Then:
 *   1. one broadcast to all (the catalog channel): the time until the last client has it;
 *   2. 100 private events a second for 30 s to random clients: p50/p95/p99 delivery latency;
 * and the server's memory (RSS) at its peak. Targets: broadcast to all within 1 s, p95 under 100 ms, RSS under
 * 300 MB. BENCH_SOCKETS and BENCH_SECONDS make a quick run smaller.
 */
const here = fileURLToPath(import.meta.url)
// eslint-disable-next-line no-restricted-properties -- a benchmark's size, for a quick look
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? sized(5_000, 50))
// eslint-disable-next-line no-restricted-properties -- a benchmark's length, for a quick look
const SECONDS = Number(process.env.BENCH_SECONDS ?? sized(30, 2))
const PRESENCE_CHANNELS = 20
const RATE = 100
const BROADCAST = 'App\\Events\\BenchBroadcast'
const PRIVATE = 'App\\Events\\BenchPrivate'
const now = () => performance.timeOrigin + performance.now()

type ToClients = { type: 'connect'; port: number; app: AppCredentials; sockets: number } | { type: 'report' }
type FromClients =
  { type: 'connected'; ms: number; failed: number } | { type: 'broadcast'; lastMs: number; received: number } | { type: 'report'; latencies: number[] }

if (process.argv[2] === 'clients') {
  await clients()
} else {
  await server()
}

/** The server side: a real socket server, triggers, measurements. */
async function server() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-bench-realtime-'))
  const env = parseEnv({ NODE_ENV: 'test', DEMO_MODE: 'false', DATA_DIR: dataDir, SCRYPT_LOG_N: '10' })
  const database = await bootDatabase(env)
  const realtime = await createRealtime(env, database)
  const app = await serverKey<AppCredentials>(database, 'realtime', () => {
    throw new Error('the realtime server made its key at start')
  })
  const http = createServer((_req, res) => res.writeHead(404).end())
  realtime.attach(http)
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const port = (http.address() as AddressInfo).port

  let peakRss = process.memoryUsage().rss
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100)
  const baseRss = peakRss

  const child: ChildProcess = fork(here, ['clients'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' })
  const next = <T extends FromClients['type']>(type: T) =>
    new Promise<Extract<FromClients, { type: T }>>((resolve) => {
      const on = (m: FromClients) => {
        if (m.type !== type) return
        child.off('message', on)
        resolve(m as Extract<FromClients, { type: T }>)
      }
      child.on('message', on)
    })
  const send = (m: ToClients) => child.send(m)

  try {
    console.log(`bench:realtime — ${SOCKETS} sockets, ${PRESENCE_CHANNELS} presence channels, ${RATE} private events/s for ${SECONDS} s`)
    send({ type: 'connect', port, app, sockets: SOCKETS })
    const connected = await next('connected')
    const stats = realtime.stats()
    console.log(
      `connected: ${SOCKETS - connected.failed} of ${SOCKETS} in ${(connected.ms / 1000).toFixed(1)} s (each: own private channel, a presence channel, the catalog); server: ${stats.connections} connections, ${stats.channels} channels`,
    )
    const members = await realtime.members(wire.team('bench-0'))
    console.log(`presence: ${members.length} members in each of ${PRESENCE_CHANNELS} channels`)

    // 1. One broadcast to everyone.
    const broadcast = next('broadcast')
    await realtime.trigger([wire.catalog], BROADCAST, { sentAt: now() })
    const b = await broadcast
    console.log(`broadcast to all: the last of ${b.received} clients had it after ${b.lastMs.toFixed(0)} ms (target < 1000 ms)`)

    // 2. Private events at a steady rate.
    let sent = 0
    const total = RATE * SECONDS
    const start = now()
    await new Promise<void>((resolve) => {
      const tick = () => {
        // Catch up to the schedule (a timer fires late on a busy host), never ahead of it.
        const due = Math.min(total, Math.floor(((now() - start) / 1000) * RATE))
        while (sent < due) {
          const user = Math.floor(Math.random() * SOCKETS)
          void realtime.trigger([wire.user(`bench-${user}`)], PRIVATE, { sentAt: now(), seq: sent })
          sent++
        }
        if (sent >= total) resolve()
        else setTimeout(tick, 5)
      }
      tick()
    })
    // Let the last ones arrive, then collect what the clients measured.
    await new Promise((r) => setTimeout(r, 1000))
    send({ type: 'report' })
    const { latencies } = await next('report')
    latencies.sort((x, y) => x - y)
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN
    console.log(
      `private events: ${latencies.length} of ${sent} delivered; latency p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms (target p95 < 100 ms)`,
    )
    peakRss = Math.max(peakRss, process.memoryUsage().rss)
    console.log(
      `server memory: RSS ${(peakRss / 1048576).toFixed(0)} MB at its peak (${(baseRss / 1048576).toFixed(0)} MB before the clients; target < 300 MB)`,
    )
    const ok = b.lastMs < 1000 && pct(95) < 100 && peakRss < 300 * 1048576 && latencies.length === sent && b.received === SOCKETS - connected.failed
    console.log(ok ? 'all targets met' : 'a target was missed')
  } finally {
    clearInterval(sampler)
    child.kill()
    await realtime.close()
    http.close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** The client side: bare protocol clients, as pusher-js speaks on the wire (subscribe, pong, events). */
async function clients() {
  const latencies: number[] = []
  let broadcastSeen = 0
  let lastBroadcast = 0
  let expected = 0
  const reply = (m: FromClients) => process.send!(m)

  const open = (port: number, app: AppCredentials, i: number) =>
    new Promise<boolean>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${app.key}?protocol=7&client=js&version=8.6.0&flash=false`, { perMessageDeflate: false })
      let pending = 3
      ws.on('error', () => resolve(false))
      ws.on('message', (raw) => {
        const frame = JSON.parse(raw.toString()) as { event: string; channel?: string; data?: string }
        switch (frame.event) {
          case 'pusher:connection_established': {
            const socketId = (JSON.parse(frame.data!) as { socket_id: string }).socket_id
            const own = wire.user(`bench-${i}`)
            const team = wire.team(`bench-${i % PRESENCE_CHANNELS}`)
            const channelData = JSON.stringify({ user_id: `bench-${i}`, user_info: { id: `bench-${i}`, name: `Säljare ${i}`, role: 'Säljare' } })
            ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: own, auth: authorizeChannel(app, socketId, own).auth } }))
            ws.send(
              JSON.stringify({
                event: 'pusher:subscribe',
                data: { channel: team, auth: authorizeChannel(app, socketId, team, channelData).auth, channel_data: channelData },
              }),
            )
            ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: CATALOG_CHANNEL } }))
            break
          }
          case 'pusher_internal:subscription_succeeded':
            if (--pending === 0) resolve(true)
            break
          case 'pusher:subscription_error':
          case 'pusher:error':
            resolve(false)
            break
          case 'pusher:ping':
            ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }))
            break
          case BROADCAST:
            broadcastSeen++
            lastBroadcast = Math.max(lastBroadcast, now() - (JSON.parse(frame.data!) as { sentAt: number }).sentAt)
            if (broadcastSeen === expected) reply({ type: 'broadcast', lastMs: lastBroadcast, received: broadcastSeen })
            break
          case PRIVATE:
            latencies.push(now() - (JSON.parse(frame.data!) as { sentAt: number }).sentAt)
            break
        }
      })
    })

  process.on('message', async (m: ToClients) => {
    if (m.type === 'connect') {
      const start = now()
      let failed = 0
      // A few hundred handshakes at a time, as phones arrive in a morning rather than in one instant.
      const batch = 250
      for (let from = 0; from < m.sockets; from += batch) {
        const results = await Promise.all(Array.from({ length: Math.min(batch, m.sockets - from) }, (_, k) => open(m.port, m.app, from + k)))
        failed += results.filter((ok) => !ok).length
      }
      expected = m.sockets - failed
      reply({ type: 'connected', ms: now() - start, failed })
    } else if (m.type === 'report') {
      reply({ type: 'report', latencies })
    }
  })
}
