import { Dexie, type EntityTable, type Table } from 'dexie'
import type { GuidesOffline } from '../../shared/schemas/guides'
import type { SaleRecord } from '../../shared/schemas/sales'
import type { MutationName, PatchOp, PullResult, Rejection, SyncTable, SyncTables } from '../../shared/schemas/sync'
import type { CheckoutRecord, SickNoticeRecord, TimeReportRecord } from '../../shared/schemas/time-reports'

/**
 * The seller's device store (IndexedDB through Dexie), and the only module that touches it.
 * One database per signed-in user (`saljkraft-<userId>`), so two people sharing a phone never see or
 * sync each other's records, and a sign-out never throws away what has not reached the server yet.
 *
 * Every local change is written in ONE transaction with its outbox row, so the screen updates at once
 * (useLiveQuery) and the sync queue cannot miss or double it. docs/decisions/008 describes the protocol.
 */

/** Where a record stands: saved on the device only, confirmed by the server, or refused by it. */
export type SyncState = 'pending' | 'synced' | 'rejected'
type Local<T> = T & { sync: SyncState }

export type LocalSale = Local<SaleRecord>
export type LocalTimeReport = Local<TimeReportRecord>
export type LocalCheckout = Local<CheckoutRecord>
export type LocalSickNotice = Local<SickNoticeRecord>
export type LocalProvider = SyncTables['providers']
export type LocalProduct = SyncTables['products']
export type LocalBudget = SyncTables['budgets']
export type LocalAttestation = SyncTables['attestations']
export type LocalExtraIncome = SyncTables['extraIncomes']
/** A field run the seller is on (decision 073): the server's, read only on the device. */
export type LocalRun = SyncTables['runs']
/** A door visit recorded on the device (pending until the sync takes it, decision 073). */
export type LocalVisit = Local<SyncTables['visits']>
/**
 * A promise the seller holds (decision 097): a come-back, a call-back or an appointment, from the server or made on the
 * device. One booked on the device for a teammate keeps the teammate's name (`closerName`): it is theirs once it arrives.
 */
export type LocalPromise = Local<SyncTables['promises']> & { closerName?: string }
/** An acknowledgement of a guide made on the device (pending until the sync takes it, decision 069). */
export type LocalGuideAck = Local<{ id: string; number: number; at: number }>
/** The guides a reader keeps to read offline: the last snapshot the server gave (decision 069). */
export type StoredGuides = { key: 'snapshot'; snapshot: GuidesOffline }

export type OutboxRow = {
  seq: number
  name: MutationName
  args: unknown
  createdAt: number
  /** the local record the mutation creates or changes */
  table: 'sales' | 'timeReports' | 'checkouts' | 'sickNotices' | 'guideAcks' | 'visits' | 'promises'
  recordId: string
  state: 'pending' | 'rejected'
  rejection?: Rejection
  /** the file that travels with the mutation (uploaded before the push that carries it) */
  fileId?: string
}

export type StoredFile = { id: string; blob: Blob; name: string; type: string; size: number; uploaded: boolean }

export type SyncMeta = {
  key: 'state'
  clientId: string
  /** the last seq handed out on this device */
  seq: number
  cookie: string | null
  lastMutationId: number
  lastSyncedAt: number | null
  /** the opt-in tables the store had at its last pull: a new one starts the pull over (decision 073) */
  tables?: string
}

export class OfflineDb extends Dexie {
  sales!: EntityTable<LocalSale, 'id'>
  timeReports!: EntityTable<LocalTimeReport, 'id'>
  checkouts!: EntityTable<LocalCheckout, 'id'>
  sickNotices!: EntityTable<LocalSickNotice, 'id'>
  providers!: EntityTable<LocalProvider, 'id'>
  products!: EntityTable<LocalProduct, 'id'>
  budgets!: EntityTable<LocalBudget, 'id'>
  attestations!: EntityTable<LocalAttestation, 'id'>
  extraIncomes!: EntityTable<LocalExtraIncome, 'id'>
  runs!: EntityTable<LocalRun, 'id'>
  visits!: EntityTable<LocalVisit, 'id'>
  promises!: EntityTable<LocalPromise, 'id'>
  contactBlocks!: EntityTable<SyncTables['contactBlocks'], 'id'>
  guides!: EntityTable<StoredGuides, 'key'>
  guideAcks!: EntityTable<LocalGuideAck, 'id'>
  outbox!: EntityTable<OutboxRow, 'seq'>
  files!: EntityTable<StoredFile, 'id'>
  meta!: EntityTable<SyncMeta, 'key'>

