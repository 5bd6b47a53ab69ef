import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { CHECKLIST_FILES_PER_PUSH } from '../../shared/schemas/checklist-limits'
import type { PullResult, PushInput, PushResult } from '../../shared/schemas/sync'
import { OfflineDb, enqueue, syncMeta, type LocalWrite, type StoredFile } from './offline-db'
import { SyncEngine } from './sync-engine'

/**
 * The device's sync run against a server that answers as the sync API does (shared/schemas/sync.ts): every file
 * goes up before the push that carries its mutation, never more than CHECKLIST_FILES_PER_PUSH of them before one
 * push, and the engine learns which file a mutation carries from its outbox row, not from the mutation's name.
 */

let opened: OfflineDb[] = []
afterEach(async () => {
  for (const db of opened) {
    db.close()
    await Dexie.delete(db.name)
  }
  opened = []
})

function store(name = `sync-engine-${Math.random()}`) {
  const db = new OfflineDb(name)
  opened.push(db)
  return db
}

const file = (id: string): StoredFile => ({ id, blob: new Blob(['%PDF-1.4']), name: `${id}.pdf`, type: 'application/pdf', size: 8, uploaded: false })

/** A local record for a mutation: what the device shows until the server has it. */
const visit = (id: string): LocalWrite => ({ table: 'visits', record: { id, sync: 'pending' } as never })

type Seen = { method: string; path: string; seqs?: number[] }

/** A sync API that takes every mutation and has nothing new to send; it records what the device asked, in order. */
function server(seen: Seen[]): typeof fetch {
  let lastMutationId = 0
  return async (input, init) => {
    const path = String(input).replace(/^\/api/, '')
    const method = init?.method ?? 'GET'
    if (path.startsWith('/sync/files/')) {
      seen.push({ method, path })
      return new Response(null, { status: 201 })
    }
    if (path === '/sync/push') {
      const body = JSON.parse(String(init?.body)) as PushInput
      const seqs = body.mutations.map((m) => m.seq)
      seen.push({ method, path, seqs })
      lastMutationId = Math.max(lastMutationId, ...seqs)
      const answer: PushResult = { lastMutationId, applied: seqs.length, skipped: 0, rejected: 0 }
      return Response.json(answer)
    }
    if (path === '/sync/pull') {
      seen.push({ method, path })
      const answer: PullResult = { cookie: `c${lastMutationId}`, lastMutationId, patch: [], rejections: [], more: false }
      return Response.json(answer)
    }
    return new Response(null, { status: 404 })
  }
}

describe('a sync run', () => {
  it('sends each file before the push that carries its mutation, a few files per push', async () => {
    const db = store()
    const files = CHECKLIST_FILES_PER_PUSH + 2
    for (let i = 1; i <= files; i++) {
      await enqueue(db, 'recordVisit', { id: `v${i}` }, visit(`v${i}`))
      await enqueue(db, 'createSale', { id: `s${i}`, checklistFileId: `f${i}` }, visit(`r${i}`), file(`f${i}`))
    }
    const seen: Seen[] = []
    const engine = new SyncEngine(db, 'test-lock', { fetch: server(seen) })
    await engine.syncNow()

    const pushes = seen.filter((s) => s.path === '/sync/push')
    expect(pushes.map((p) => p.seqs!.length)).toEqual([2 * CHECKLIST_FILES_PER_PUSH + 1, 3])
    // Before each push: the files of exactly the mutations it carries, in order.
    const fileOfSeq = (seq: number) => (seq % 2 === 0 ? `/sync/files/f${seq / 2}` : null)
    let at = 0
    for (const push of pushes) {
      const expected = push.seqs!.map(fileOfSeq).filter(Boolean)
      const index = seen.indexOf(push)
      expect(seen.slice(at, index).map((s) => s.path)).toEqual(expected)
      expect(seen.slice(at, index).every((s) => s.method === 'PUT')).toBe(true)
      expect(expected.length).toBeLessThanOrEqual(CHECKLIST_FILES_PER_PUSH)
      at = index + 1
    }
    expect((await syncMeta(db)).lastMutationId).toBe(2 * files)
    expect(await db.files.filter((f) => !f.uploaded).count()).toBe(0)
    expect(engine.getStatus()).toMatchObject({ pending: 0, failure: null })
  })

  it('does not send a file twice', async () => {
    const db = store()
    await enqueue(db, 'createSale', { id: 's1', checklistFileId: 'f1' }, visit('r1'), { ...file('f1'), uploaded: true })
    const seen: Seen[] = []
    await new SyncEngine(db, 'test-lock', { fetch: server(seen) }).syncNow()
    expect(seen.map((s) => s.path)).toEqual(['/sync/push', '/sync/pull'])
  })

  it('keeps the mutation waiting when its file cannot go up yet', async () => {
    const db = store()
    await enqueue(db, 'createSale', { id: 's1', checklistFileId: 'f1' }, visit('r1'), file('f1'))
    const seen: Seen[] = []
    const busy: typeof fetch = async (input, init) => {
      if (String(input).includes('/sync/files/')) return new Response(null, { status: 429 })
      return server(seen)(input, init)
    }
    const engine = new SyncEngine(db, 'test-lock', { fetch: busy })
    await engine.syncNow()
    engine.stop()
    expect(seen).toEqual([])
    expect(engine.getStatus()).toMatchObject({ pending: 1, failure: 'server' })
  })
})

describe('a store from before outbox rows named their file', () => {
  it('finds each waiting mutation its file among its args', async () => {
    const name = `sync-engine-old-${Math.random()}`
    // The store as version 4 wrote it: the same tables, the row without its file.
    const old = new Dexie(name)
    old.version(4).stores({ outbox: 'seq, state, recordId', files: 'id', meta: 'key', visits: 'id, visitedAt, comeBackAt, sync' })
    await old.table('files').put(file('f1'))
    await old.table('outbox').bulkPut([
      { seq: 1, name: 'createSale', args: { id: 's1', checklistFileId: 'f1', note: 'x' }, createdAt: 1, table: 'sales', recordId: 's1', state: 'pending' },
      { seq: 2, name: 'checkout', args: { date: '2026-11-30' }, createdAt: 2, table: 'checkouts', recordId: 'c1', state: 'pending' },
    ])
    old.close()

    const db = store(name)
    const rows = await db.outbox.toArray()
    expect(rows.map((r) => r.fileId)).toEqual(['f1', undefined])
  })
})
