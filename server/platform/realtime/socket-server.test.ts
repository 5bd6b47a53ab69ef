import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Pusher from 'pusher-js'
import WebSocket from 'ws'
import { afterAll, describe, expect, it } from 'vitest'
import { reconnectWhenBack, type ReconnectingClient } from '../../../shared/realtime-return'
import { socketServer, type SocketServer } from './socket-server'

/**
 * The built-in Pusher-protocol server on its own (docs/decisions/030): what one address may open, and how it ends —
 * every client told to reconnect at once, as the protocol's 4200 range means, so that phones come back to another
 * instance or the restarted one without a back-off.
 */
const app = { key: 'test-key', secret: 'test-secret' }
const servers: Server[] = []
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve))
})

async function start(options: { maxConnectionsPerAddress?: number; port?: number } = {}): Promise<{ realtime: SocketServer; port: number; server: Server }> {
  const realtime = socketServer({ app, allowOrigin: () => true, ...options })
  // The app's health answer stands in for the whole app: what a client asks to know the server is back.
  const server = createServer((req, res) => res.writeHead(req.url === '/api/health' ? 200 : 404).end())
  realtime.attach(server)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  return { realtime, port: (server.address() as AddressInfo).port, server }
}

/** The way the app stops an instance (server/index.ts): the listener closed first, then realtime. */
async function stopLikeTheApp(i: { realtime: SocketServer; server: Server }) {
  const closed = new Promise((resolve) => i.server.close(resolve))
  await i.realtime.close()
  await closed
}

/** A raw client: resolves once the server has said the connection is established. */
function connect(port: number): Promise<{ ws: WebSocket; frames: Array<{ event: string; data?: unknown }>; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${app.key}?protocol=7&client=js&version=8.6.0`)
    const frames: Array<{ event: string; data?: unknown }> = []
    const closed = new Promise<number>((done) => ws.once('close', (code) => done(code)))
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { event: string; data?: string }
      frames.push({ event: frame.event, data: typeof frame.data === 'string' ? JSON.parse(frame.data) : frame.data })
      if (frame.event === 'pusher:connection_established') resolve({ ws, frames, closed })
    })
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
    ws.once('error', reject)
  })
}

describe('the realtime server', () => {
  it('lets one address hold only so many sockets at once, and another once one closes', async () => {
    const { port } = await start({ maxConnectionsPerAddress: 3 })
    const open = await Promise.all([connect(port), connect(port), connect(port)])
    await expect(connect(port)).rejects.toThrow('HTTP 429')
    open[0]!.ws.close()
    await open[0]!.closed
    const again = await connect(port)
    expect(again.frames[0]).toMatchObject({ event: 'pusher:connection_established' })
    for (const c of [...open.slice(1), again]) c.ws.close()
  })

  it('on shutdown tells every socket to reconnect now (pusher:error and close 4200), and pusher-js does at once', async () => {
    const { realtime, port } = await start()
    const raw = await connect(port)
    const pusher = new Pusher(app.key, { cluster: 'mt1', wsHost: '127.0.0.1', wsPort: port, forceTLS: false, enabledTransports: ['ws'] })
    await new Promise<void>((resolve) => pusher.connection.bind('connected', () => resolve()))
    const states: string[] = []
    pusher.connection.bind('state_change', ({ current }: { current: string }) => states.push(current))
    const reconnecting = new Promise<void>((resolve) => pusher.connection.bind('connecting', () => resolve()))
    await realtime.close()
    expect(await raw.closed).toBe(4200)
    expect(raw.frames.at(-1)).toMatchObject({ event: 'pusher:error', data: { code: 4200 } })
    // pusher-js reads 4200–4299 as "reconnect immediately": straight back to connecting, not unavailable after a wait.
    await reconnecting
    expect(states[0]).toBe('connecting')
    expect(states).not.toContain('unavailable')
    pusher.disconnect()
  })

  it('takes no new socket once it is going away: an immediate reconnect is refused, never taken and dropped', async () => {
    const { realtime, port } = await start()
    const closing = realtime.close()
    await expect(connect(port)).rejects.toThrow('HTTP 503')
    await closing
  })

  it('a single instance restarted: pusher-js is back within 5 s of the server answering again (issue 69)', async () => {
    const first = await start()
    const pusher = new Pusher(app.key, { cluster: 'mt1', wsHost: '127.0.0.1', wsPort: first.port, forceTLS: false, enabledTransports: ['ws'] })
    const stop = reconnectWhenBack(pusher as unknown as ReconnectingClient, async () => (await fetch(`http://127.0.0.1:${first.port}/api/health`)).ok)
    await new Promise<void>((resolve) => pusher.connection.bind('connected', () => resolve()))
    await stopLikeTheApp(first)
    // Down for three seconds (pusher-js alone would now wait out its 15 s timeout), then up on the same port.
    await new Promise((resolve) => setTimeout(resolve, 3_000))
    const connected = new Promise<number>((resolve) => pusher.connection.bind('connected', () => resolve(Date.now())))
    await start({ port: first.port })
    const up = Date.now()
    expect((await connected) - up).toBeLessThan(5_000)
    stop()
    pusher.disconnect()
  }, 20_000)
})
