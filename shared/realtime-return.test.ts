import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reconnectWhenBack, type ReconnectingClient } from './realtime-return'

/**
 * A client shaped as pusher-js's connection is (states, `state_change`), whose handshake takes `handshakeMs`: a
 * `disconnect` before it is done abandons it, as pusher-js closes a socket still connecting.
 */
function slowClient(handshakeMs: number) {
  const listeners = new Set<(s: { previous: string; current: string }) => void>()
  let pending: ReturnType<typeof setTimeout> | null = null
  const client = {
    starts: 0,
    connection: {
      state: 'connected',
      bind: (_: 'state_change', cb: (s: { previous: string; current: string }) => void) => void listeners.add(cb),
      unbind: (_: 'state_change', cb: (s: { previous: string; current: string }) => void) => void listeners.delete(cb),
    },
    set(current: string) {
      const previous = client.connection.state
      client.connection.state = current
      for (const l of listeners) l({ previous, current })
    },
    connect() {
      client.starts++
      client.set('connecting')
      pending = setTimeout(() => client.set('connected'), handshakeMs)
    },
    disconnect() {
      if (pending) clearTimeout(pending)
      pending = null
      client.set('disconnected')
    },
  }
  return client
}

describe('reconnectWhenBack: back promptly once the server answers, without cutting off a slow handshake', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('starts the connection again within about a second and a half of the server answering', async () => {
    const client = slowClient(50)
    const stop = reconnectWhenBack(client as unknown as ReconnectingClient, async () => true)
    client.set('connecting') // the connection dropped; pusher-js would wait out its own timeouts
    await vi.advanceTimersByTimeAsync(2_300)
    expect(client.starts).toBe(1)
    await vi.advanceTimersByTimeAsync(100)
    expect(client.connection.state).toBe('connected')
    stop()
  })

  it('gives a handshake that takes 5 s (Chromium delays sockets after many failures) the time to finish', async () => {
    const client = slowClient(5_000)
    const stop = reconnectWhenBack(client as unknown as ReconnectingClient, async () => true)
    client.set('connecting')
    // Restarted every 1.5 s, a 5 s handshake would never finish; waiting longer after each start, one does.
    await vi.advanceTimersByTimeAsync(40_000)
    expect(client.connection.state).toBe('connected')
    expect(client.starts).toBeLessThanOrEqual(4)
    stop()
  })

  it('waits a short while again after the connection was up, and never starts one the server does not answer for', async () => {
    let answers = false
    const client = slowClient(5_000)
    const stop = reconnectWhenBack(client as unknown as ReconnectingClient, async () => answers)
    client.set('connecting')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(client.starts).toBe(0)
    answers = true
    await vi.advanceTimersByTimeAsync(40_000)
    expect(client.connection.state).toBe('connected')
    // Up again: a new drop is met as promptly as the first.
    const before = client.starts
    client.set('connecting')
    await vi.advanceTimersByTimeAsync(2_300)
    expect(client.starts).toBe(before + 1)
    stop()
  })
})
