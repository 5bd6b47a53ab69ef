/**
 * Coming back promptly once the server answers again (issue 69). pusher-js retries a connection that failed only
 * after its own timeouts (15 s, doubling): a phone whose instance restarted would wait that long after the server
 * was back. While a client that was connected is not, this asks whether the server answers (a cheap HTTP probe,
 * every second or two, spread so a restart's many phones do not ask in step) and, the moment it does, starts the
 * connection again. pusher-js resubscribes every channel once connected. Each start it forces waits longer before
 * the next (1.5 s, 3 s, 6 s, up to 12 s) until one succeeds: a handshake that takes a while (a slow link; a browser
 * that delays sockets after many failed ones, as Chromium does after a long network drop) is given the time to finish
 * instead of being started again, and again, before it can.
 */
export type ReconnectingClient = {
  connection: {
    state: string
    bind(event: 'state_change', cb: (s: { previous: string; current: string }) => void): void
    unbind(event: 'state_change', cb: (s: { previous: string; current: string }) => void): void
  }
  connect(): void
  disconnect(): void
}

export function reconnectWhenBack(client: ReconnectingClient, answers: () => Promise<boolean>, opts: { everyMs?: number } = {}): () => void {
  const every = opts.everyMs ?? 1_500
  let wasConnected = client.connection.state === 'connected'
  let timer: ReturnType<typeof setTimeout> | null = null
  let stopped = false
  /** starts forced since the connection was last up */
  let forced = 0
  const schedule = () => {
    if (timer || stopped) return
    const wait = forced === 0 ? every * (0.5 + Math.random()) : Math.min(every * 8, every * 2 ** forced) * (0.75 + Math.random() / 2)
    timer = setTimeout(probe, wait)
  }
  const probe = async () => {
    timer = null
    const state = client.connection.state
    if (stopped || state === 'connected' || state === 'disconnected') return
    if (await answers().catch(() => false)) {
      if (stopped || client.connection.state === 'connected') return
      client.disconnect()
      client.connect()
      forced++
    }
    schedule()
  }
  const onChange = ({ current }: { current: string }) => {
    if (current === 'connected') {
      wasConnected = true
      forced = 0
      if (timer) clearTimeout(timer)
      timer = null
    } else if (wasConnected && (current === 'connecting' || current === 'unavailable')) schedule()
  }
  client.connection.bind('state_change', onChange)
  return () => {
    stopped = true
    if (timer) clearTimeout(timer)
    client.connection.unbind('state_change', onChange)
  }
}