  constructor(name: string) {
    super(name)
    this.version(1).stores({
      sales: 'id, sellDate, soldAt, status, sync',
      timeReports: 'id, &date, sync',
      checkouts: 'id, &date, sync',
      sickNotices: 'id, date, sync',
      providers: 'id, name',
      products: 'id, providerId',
      budgets: 'id, &month',
      outbox: 'seq, state, recordId',
      files: 'id',
      meta: 'key',
    })
    // Issue 15: the attested months (the form locks them) and extra income (the salary calculator).
    this.version(2).stores({ attestations: 'id, &month', extraIncomes: 'id, month' })
    // Issue 43: the guides to read offline, and the acknowledgements made on the device.
    this.version(3).stores({ guides: 'key', guideAcks: 'id' })
    // Issue 46: the field runs the seller is on, and the door visits.
    this.version(4).stores({ runs: 'id, date', visits: 'id, visitedAt, comeBackAt, sync' })
    // Issue 73: each outbox row names the file it carries; a row queued before names it among its args.
    this.version(5).upgrade(async (tx) => {
      const fileIds = new Set((await tx.table('files').toCollection().primaryKeys()) as string[])
      if (fileIds.size === 0) return
      await tx
        .table<OutboxRow, number>('outbox')
        .toCollection()
        .modify((row) => {
          const args = (row.args ?? {}) as Record<string, unknown>
          const fileId = Object.values(args).find((v): v is string => typeof v === 'string' && fileIds.has(v))
          if (fileId) row.fileId = fileId
        })
    })
    // Issue 75: what the seller promised — come-backs, call-backs, appointments (decision 097).
    // and the do-not-contact register's fingerprints (decision 099).
    this.version(6).stores({ promises: 'id, dueAt, state, sync', contactBlocks: 'id' })
  }
}

/** The user's device store's name in IndexedDB (one store per person on a device). */
const storeName = (userId: string) => `saljkraft-${userId}`

let current: { userId: string; db: OfflineDb } | null = null

/** The signed-in user's store, opened on first use. */
export function offlineDb(userId: string): OfflineDb {
  if (current?.userId !== userId) {
    current?.db.close()
    current = { userId, db: new OfflineDb(storeName(userId)) }
  }
  return current.db
}

/** Whether this device keeps a store for the user (without creating one). */
export async function hasOfflineDb(userId: string): Promise<boolean> {
  return current?.userId === userId || Dexie.exists(storeName(userId))
}

/** Closes the open device store (before a lost device deletes it, decision 072). */
export function closeOfflineDb() {
  current?.db.close()
  current = null
}

/**
 * Runs `fn`, and once more after reopening the database when the browser closed the connection under us
 * (Safari does that to a page in the background): a closed connection is reopened, never fatal.
 */
export async function withDb<T>(db: OfflineDb, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (err) {
    const name = (err as { name?: string }).name
    if (name !== 'DatabaseClosedError' && name !== 'InvalidStateError') throw err
    if (!db.isOpen()) await db.open()
    return fn()
  }
}

export async function syncMeta(db: OfflineDb): Promise<SyncMeta> {
  return withDb(db, () =>
    db.transaction('rw', db.meta, async () => {
      const found = await db.meta.get('state')
      if (found) return found
      const fresh: SyncMeta = { key: 'state', clientId: crypto.randomUUID(), seq: 0, cookie: null, lastMutationId: 0, lastSyncedAt: null }
      await db.meta.put(fresh)
      return fresh
    }),
  )
}

/** The next pull starts over (its cookie forgotten), noting the opt-in tables the store now has. */
export async function restartPull(db: OfflineDb, tables: string): Promise<void> {
  await withDb(db, () => db.meta.update('state', { cookie: null, tables }))
}

export type LocalWrite =
  | { table: 'sales'; record: LocalSale }
  | { table: 'timeReports'; record: LocalTimeReport }
  | { table: 'checkouts'; record: LocalCheckout }
  | { table: 'sickNotices'; record: LocalSickNotice }
  | { table: 'guideAcks'; record: LocalGuideAck }
  | { table: 'visits'; record: LocalVisit }
  | { table: 'promises'; record: LocalPromise }

/**
 * A local change and its mutation, in one IndexedDB transaction: the record (marked pending), the outbox
 * row with the next seq of this device, and the file that travels with it.
 */
export async function enqueue(db: OfflineDb, name: MutationName, args: unknown, write: LocalWrite, file?: StoredFile, replacesSeq?: number): Promise<number> {
  return withDb(db, () =>
    db.transaction('rw', [db.meta, db.outbox, db.files, db[write.table]], async () => {
      const meta = await syncMeta(db)
      const seq = meta.seq + 1
      await db.meta.put({ ...meta, seq })
      if (replacesSeq !== undefined) await db.outbox.delete(replacesSeq)
      await (db[write.table] as Table).put(write.record)
      if (file) await db.files.put(file)
      await db.outbox.add({
        seq,
        name,
        args,
        createdAt: Date.now(),
        table: write.table,
        recordId: write.record.id,
        state: 'pending',
        ...(file ? { fileId: file.id } : {}),
      })
      return seq
    }),
  )
}

