import { useSyncExternalStore } from 'react'
import type { TFunction } from 'i18next'
import { formatTime, type FormatLanguage } from '../../shared/format'
import { currentLanguage } from './i18n'
import { checkLostDevice, reportDevice } from './device'
import { offlineDb } from './offline-db'
import { SyncEngine, type SyncStatus } from './sync-engine'

let engine: { userId: string; engine: SyncEngine } | null = null

/** The signed-in user's sync engine (one per page). */
export function syncEngine(userId: string): SyncEngine {
  if (engine?.userId !== userId) {
    engine?.engine.stop()
    const db = offlineDb(userId)
    engine = {
      userId,
      engine: new SyncEngine(db, `saljkraft-sync-${userId}`, {
        language: currentLanguage,
        // The installation reports itself after a sync, and asks whether it was marked lost when its session ends.
        onSynced: () => void reportDevice(db, currentLanguage()).catch(() => undefined),
        onSessionEnded: () => void checkLostDevice(currentLanguage()).catch(() => undefined),
      }),
    }
  }
  return engine.engine
}

const OFFLINE_STATUS: SyncStatus = { online: true, syncing: false, counted: true, pending: 0, rejected: 0, lastSyncedAt: null, failure: null }
const noop = () => () => {}

export function useSyncStatus(e: SyncEngine | null): SyncStatus {
  return useSyncExternalStore(e?.subscribe ?? noop, e?.getStatus ?? (() => OFFLINE_STATUS))
}

/** The sync state in words: offline, syncing, synced at hh:mm, or not synced yet. */
export function syncStateText(status: SyncStatus, t: TFunction, lang: FormatLanguage): string {
  if (!status.online) return t('syncStatus.offline')
  if (status.syncing) return t('syncStatus.syncing')
  return status.lastSyncedAt ? t('syncStatus.syncedAt', { time: formatTime(status.lastSyncedAt, lang) }) : t('syncStatus.never')
}
