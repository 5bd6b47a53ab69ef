import type { PullResult, PushResult } from '../../shared/schemas/sync'
import { CHECKLIST_FILES_PER_PUSH } from '../../shared/schemas/checklist-limits'
import { SYNC_SCHEMA_VERSION } from '../../shared/schemas/sync-version'
import { OPT_IN_TABLES } from '../../shared/schemas/sync-tables'
import { applyPull, fileFor, markFileUploaded, outboxCounts, pendingMutations, restartPull, syncMeta, type OfflineDb } from './offline-db'

/**
 * Whether the device says it has a network. Only a browser says no; elsewhere (Node, which has a `navigator` without
 * `onLine` since version 21, and the engine's integration tests run there) the network is taken to be up.
 */
/** Whether the browser thinks it has a network (true where it cannot tell). */
export const networkUp = () => typeof navigator === 'undefined' || navigator.onLine !== false

/**
 * The device side of the sync queue: pushes waiting mutations in order (files first), then pulls and
 * applies what changed. One tab at a time (Web Locks); retried with exponential backoff and jitter.
 * Triggers: start, the `online` event, the page becoming visible, each local write (debounced), every
 * 30 s while visible and online, and the service worker's Background Sync message.
 */

export type SyncStatus = {
  online: boolean
  syncing: boolean
  /** the device store has been counted (until then `pending` and `rejected` are not known, not zero) */
  counted: boolean
  pending: number
  rejected: number
  lastSyncedAt: number | null
  /** the last failure's kind, until a sync succeeds */
  failure: 'network' | 'server' | 'session' | 'gap' | null
}

const BATCH = 100
/** pages of one pull run; a run that stops here goes on with the next sync */
const MAX_PULL_PAGES = 50
const PERIOD_MS = 30_000
const DEBOUNCE_MS = 400
const BACKOFF_BASE_MS = 1_000
const BACKOFF_MAX_MS = 60_000

class TransientError extends Error {
  constructor(readonly kind: 'network' | 'server' | 'session' | 'gap') {
    super(kind)
  }
}

type Fetch = typeof fetch

export type SyncEngineOptions = {
  fetch?: Fetch
  language?: () => string
  /** after a sync run that got through (the device's report, decision 072) */
  onSynced?: () => void
  /** the session is gone (was the device marked lost? decision 072) */
  onSessionEnded?: () => void
}

