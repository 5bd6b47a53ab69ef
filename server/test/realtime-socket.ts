import WebSocket from 'ws'
import type { TestApp } from './harness'

/**
 * A bare Pusher protocol client on the built-in realtime server (docs/decisions/030): what a browser's socket, or a
 * forged or replayed subscription, looks like on the wire. `next(event)` waits for the next frame of that event.
 */
export async function rawSocket(port: number, key: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.6.0`)
  const frames: Array<{ event: string; channel?: string; data?: unknown }> = []
  const waiters: Array<() => void> = []
  ws.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as { event: string })
    for (const w of waiters.splice(0)) w()
  })
  const next = async (event: string) => {
    for (;;) {
      const found = frames.find((f) => f.event === event)
      if (found) {
        frames.splice(frames.indexOf(found), 1)
        return found
      }
      await new Promise<void>((r) => waiters.push(r))
    }
  }
  const established = await next('pusher:connection_established')
  const socketId = (JSON.parse(established.data as string) as { socket_id: string }).socket_id
  return { ws, socketId, next, send: (frame: unknown) => ws.send(JSON.stringify(frame)) }
}

/** The signature a session gets for one of its sockets to join a channel (POST /api/broadcasting/auth). */
export async function channelSignature(t: TestApp, cookie: string, socketId: string, channel: string): Promise<string> {
  const r = await t.request('POST', '/api/broadcasting/auth', {
    cookie,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
  })
  return r.json.auth as string
}

/** Resolves with the close code when the socket is closed. */
export const closedWith = (ws: WebSocket) => new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
