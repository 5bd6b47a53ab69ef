/** What the realtime server and its cluster link say to each other, and whose sessions a socket holds. */

export type PresenceMember = { user_id: string; user_info: unknown }

/** What crosses instances (./cluster.ts): an event for a channel, and presence changes. */
export type ClusterMessage =
  | { type: 'event'; channel: string; event: string; data: string; except?: string }
  | { type: 'member'; channel: string; op: 'add' | 'remove'; member: PresenceMember }
  | { type: 'hello' }
  | { type: 'state'; members: Array<{ channel: string; member: PresenceMember }> }
  | { type: 'alive' }
  | { type: 'bind'; socketId: string; session: SessionBinding }
  | { type: 'end'; ended: EndedSessions }

/** Whose signed-in session a socket's private channels were authorised by. */
export type SessionBinding = { sessionId: string; userId: string }
/** Sessions that ended (a sign-out, a revocation, a deactivation): by id, or every one of the users but some. */
export type EndedSessions = { sessionIds?: string[]; userIds?: string[]; exceptSessionIds?: string[] }

export type ClusterLink = {
  /** resolves once messages from the others are heard */
  ready?: Promise<void>
  publish(message: ClusterMessage): void
  /** messages from other instances, each with the instance it came from */
  onMessage(handler: (from: string, message: ClusterMessage) => void): void
  close(): Promise<void>
}