/** Throws away a refused change: its outbox row, its record (when the server never had it) and its file. */
export async function discardRejected(db: OfflineDb, seq: number): Promise<void> {
  await withDb(db, () =>
    db.transaction(
      'rw',
      [db.meta, db.outbox, db.files, db.sales, db.timeReports, db.checkouts, db.sickNotices, db.guideAcks, db.visits, db.promises],
      async () => {
        const row = await db.outbox.get(seq)
        if (!row) return
        await db.outbox.delete(seq)
        // The server may hold an older version of the record (a refused update): the next pull sends everything again.
        const meta = await syncMeta(db)
        await db.meta.put({ ...meta, cookie: null })
        const others = await db.outbox.where('recordId').equals(row.recordId).count()
        const table = db[row.table] as Table<{ sync: SyncState; checklistFileId?: string | null }, string>
        const record = await table.get(row.recordId)
        if (record && record.sync === 'rejected' && others === 0) {
          await table.delete(row.recordId)
          if (record.checklistFileId) await db.files.delete(record.checklistFileId)
        }
      },
    ),
  )
}

const TABLES: Record<SyncTable, (db: OfflineDb) => Table> = {
  sales: (db) => db.sales,
  timeReports: (db) => db.timeReports,
  checkouts: (db) => db.checkouts,
  sickNotices: (db) => db.sickNotices,
  providers: (db) => db.providers,
  products: (db) => db.products,
  budgets: (db) => db.budgets,
  attestations: (db) => db.attestations,
  extraIncomes: (db) => db.extraIncomes,
  runs: (db) => db.runs,
  visits: (db) => db.visits,
  promises: (db) => db.promises,
  contactBlocks: (db) => db.contactBlocks,
}
const OWN_TABLES = new Set<SyncTable>(['sales', 'timeReports', 'checkouts', 'sickNotices', 'visits', 'promises'])

/**
 * Applies a pull in one transaction: rejections mark their outbox rows and records first, then the
 * server's rows are written (a record with a change still waiting keeps the local version: pending local
 * changes stay on top until acknowledged), then acknowledged outbox rows are dropped.
 */
export async function applyPull(db: OfflineDb, result: PullResult): Promise<void> {
  await withDb(db, () =>
    db.transaction(
      'rw',
      [
        db.meta,
        db.outbox,
        db.sales,
        db.timeReports,
        db.checkouts,
        db.sickNotices,
        db.providers,
        db.products,
        db.budgets,
        db.attestations,
        db.extraIncomes,
        db.guideAcks,
        db.runs,
        db.visits,
        db.promises,
        db.contactBlocks,
      ],
      async () => {
        for (const rejection of result.rejections) {
          const row = await db.outbox.get(rejection.seq)
          if (!row) continue
          await db.outbox.put({ ...row, state: 'rejected', rejection })
          await (db[row.table] as Table).update(row.recordId, { sync: 'rejected' })
        }
        const acknowledged = await db.outbox
          .where('seq')
          .belowOrEqual(result.lastMutationId)
          .filter((r) => r.state === 'pending')
          .toArray()
        await db.outbox.bulkDelete(acknowledged.map((r) => r.seq))
        // An appointment booked for a teammate never comes back to this device: taken, it is sent.
        for (const r of acknowledged)
          if (r.table === 'promises')
            await db.promises
              .where('id')
              .equals(r.recordId)
              .and((x) => x.closerName !== undefined)
              .modify({ sync: 'synced' })
        const waiting = new Set((await db.outbox.toArray()).map((r) => r.recordId))

        for (const op of result.patch as PatchOp[]) {
          // A table this app does not know (a newer server's) is skipped, never a failed pull.
          if (!Object.hasOwn(TABLES, op.table)) continue
          const table = TABLES[op.table](db)
          if (OWN_TABLES.has(op.table) && waiting.has(op.key)) continue
          if (op.op === 'del') await table.delete(op.key)
          else await table.put(OWN_TABLES.has(op.table) ? { ...op.value, sync: 'synced' } : op.value)
        }
        // One report per day: the server's report for a date replaces a local one with another id.
        for (const op of result.patch) {
          if (op.op !== 'put' || op.table !== 'timeReports') continue
          const sameDay = await db.timeReports.where('date').equals(op.value.date).toArray()
          for (const r of sameDay) if (r.id !== op.key && !waiting.has(r.id)) await db.timeReports.delete(r.id)
        }
        const meta = await syncMeta(db)
        await db.meta.put({ ...meta, cookie: result.cookie, lastMutationId: result.lastMutationId, lastSyncedAt: Date.now() })
      },
    ),
  )
}

export async function pendingMutations(db: OfflineDb, afterSeq: number, limit: number): Promise<OutboxRow[]> {
  return withDb(db, () =>
    db.outbox
      .where('seq')
      .above(afterSeq)
      .filter((r) => r.state === 'pending')
      .limit(limit)
      .toArray(),
  )
}

export async function markFileUploaded(db: OfflineDb, id: string): Promise<void> {
  await withDb(db, () => db.files.update(id, { uploaded: true }))
}

export async function fileFor(db: OfflineDb, id: string): Promise<StoredFile | undefined> {
  return withDb(db, () => db.files.get(id))
}

export async function outboxCounts(db: OfflineDb): Promise<{ pending: number; rejected: number }> {
  return withDb(db, async () => ({
    pending: await db.outbox.where('state').equals('pending').count(),
    rejected: await db.outbox.where('state').equals('rejected').count(),
  }))
}
