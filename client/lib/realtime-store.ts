import type { PresenceInfo } from '../../shared/realtime'

/**
 * What the realtime connection knows, for the screens (kept outside the lazily loaded client, so reading it costs
 * the first screen nothing): the connection state (the spec's states: initialized, connecting, connected,
 * unavailable, failed, disconnected), who is present in the user's teams, and the notifications already announced
 * live (so the bell does not pop them up a second time).
 */
export type ConnectionState = 'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected'
export type PresentMember = { id: string; info: PresenceInfo }

type Snapshot = { state: ConnectionState; present: ReadonlyMap<string, PresentMember[]> }
let snapshot: Snapshot = { state: 'initialized', present: new Map() }
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

export const announced = new Set<string>()

export const realtimeStore = {
  get: () => snapshot,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  setState(state: ConnectionState) {
    if (state === snapshot.state) return
    snapshot = { ...snapshot, state }
    emit()
  },
  /** the members of one team's presence channel, replaced whole */
  setPresent(teamId: string, members: PresentMember[]) {
    const present = new Map(snapshot.present)
    if (members.length === 0) present.delete(teamId)
    else present.set(teamId, members)
    snapshot = { ...snapshot, present }
    emit()
  },
  reset() {
    snapshot = { state: 'initialized', present: new Map() }
    announced.clear()
    emit()
  },
}
