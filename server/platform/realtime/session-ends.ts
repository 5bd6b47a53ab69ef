import type { WebSocket } from 'ws'
import { closeWith } from './frames'
import type { EndedSessions, SessionBinding } from './socket-types'

/** How long an ended session is remembered, for a binding that reaches an instance after the end did. */
const ENDED_MEMORY_MS = 10 * 60_000

type Bound = { ws: WebSocket; sessions: Map<string, SessionBinding> }

const endedMatch = (ended: EndedSessions, b: SessionBinding) =>
  !!ended.sessionIds?.includes(b.sessionId) || (!!ended.userIds?.includes(b.userId) && !ended.exceptSessionIds?.includes(b.sessionId))

const closeEnded = (ws: WebSocket) => closeWith(ws, 4009, 'The session that authorised this connection has ended')

/**
 * The sessions a socket's private channels or sign-in were authorised by, and the closing of its socket when one of
 * them ends (a sign-out, a revocation, a deactivation: 4009, unauthorised, no retry). An ended session is remembered
 * a while, so a binding that arrives after the end closes its socket at once.
 */
export function sessionEnds() {
  /** sessions ended lately (id → when) */
  const endedLately = new Map<string, number>()
  return {
    bind(conn: Bound, session: SessionBinding) {
      if (endedLately.has(session.sessionId)) closeEnded(conn.ws)
      else conn.sessions.set(session.sessionId, session)
    },

    /** Closes the sockets among `connections` whose channels a session that ended authorised. */
    end(ended: EndedSessions, connections: Iterable<Bound>) {
      const at = Date.now()
      for (const id of ended.sessionIds ?? []) endedLately.set(id, at)
      for (const [id, when] of endedLately) if (at - when > ENDED_MEMORY_MS) endedLately.delete(id)
      for (const conn of connections) {
        if ([...conn.sessions.values()].some((b) => endedMatch(ended, b))) closeEnded(conn.ws)
      }
    },
  }
}