async function post<T>(fetchFn: Fetch, language: string, path: string, body: unknown): Promise<T> {
  let res: Response
  try {
    res = await fetchFn(`/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': language },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    })
  } catch {
    throw new TransientError('network')
  }
  if (res.status === 401) throw new TransientError('session')
  if (res.status === 409) throw new TransientError('gap')
  if (!res.ok) throw new TransientError('server')
  return (await res.json()) as T
}

/** The mutations from the start of `list` up to (not including) the one that would carry file number max + 1. */
export function upToFiles<M extends { fileId?: string }>(list: M[], max: number): M[] {
  let files = 0
  for (let i = 0; i < list.length; i++) {
    if (list[i]!.fileId && ++files > max) return list.slice(0, i)
  }
  return list
}

export class SyncEngine {
  private status: SyncStatus
  private listeners = new Set<() => void>()
  private running: Promise<void> | null = null
  private again = false
  private debounce: ReturnType<typeof setTimeout> | null = null
  private retry: ReturnType<typeof setTimeout> | null = null
  private failures = 0
  private stopFns: Array<() => void> = []

  private readonly fetchFn: Fetch
  private readonly language: () => string
  private readonly hooks: Pick<SyncEngineOptions, 'onSynced' | 'onSessionEnded'>

  constructor(
    readonly db: OfflineDb,
    private readonly lockName: string,
    options: SyncEngineOptions = {},
  ) {
    this.fetchFn = options.fetch ?? ((...args) => fetch(...args))
    this.language = options.language ?? (() => 'sv')
    this.hooks = { onSynced: options.onSynced, onSessionEnded: options.onSessionEnded }
    this.status = {
      online: networkUp(),
      syncing: false,
      counted: false,
      pending: 0,
      rejected: 0,
      lastSyncedAt: null,
      failure: null,
    }
  }

  getStatus = () => this.status
  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private set(patch: Partial<SyncStatus>) {
    this.status = { ...this.status, ...patch }
    this.listeners.forEach((l) => l())
  }

  /** Counts and the last sync time from the store (after a local write, or at start). */
  async refreshCounts() {
    const [counts, meta] = await Promise.all([outboxCounts(this.db), syncMeta(this.db)])
    this.set({ ...counts, counted: true, lastSyncedAt: meta.lastSyncedAt })
  }

  /** Wires the triggers; returns a function that unwires them. */
  start() {
    const onOnline = () => {
      this.set({ online: true })
      this.failures = 0
      this.request(0)
    }
    const onOffline = () => this.set({ online: false })
    const onVisible = () => {
      if (document.visibilityState === 'visible') this.request(0)
    }
    const onMessage = (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type === 'saljkraft-sync') this.request(0)
    }
    window.addEventListener('online', onOnline)
    window.addEventListener('offline', onOffline)
    document.addEventListener('visibilitychange', onVisible)
    navigator.serviceWorker?.addEventListener('message', onMessage)
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) this.request(0)
    }, PERIOD_MS)
    this.stopFns.push(() => {
      window.removeEventListener('online', onOnline)
      window.removeEventListener('offline', onOffline)
      document.removeEventListener('visibilitychange', onVisible)
      navigator.serviceWorker?.removeEventListener('message', onMessage)
      clearInterval(timer)
      if (this.debounce) clearTimeout(this.debounce)
      if (this.retry) clearTimeout(this.retry)
    })
    void this.refreshCounts()
    // The first sync waits for an idle moment, so the screen (which reads the device store) paints first.
    if (typeof window !== 'undefined' && 'requestIdleCallback' in window) {
      const idle = window.requestIdleCallback(() => this.request(0), { timeout: 1500 })
      this.stopFns.push(() => window.cancelIdleCallback(idle))
    } else this.request(0)
    return () => this.stop()
  }

  stop() {
    this.stopFns.forEach((f) => f())
    this.stopFns = []
  }

  /** Asks for a sync after `delayMs` (a local write passes the debounce; triggers pass 0). */
  request(delayMs = DEBOUNCE_MS) {
    if (this.debounce) clearTimeout(this.debounce)
    this.debounce = setTimeout(() => {
      this.debounce = null
      void this.syncNow()
    }, delayMs)
  }

  /** Called after each local write: update the counts at once, sync soon, and ask for Background Sync. */
  afterLocalWrite() {
    void this.refreshCounts()
    this.request()
    void navigator.serviceWorker?.ready
      .then((reg) => (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register('saljkraft-sync'))
      .catch(() => undefined)
  }

  /** One sync run (push, then pull); a run already going is followed by one more. Resolves when done. */
  async syncNow(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      do {
        this.again = false
        await this.withLock(() => this.runOnce())
      } while (this.again)
    })().finally(() => {
      this.running = null
    })
    return this.running
  }

  private async withLock(fn: () => Promise<void>) {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
    if (!locks) return fn()
    // Another tab holding the lock is syncing the same store: nothing to do here.
    await locks.request(this.lockName, { ifAvailable: true }, async (lock) => {
      if (lock) await fn()
    })
  }

  private async runOnce() {
    if (!networkUp()) {
      this.set({ online: false })
      return
    }
    if (this.retry) {
      clearTimeout(this.retry)
      this.retry = null
    }
    this.set({ syncing: true })
    try {
      const meta = await syncMeta(this.db)
      let acked = meta.lastMutationId
      for (;;) {
        const waiting = await pendingMutations(this.db, acked, BATCH)
        if (waiting.length === 0) break
        // At most a few files go up before each push, so what waits on the server for its sale stays well under
        // the user's quota of untaken files (shared/schemas/checklist-limits.ts).
        const batch = upToFiles(waiting, CHECKLIST_FILES_PER_PUSH)
        await this.uploadFiles(batch.map((m) => m.fileId))
        const result = await post<PushResult>(this.fetchFn, this.language(), '/sync/push', {
          clientId: meta.clientId,
          schemaVersion: SYNC_SCHEMA_VERSION,
          mutations: batch.map(({ seq, name, args, createdAt }) => ({ seq, name, args, createdAt })),
        })
        if (result.lastMutationId <= acked) break
        acked = result.lastMutationId
      }
      // A pull answers a page at a time (a seller with years of sales is not sent in one answer).
      // A table this app takes that its store did not have at the last pull (an update brought it): pull from the start.
      const tables = OPT_IN_TABLES.join(',')
      if ((await syncMeta(this.db)).tables !== tables) await restartPull(this.db, tables)
      for (let page = 0; page < MAX_PULL_PAGES; page++) {
        const fresh = await syncMeta(this.db)
        const pulled = await post<PullResult>(this.fetchFn, this.language(), '/sync/pull', {
          clientId: fresh.clientId,
          cookie: fresh.cookie,
          tables: OPT_IN_TABLES,
        })
        await applyPull(this.db, pulled)
        if (!pulled.more) break
      }
      this.failures = 0
      this.set({ online: true, failure: null })
      this.hooks.onSynced?.()
    } catch (err) {
      const kind = err instanceof TransientError ? err.kind : 'server'
      if (!(err instanceof TransientError)) console.error('[sync] failed:', err)
      this.failures++
      // navigator.onLine says little (a phone on a network with no way out reports true): an unreachable
      // server is what "offline" means here, until a sync gets through again.
      this.set(kind === 'network' ? { failure: kind, online: false } : { failure: kind })
      if (kind !== 'session') this.scheduleRetry()
      else this.hooks.onSessionEnded?.()
    } finally {
      this.set({ syncing: false })
      await this.refreshCounts().catch(() => undefined)
    }
  }

  /** Exponential backoff with full jitter, capped at a minute. */
  private scheduleRetry() {
    const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(this.failures, 10))
    const delay = ceiling / 2 + Math.random() * (ceiling / 2)
    if (this.retry) clearTimeout(this.retry)
    this.retry = setTimeout(() => {
      this.retry = null
      void this.syncNow()
    }, delay)
  }

  private async uploadFiles(ids: Array<string | null | undefined>) {
    for (const id of ids) {
      if (!id) continue
      const file = await fileFor(this.db, id)
      if (!file || file.uploaded) continue
      let res: Response
      try {
        res = await this.fetchFn(`/api/sync/files/${id}`, {
          method: 'PUT',
          headers: { 'Content-Type': file.type, 'X-File-Name': encodeURIComponent(file.name), 'Accept-Language': this.language() },
          body: file.blob,
          credentials: 'same-origin',
        })
      } catch {
        throw new TransientError('network')
      }
      // 401 or 403: the session cannot send now (signed out, terms of use to answer first); the file waits.
      if (res.status === 401 || res.status === 403) throw new TransientError('session')
      // 429: the quota of files waiting for their sale is full for now; the push after this one attaches them.
      if (res.status >= 500 || res.status === 429) throw new TransientError('server')
      // 201/204 stored; a refusal (type or size) is permanent: the sale's mutation then comes back rejected.
      await markFileUploaded(this.db, id)
    }
  }
}
