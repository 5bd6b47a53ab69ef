import type { ClusterLink, ClusterMessage, PresenceMember } from './socket-types'

/** how often an instance says it is alive to the others; one not heard from in three is gone */
export const HEARTBEAT_MS = 10_000

/** What the socket server is told to announce: a member joined or left a channel (`except`: the socket that joined). */
export type MemberChange<C> = (channel: string, op: 'add' | 'remove', member: PresenceMember, except?: C) => void

type PresenceMessage = Extract<ClusterMessage, { type: 'member' | 'hello' | 'state' | 'alive' }>

/**
 * Who is in each presence channel, on this instance and on the others (docs/decisions/030): a user
 * counts once however many sockets and instances hold them, so a member is announced when the first of them joins
 * and when the last leaves. This instance's joins and leaves go to the others through the cluster link; theirs
 * arrive through `heard`, and an instance not heard from in three heartbeats is dropped with its members.
 */
export function presenceRegistry<C>(changed: MemberChange<C>, cluster?: ClusterLink) {
  /** presence channel → user id → the member and how many of this instance's connections hold it */
  const local = new Map<string, Map<string, { member: PresenceMember; count: number }>>()
  /** presence members held by other instances: instance → channel → user id → member, and when it was last heard */
  const remote = new Map<string, { heardAt: number; channels: Map<string, Map<string, PresenceMember>> }>()

  /** Everyone in a presence channel, on any instance (a user present on two instances counts once). */
  function members(channel: string): Map<string, PresenceMember> {
    const all = new Map<string, PresenceMember>()
    for (const [, instance] of remote) for (const [id, m] of instance.channels.get(channel) ?? []) all.set(id, m)
    for (const [id, { member }] of local.get(channel) ?? []) all.set(id, member)
    return all
  }
  const presentElsewhere = (channel: string, userId: string) => {
    for (const [, instance] of remote) if (instance.channels.get(channel)?.has(userId)) return true
    return false
  }
  const presentAnywhere = (channel: string, userId: string) => !!local.get(channel)?.has(userId) || presentElsewhere(channel, userId)

  function stateOf(instance: string) {
    let state = remote.get(instance)
    if (!state) remote.set(instance, (state = { heardAt: Date.now(), channels: new Map() }))
    state.heardAt = Date.now()
    return state
  }

  /** Answers a new instance's hello: who is present here, in pieces small enough for the link. */
  function tellState(link: ClusterLink) {
    let batch: Array<{ channel: string; member: PresenceMember }> = []
    let size = 0
    for (const [channel, users] of local) {
      for (const [, { member }] of users) {
        const item = { channel, member }
        const itemSize = JSON.stringify(item).length
        if (size + itemSize > 6000 && batch.length > 0) {
          link.publish({ type: 'state', members: batch })
          batch = []
          size = 0
        }
        batch.push(item)
        size += itemSize
      }
    }
    if (batch.length > 0) link.publish({ type: 'state', members: batch })
  }

  function dropInstance(instance: string) {
    const state = remote.get(instance)
    if (!state) return
    remote.delete(instance)
    for (const [channel, users] of state.channels) {
      for (const [id, member] of users) if (!presentAnywhere(channel, id)) changed(channel, 'remove', member)
    }
  }

  return {
    members,

    /** The presence hash a joining socket is sent with its subscription. */
    data(channel: string): string {
      const all = members(channel)
      const hash: Record<string, unknown> = {}
      for (const [id, m] of all) hash[id] = m.user_info ?? null
      return JSON.stringify({ presence: { ids: [...all.keys()], hash, count: all.size } })
    },

    /** One of this instance's sockets joined as `member`; answers whether the user is new to the channel. */
    join(channel: string, member: PresenceMember): boolean {
      let held = local.get(channel)
      if (!held) local.set(channel, (held = new Map()))
      const entry = held.get(member.user_id)
      const isNew = !entry && !presentElsewhere(channel, member.user_id)
      if (entry) entry.count += 1
      else {
        held.set(member.user_id, { member, count: 1 })
        cluster?.publish({ type: 'member', channel, op: 'add', member })
      }
      return isNew
    },

    /** One of this instance's sockets left; the member is announced gone when no socket anywhere holds them. */
    leave(channel: string, member: PresenceMember) {
      const held = local.get(channel)
      const entry = held?.get(member.user_id)
      if (!held || !entry) return
      entry.count -= 1
      if (entry.count > 0) return
      held.delete(member.user_id)
      if (held.size === 0) local.delete(channel)
      cluster?.publish({ type: 'member', channel, op: 'remove', member })
      if (!presentElsewhere(channel, member.user_id)) changed(channel, 'remove', member)
    },

    /** What another instance said about presence. */
    heard(from: string, message: PresenceMessage) {
      const state = stateOf(from)
      switch (message.type) {
        case 'member': {
          const { channel, member } = message
          let users = state.channels.get(channel)
          if (message.op === 'add') {
            const known = presentAnywhere(channel, member.user_id)
            if (!users) state.channels.set(channel, (users = new Map()))
            users.set(member.user_id, member)
            if (!known) changed(channel, 'add', member)
          } else {
            users?.delete(member.user_id)
            if (users && users.size === 0) state.channels.delete(channel)
            if (!presentAnywhere(channel, member.user_id)) changed(channel, 'remove', member)
          }
          return
        }
        case 'hello':
          if (cluster) tellState(cluster)
          return
        case 'state':
          for (const { channel, member } of message.members) {
            let users = state.channels.get(channel)
            if (!users) state.channels.set(channel, (users = new Map()))
            users.set(member.user_id, member)
          }
          return
        case 'alive':
          return
      }
    },

    /** Drops the instances not heard from in three heartbeats: their members leave their channels. */
    dropSilent(now: number) {
      for (const [instance, state] of remote) {
        if (now - state.heardAt > 3 * HEARTBEAT_MS) dropInstance(instance)
      }
    },
  }
}
