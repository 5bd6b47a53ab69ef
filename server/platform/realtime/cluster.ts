import pg from 'pg'
import type { ClusterLink, ClusterMessage } from './socket-types'
import { log } from '../../lib/log'

/**
 * The link between server instances on PostgreSQL (docs/decisions/030): LISTEN/NOTIFY on one channel. Every
 * instance already holds a connection to the database, so nothing more has to run; what crosses is small (an
 * event of at most 7 kB, a presence change) and needs no history: a message is for the instances up now.
 * An instance whose listening connection drops listens again and asks the others who is present.
 */
const CHANNEL = 'sk_realtime'
const MAX_PAYLOAD = 7900

export function pgClusterLink(pool: pg.Pool, connectionString: string, instanceId: string): ClusterLink {
  const handlers: Array<(from: string, message: ClusterMessage) => void> = []
  let client: pg.Client | null = null
  let closed = false
  let retry: NodeJS.Timeout | null = null
  // Messages published before the listener is up are sent anyway (NOTIFY needs no listener of ours).
  const listen = async () => {
    if (closed) return
    const c = new pg.Client({ connectionString })
    c.on('error', (err) => {
      log.warn({ err }, '[realtime] the cluster link failed')
      void c.end().catch(() => undefined)
      if (client === c) client = null
      if (!closed) retry = setTimeout(() => void listen(), 1000)
    })
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return
      let parsed: { from: string; m: ClusterMessage }
      try {
        parsed = JSON.parse(n.payload) as { from: string; m: ClusterMessage }
      } catch {
        return
      }
      if (parsed.from === instanceId) return
      for (const h of handlers) h(parsed.from, parsed.m)
    })
    try {
      await c.connect()
      await c.query(`LISTEN ${CHANNEL}`)
      client = c
      if (closed) await c.end()
    } catch (err) {
      log.error({ err }, '[realtime] could not listen for the other instances')
      await c.end().catch(() => undefined)
      if (!closed) retry = setTimeout(() => void listen(), 1000)
    }
  }
  const ready = listen()
  return {
    ready,
    publish(message) {
      const payload = JSON.stringify({ from: instanceId, m: message })
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
        log.warn({ type: message.type, bytes: payload.length }, '[realtime] a message is too large for the other instances; only this instance has it')
        return
      }
      pool.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch((err: Error) => log.warn({ err }, '[realtime] could not tell the other instances'))
    },
    onMessage(handler) {
      handlers.push(handler)
    },
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      await ready
      await client?.end().catch(() => undefined)
      client = null
    },
  }
}
