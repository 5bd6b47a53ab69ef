import { and, asc, count, eq, gt, inArray, lte, max, sql, type AnyColumn } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { visibleFields } from '../../../shared/permissions/fields'
import { fieldError, type Translate } from '../../../shared/schemas/errors'
import type { SaleRecord, SaleStatus } from '../../../shared/schemas/sales'
import { PULL_PAGE_ROWS, type Mutation, type PatchOp, type PullResult, type PushResult, type Rejection as RejectionRecord } from '../../../shared/schemas/sync'
import type { Database, Db } from '../../db/client'
import { userOfficeId } from '../../db/expressions'
import { ApiError } from '../../lib/errors'
import { Rejection, mutatorFor } from './mutators'

export type SyncUser = { id: string; ability: AppAbility }

/** Test seam: runs inside each mutation's transaction before it is applied (a thrown error is transient). */
export type SyncHooks = { beforeApply?: (m: Mutation) => void | Promise<void> }

type Cookie = { v: number; r: string; l: number }

function readCookie(raw: string | null): Cookie {
  if (!raw) return { v: 0, r: '', l: 0 }
  try {
    const c = JSON.parse(raw) as Partial<Cookie>
    if (typeof c.v === 'number' && typeof c.r === 'string' && typeof c.l === 'number') return { v: c.v, r: c.r, l: c.l }
  } catch {
    // an unreadable cookie means "send everything"
  }
  return { v: 0, r: '', l: 0 }
}

/**
 * The server side of the sync queue (docs/decisions/008): push applies a device's mutations exactly once,
 * in order, each in its own transaction together with the client's lastMutationId; pull answers what
 * changed for the user since their cookie, read in one transaction.
 */
