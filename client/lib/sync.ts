import { useSyncExternalStore } from 'react'
import { currentLanguage } from './i18n'
import { offlineDb } from './offline-db'
import { SyncEngine, type SyncStatus } from './sync-engine'

let engine: { userId: string; engine: SyncEngine } | null = null

/** The signed-in user's sync engine (one per page). */
export function syncEngine(userId: string): SyncEngine {
  if (engine?.userId !== userId) {
    engine?.engine.stop()
    engine = { userId, engine: new SyncEngine(offlineDb(userId), `saljkraft-sync-${userId}`, { language: currentLanguage }) }
  }
  return engine.engine
}

const OFFLINE_STATUS: SyncStatus = { online: true, syncing: false, pending: 0, rejected: 0, lastSyncedAt: null, failure: null }
const noop = () => () => {}

export function useSyncStatus(e: SyncEngine | null): SyncStatus {
  return useSyncExternalStore(e?.subscribe ?? noop, e?.getStatus ?? (() => OFFLINE_STATUS))
}

