// @vitest-environment jsdom
import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PullResult, PushInput, PushResult } from '../../shared/schemas/sync'
import { serveApi } from '../test/render'
import { enqueue, offlineDb, type LocalWrite } from './offline-db'
import { unsentBeforeSignOut } from './sync'

/**
 * What signing out would leave on the device (issue 78): changes are sent first when the network allows, and what
 * is left is counted; a person who never kept anything on this device is not given a store by asking.
 */

const visit = (id: string): LocalWrite => ({ table: 'visits', record: { id, sync: 'pending' } as never })
let n = 0
/** A person of their own for each test, with `waiting` changes in their device store. */
async function personWith(waiting: number) {
  const userId = `person-${++n}`
  for (let i = 0; i < waiting; i++) await enqueue(offlineDb(userId), 'recordVisit', { id: `v${i}` }, visit(`v${i}`))
  return userId
}

/** The sync API taking every change (as shared/schemas/sync.ts answers), with what was asked. */
function serverTakingAll() {
  let lastMutationId = 0
  return serveApi((url, init) => {
    if (url.pathname === '/api/sync/push') {
      const seqs = (JSON.parse(String(init?.body)) as PushInput).mutations.map((m) => m.seq)
      lastMutationId = Math.max(lastMutationId, ...seqs)
      return { lastMutationId, applied: seqs.length, skipped: 0, rejected: 0 } satisfies PushResult
    }
    if (url.pathname === '/api/sync/pull') return { cookie: 'c', lastMutationId, patch: [], rejections: [], more: false } satisfies PullResult
    return new Response(null, { status: 204 })
  })
}

afterEach(() => vi.restoreAllMocks())

describe('signing out with changes on the device', () => {
  it('nothing kept here: nothing to say, and no store is made by asking', async () => {
    const calls = serverTakingAll()
    expect(await unsentBeforeSignOut('never-here')).toBeNull()
    expect(calls).toHaveLength(0)
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('saljkraft-never-here')
  })

  it('sends what waits first; once the server has it there is nothing to warn of', async () => {
    const userId = await personWith(2)
    const calls = serverTakingAll()
    const sending = vi.fn()
    expect(await unsentBeforeSignOut(userId, sending)).toBeNull()
    expect(sending).toHaveBeenCalledOnce()
    // (after a sync the installation also reports itself, decision 072)
    expect(calls.map((u) => u.pathname).filter((p) => p.startsWith('/api/sync/'))).toEqual(['/api/sync/push', '/api/sync/pull'])
  })

  it('offline: nothing is tried, and every waiting change is counted', async () => {
    const userId = await personWith(3)
    const calls = serverTakingAll()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect(await unsentBeforeSignOut(userId)).toEqual({ pending: 3, rejected: 0, offline: true })
    expect(calls).toHaveLength(0)
  })

  it('a server that cannot be reached, or fails: the changes stay counted, and which it was is told', async () => {
    const unreachable = await personWith(1)
    serveApi(() => {
      throw new TypeError('Failed to fetch')
    })
    expect(await unsentBeforeSignOut(unreachable)).toEqual({ pending: 1, rejected: 0, offline: true })
    const failing = await personWith(1)
    serveApi(() => new Response(null, { status: 503 }))
    expect(await unsentBeforeSignOut(failing)).toEqual({ pending: 1, rejected: 0, offline: false })
  })
})