export function syncService(database: Database, hooks: SyncHooks = {}) {
  const { t } = database

  async function loadClient(tx: Db, clientId: string, userId: string, create: boolean) {
    const [client] = await tx.select().from(t.syncClients).where(eq(t.syncClients.id, clientId))
    if (client && client.userId !== userId) throw new ApiError(403, 'forbidden')
    if (client || !create) return client ?? null
    const now = Date.now()
    const fresh = { id: clientId, userId, lastMutationId: 0, createdAt: now, updatedAt: now }
    await tx.insert(t.syncClients).values(fresh)
    return fresh
  }

  async function sellerPlacement(userId: string) {
    const [row] = await database.db
      .select({ teamId: t.users.teamId, officeId: userOfficeId(t) })
      .from(t.users)
      .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
      .where(eq(t.users.id, userId))
    return { teamId: row?.teamId ?? null, officeId: row?.officeId ?? null }
  }

  return {
    async push(user: SyncUser, clientId: string, mutations: Mutation[], translate: Translate): Promise<PushResult> {
      const placement = await sellerPlacement(user.id)
      const result: PushResult = { lastMutationId: 0, applied: 0, skipped: 0, rejected: 0 }
      // The same seq twice in one batch: a resend of the same change is applied once; two different changes
      // under one seq would lose one of them silently, so the batch is refused as a conflict (decision 016).
      const bySeq = new Map<number, Mutation>()
      for (const m of mutations) {
        const seen = bySeq.get(m.seq)
        if (!seen) bySeq.set(m.seq, m)
        else if (JSON.stringify([seen.name, seen.args, seen.createdAt]) !== JSON.stringify([m.name, m.args, m.createdAt])) {
          throw new ApiError(409, 'conflict', { fieldErrors: fieldError('mutations', translate('sync.duplicateSeq', { seq: m.seq })) })
        }
      }
      const sorted = [...bySeq.values()].sort((a, b) => a.seq - b.seq)
      if (sorted.length === 0) {
        const client = await database.transaction((tx) => loadClient(tx, clientId, user.id, false))
        result.lastMutationId = client?.lastMutationId ?? 0
        return result
      }
      for (const m of sorted) {
        const outcome = await database.transaction(async (tx) => {
          const client = (await loadClient(tx, clientId, user.id, true))!
          const last = client.lastMutationId
          if (m.seq <= last) return { kind: 'skipped' as const, last }
          if (m.seq > last + 1) return { kind: 'gap' as const, last }
          await hooks.beforeApply?.(m)
          const now = Date.now()
          let version: number | null = null
          const ctx = {
            tx,
            t,
            user: { id: user.id, ...placement },
            ability: user.ability,
            now,
            translate,
            version: async () => {
              if (version === null) {
                const [row] = await tx
                  .update(t.syncVersion)
                  .set({ version: sql`${t.syncVersion.version} + 1` })
                  .where(eq(t.syncVersion.id, 'global'))
                  .returning({ version: t.syncVersion.version })
                version = row!.version
              }
              return version
            },
          }
          let rejected = false
          const mutator = mutatorFor(m.name)
          try {
            if (!mutator) throw new Rejection('unknown_mutation', {}, { name: m.name.toWellFormed().slice(0, 64) })
            // A savepoint: a rejection undoes whatever the mutator wrote before it refused.
            await tx.transaction(async (sp) => mutator({ ...ctx, tx: sp }, m.args))
          } catch (err) {
            if (!(err instanceof Rejection)) throw err
            rejected = true
            await tx.insert(t.syncRejections).values({
              clientId,
              seq: m.seq,
              name: m.name.toWellFormed().slice(0, 64),
              code: err.code,
              message: translate(`sync.rejections.${err.code}`, err.params),
              fieldErrors: err.fieldErrors,
              at: now,
            })
          }
          await tx.update(t.syncClients).set({ lastMutationId: m.seq, updatedAt: now }).where(eq(t.syncClients.id, clientId))
          return { kind: rejected ? ('rejected' as const) : ('applied' as const), last: m.seq }
        })
        result.lastMutationId = outcome.last
        if (outcome.kind === 'gap') {
          throw new ApiError(409, 'conflict', { params: {}, headers: { 'X-Last-Mutation-Id': String(outcome.last) } })
        }
        result[outcome.kind]++
      }
      return result
    },

    async pull(user: SyncUser, clientId: string, rawCookie: string | null): Promise<PullResult> {
      const cookie = readCookie(rawCookie)
      return database.transaction(async (tx) => {
        const client = await loadClient(tx, clientId, user.id, false)
        const lastMutationId = client?.lastMutationId ?? 0
        const [counter] = await tx.select({ version: t.syncVersion.version }).from(t.syncVersion).where(eq(t.syncVersion.id, 'global'))
        const version = counter?.version ?? 0
        const since = cookie.v > version ? 0 : cookie.v
        const patch: PatchOp[] = []

        // Paged (decision 016): the user's rows are sent oldest change first, about PULL_PAGE_ROWS at a time,
        // each page ending on a whole change-counter value (rows written by one transaction travel together).
        const owned = [
          { table: t.sales, owner: t.sales.sellerId },
          { table: t.timeReports, owner: t.timeReports.userId },
          { table: t.checkouts, owner: t.checkouts.userId },
          { table: t.sickNotices, owner: t.sickNotices.userId },
          { table: t.salesBudgets, owner: t.salesBudgets.userId },
        ] as const
        const pending = (
          await Promise.all(
            owned.map(({ table, owner }) =>
              tx
                .select({ v: table.version })
                .from(table)
                .where(and(eq(owner, user.id), gt(table.version, since)))
                .orderBy(asc(table.version))
                .limit(PULL_PAGE_ROWS + 1),
            ),
          )
        )
          .flat()
          .map((r) => r.v)
          .sort((a, b) => a - b)
        const more = pending.length > PULL_PAGE_ROWS
        const upTo = more ? pending[PULL_PAGE_ROWS - 1]! : version
        const changed = (column: AnyColumn) => and(gt(column, since), lte(column, upTo))

        const sales = await tx
          .select()
          .from(t.sales)
          .where(and(eq(t.sales.sellerId, user.id), changed(t.sales.version)))
          .orderBy(asc(t.sales.version))
        if (sales.length > 0) {
          const ids = sales.map((s) => s.id)
          const [lines, history, files] = await Promise.all([
            tx.select().from(t.saleLines).where(inArray(t.saleLines.saleId, ids)).orderBy(asc(t.saleLines.position)),
            tx.select().from(t.saleStatusHistory).where(inArray(t.saleStatusHistory.saleId, ids)).orderBy(asc(t.saleStatusHistory.at)),
            tx
              .select({ id: t.files.id, name: t.files.name, contentType: t.files.contentType, size: t.files.size })
              .from(t.files)
              .where(inArray(t.files.id, sales.map((s) => s.checklistFileId).filter((id): id is string => !!id))),
          ])
          for (const s of sales) {
            const value: SaleRecord = {
              id: s.id,
              sellerId: s.sellerId,
              providerId: s.providerId,
              products: lines.filter((l) => l.saleId === s.id).map((l) => ({ productId: l.productId, quantity: l.quantity })),
              customerType: s.customerType,
              customerSsn: s.customerSsn,
              customerName: s.customerName,
              email: s.email,
              phone: s.phone,
              companyName: s.companyName,
              orgNumber: s.orgNumber,
              postalCode: s.postalCode,
              city: s.city,
              address: s.address,
              message: s.message,
              externalOrderNumber: s.externalOrderNumber,
              checklistFileId: s.checklistFileId,
              soldAt: s.soldAt,
              sellDate: s.sellDate,
              status: s.status,
              deviationType: s.deviationType,
              deviationReason: s.deviationReason,
              orderValueOre: s.orderValueOre,
              sellerCommissionOre: s.sellerCommissionOre,
              companyCommissionOre: s.companyCommissionOre,
              companyCostOre: s.companyCostOre,
              statusHistory: history.filter((h) => h.saleId === s.id).map((h) => ({ status: h.status as SaleStatus, at: h.at, note: h.note })),
              checklistFile: files.find((f) => f.id === s.checklistFileId) ?? null,
              createdAt: s.createdAt,
              updatedAt: s.updatedAt,
            }
            patch.push({ op: 'put', table: 'sales', key: s.id, value })
          }
        }

        for (const r of await tx.select().from(t.timeReports).where(and(eq(t.timeReports.userId, user.id), changed(t.timeReports.version)))) {
          const { version: _v, teamId: _t, officeId: _o, ...value } = r
          patch.push({ op: 'put', table: 'timeReports', key: r.id, value })
        }
        for (const r of await tx.select().from(t.checkouts).where(and(eq(t.checkouts.userId, user.id), changed(t.checkouts.version)))) {
          const { version: _v, ...value } = r
          patch.push({ op: 'put', table: 'checkouts', key: r.id, value })
        }
        for (const r of await tx.select().from(t.sickNotices).where(and(eq(t.sickNotices.userId, user.id), changed(t.sickNotices.version)))) {
          const { version: _v, teamId: _t, officeId: _o, ...value } = r
          patch.push({ op: 'put', table: 'sickNotices', key: r.id, value })
        }
        for (const r of await tx.select().from(t.salesBudgets).where(and(eq(t.salesBudgets.userId, user.id), changed(t.salesBudgets.version)))) {
          patch.push({ op: 'put', table: 'budgets', key: r.id, value: { id: r.id, month: r.month, amountOre: r.amountOre } })
        }

        // Reference data: sent whole whenever any of it changed (it is small), inactive rows as deletions.
        const [[prov], [prod]] = await Promise.all([
          tx.select({ n: count(), at: max(t.providers.updatedAt) }).from(t.providers),
          tx.select({ n: count(), at: max(t.products.updatedAt) }).from(t.products),
        ])
        const refStamp = `${prov?.n ?? 0}-${prov?.at ?? 0}/${prod?.n ?? 0}-${prod?.at ?? 0}`
        if (refStamp !== cookie.r) {
          const providers = await tx.select().from(t.providers)
          const activeProviders = new Set(providers.filter((p) => p.active).map((p) => p.id))
          for (const p of providers) {
            if (p.active) {
              patch.push({
                op: 'put',
                table: 'providers',
                key: p.id,
                value: { id: p.id, name: p.name, type: p.type, requireExternalOrderNumber: p.requireExternalOrderNumber, active: p.active },
              })
            } else patch.push({ op: 'del', table: 'providers', key: p.id })
          }
          for (const p of await tx.select().from(t.products)) {
            if (p.active && activeProviders.has(p.providerId)) {
              const { createdAt: _c, updatedAt: _u, ...value } = p
              patch.push({ op: 'put', table: 'products', key: p.id, value })
            } else patch.push({ op: 'del', table: 'products', key: p.id })
          }
        }

        const rejections: RejectionRecord[] =
          lastMutationId > cookie.l
            ? (
                await tx
                  .select()
                  .from(t.syncRejections)
                  .where(and(eq(t.syncRejections.clientId, clientId), gt(t.syncRejections.seq, cookie.l), lte(t.syncRejections.seq, lastMutationId)))
                  .orderBy(asc(t.syncRejections.seq))
              ).map((r) => ({ seq: r.seq, name: r.name, code: r.code, message: r.message, fieldErrors: r.fieldErrors, at: r.at }))
            : []

        // Each role receives the fields it may see (the company's figures only for catalogue and finance staff).
        const visible = patch.map((op) => (op.op === 'put' ? ({ ...op, value: visibleFields(op.table, op.value, user.ability) } as PatchOp) : op))
        return { cookie: JSON.stringify({ v: upTo, r: refStamp, l: lastMutationId }), lastMutationId, patch: visible, rejections, more }
      })
    },
  }
}
