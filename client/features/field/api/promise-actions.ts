import { promiseProblems } from '../../../../shared/rules/field'
import type { Translate } from '../../../../shared/schemas/errors'
import { closePromiseSchema, promiseMutationSchema, type PromiseEnd, type PromiseInput } from '../../../../shared/schemas/field'
import { LocalValidationError, parseLocally } from '../../../lib/device-actions'
import { enqueue, withDb, type LocalPromise, type OfflineDb } from '../../../lib/offline-db'

/**
 * Promises on the seller's device (decision 097), offline like a sale: a call-back or an appointment made, checked as
 * the server will, then queued; a promise's end (kept, the customer not there, cancelled).
 */
export async function recordPromiseLocally(db: OfflineDb, input: PromiseInput, t: Translate, closerName?: string): Promise<void> {
  const promise = parseLocally(promiseMutationSchema, input, t)
  const problems = promiseProblems(promise, Date.now())
  if (Object.keys(problems).length > 0) throw new LocalValidationError(Object.fromEntries(Object.entries(problems).map(([f, key]) => [f, [t(key)]])))
  const record: LocalPromise = {
    id: promise.id,
    kind: promise.kind,
    customerName: promise.customerName,
    phone: promise.phone,
    address: promise.address,
    note: promise.note,
    dueAt: promise.dueAt,
    state: 'open',
    closedAt: null,
    bookedBy: null,
    taken: false,
    sync: 'pending',
    ...(promise.closerId && closerName ? { closerName } : {}),
  }
  await enqueue(db, 'recordPromise', promise, { table: 'promises', record })
}

/**
 * A promise's end, on the device. A door's come-back still waiting to reach the server can be closed too: the outbox
 * keeps order, so the server makes the promise from the visit before it takes the end.
 */
export async function closePromiseLocally(db: OfflineDb, promise: LocalPromise, end: PromiseEnd, t: Translate): Promise<void> {
  const input = parseLocally(closePromiseSchema, { id: promise.id, end, at: Date.now() }, t)
  const current = (await withDb(db, () => db.promises.get(promise.id))) ?? promise
  await enqueue(db, 'closePromise', input, { table: 'promises', record: { ...current, state: end, closedAt: input.at, sync: 'pending' } })
}
