import { createHash } from 'node:crypto'
import { asc, count, desc, eq, max, or, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { maskPersonalNumber } from '../../../shared/rules/identity'
import { leadIdentityKey } from '../../../shared/rules/leads'
import { readPhone } from '../../../shared/rules/phone-numbers'
import type { ContactBlock, ContactBlockInput, contactBlockListQuerySchema } from '../../../shared/schemas/customers'
import type { Translate } from '../../../shared/schemas/errors'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import type { z } from 'zod'
import type { Db } from '../../db/client'
import { containsPattern } from '../../db/conditions'
import { cappedCount } from '../../db/list-page'
import { notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { ReferenceSource } from '../../lib/sync-contract'
import { BLOCK_HASH_CHARS } from '../../../shared/rules/contact-blocks'
import type { DomainEvent } from '../../platform/event-types'
import type { CustomersContext } from './customers.context'

type Row = CustomersContext['t']['contactBlocks']['$inferSelect']

/** A stored key as a person reads it: a personal number masked unless the reader may see it (decision 058). */
function identityText(key: string | null, seesNumbers: boolean): string | null {
  if (!key) return null
  const [kind, rest] = [key.slice(0, 1), key.slice(1)]
  if (kind === 'p') return seesNumbers ? `${rest.slice(0, 8)}-${rest.slice(8)}` : maskPersonalNumber(rest)
  return rest
}

/**
 * The do-not-contact register (issue 75, docs/decisions/096): a number or a person who asked not to be contacted,
 * recorded once (a second report of the same number or person answers the entry already there), removed only by back
 * office with the removal logged. Lead lists drop what it holds; a sale to it is logged as a warning on the sale.
 */
export function customersBlocks(ctx: CustomersContext) {
  const { database, db, t, ports, events } = ctx
  const b = t.contactBlocks

  const answer = (r: Row, ability: AppAbility, names: Map<string, string>): ContactBlock => ({
    id: r.id,
    phone: r.phone,
    identityNumber: identityText(r.identityKey, ability.can('view', 'identity_numbers')),
    name: r.name,
    source: r.source,
    note: r.note,
    createdByName: r.createdBy ? (names.get(r.createdBy) ?? null) : null,
    createdAt: r.createdAt,
  })

  /** The entries holding this number (E.164) or this person's key. */
  async function matching(tx: Db, phone: string | null, key: string | null): Promise<Row[]> {
    const conditions = [phone ? eq(b.phone, phone) : undefined, key ? eq(b.identityKey, key) : undefined].filter((c) => c !== undefined)
    if (conditions.length === 0) return []
    return tx
      .select()
      .from(b)
      .where(or(...conditions))
  }

  return {
    async list(ability: AppAbility, q: z.output<typeof contactBlockListQuerySchema>): Promise<ListAnswer<ContactBlock>> {
      const pattern = q.q ? containsPattern(q.q) : null
      const where = pattern
        ? or(sql`lower(coalesce(${b.phone}, '')) like ${pattern} escape '\\'`, sql`lower(coalesce(${b.name}, '')) like ${pattern} escape '\\'`)
        : undefined
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(b)
          .where(where)
          .orderBy(q.orderBy === 'asc' ? asc(b.createdAt) : desc(b.createdAt), asc(b.id))
          .limit(q.itemsPerPage)
          .offset((q.page - 1) * q.itemsPerPage),
        cappedCount(db, b, where),
      ])
      const names = await ports.names(db, [...new Set(rows.map((r) => r.createdBy).filter((x): x is string => x !== null))])
      return { items: rows.map((r) => answer(r, ability, names)), total: counted?.n ?? 0, page: q.page, itemsPerPage: q.itemsPerPage }
    },

    /** Records a number or person; the same one again answers the entry already there (`created` false). */
    async add(actor: { id: string; ability: AppAbility }, input: ContactBlockInput, c: { now: number; translate: Translate }) {
      const reading = input.phone ? readPhone(input.phone, input.country ?? 'SE') : null
      const key = input.identityNumber ? leadIdentityKey(input.identityNumber) : null
      const problems: Record<string, string[]> = {}
      if (input.phone && !reading?.ok) problems.phone = [c.translate('validation.contactBlocks.phone')]
      if (input.identityNumber && !key) problems.identityNumber = [c.translate('validation.contactBlocks.identity')]
      if (Object.keys(problems).length > 0) throw validationError(problems)
      const phone = reading?.ok ? reading.e164 : null
      return database.transaction(async (tx) => {
        const existing = await matching(tx, phone, key)
        const names = await ports.names(tx, [actor.id])
        if (existing.length > 0) return { block: answer(existing[0]!, actor.ability, names), created: false }
        const row: Row = {
          id: crypto.randomUUID(),
          phone,
          identityKey: key,
          name: input.name?.trim() || null,
          source: input.source,
          note: input.note?.trim() || null,
          createdBy: actor.id,
          createdAt: c.now,
        }
        await tx.insert(b).values(row)
        await logActivity(tx, t, {
          at: c.now,
          actorId: actor.id,
          entity: 'contact_block',
          entityId: row.id,
          action: 'created',
          after: { phone, identity: key ? identityText(key, false) : null, source: row.source },
        })
        // Every seller's phone holds the register's fingerprints (decision 099): each device is told to pull.
        await events.record(tx, 'contactBlock.changed', { blockId: row.id }, { actorId: actor.id, at: c.now })
        return { block: answer(row, actor.ability, names), created: true }
      })
    },

    async remove(actorId: string, id: string, reason: string, now: number) {
      await database.transaction(async (tx) => {
        const [row] = await tx.select().from(b).where(eq(b.id, id))
        if (!row) throw notFound()
        await tx.delete(b).where(eq(b.id, id))
        await logActivity(tx, t, {
          at: now,
          actorId,
          entity: 'contact_block',
          entityId: id,
          action: 'removed',
          before: { phone: row.phone, identity: identityText(row.identityKey, false), source: row.source },
          reason,
        })
        await events.record(tx, 'contactBlock.changed', { blockId: id }, { actorId, at: now })
      })
    },

    /**
     * The register on every seller's phone (decision 099): its numbers' fingerprints only, sent whole when an entry
     * comes or goes (12 hex digits an entry: a register of 100,000 numbers is about 1.5 MB, once a change).
     */
    pullSource: {
      async stamp(tx) {
        const [row] = await tx.select({ n: count(), at: max(b.createdAt) }).from(b)
        return `dnc-${row?.n ?? 0}-${row?.at ?? 0}`
      },
      async ops(tx) {
        const rows = await tx.select({ phone: b.phone }).from(b)
        const hashes = rows.flatMap((r) => (r.phone ? [createHash('sha256').update(`dnc:${r.phone}`).digest('hex').slice(0, BLOCK_HASH_CHARS)] : []))
        return [{ op: 'put', table: 'contactBlocks', key: 'register', value: { id: 'register', hashes } }]
      },
    } satisfies ReferenceSource,

    /** The whole register as the lead lists check it: its numbers (E.164) and its people's keys. */
    async everything(): Promise<{ phones: Set<string>; keys: Set<string> }> {
      const rows = await db.select({ phone: b.phone, key: b.identityKey }).from(b)
      return {
        phones: new Set(rows.flatMap((r) => (r.phone ? [r.phone] : []))),
        keys: new Set(rows.flatMap((r) => (r.key ? [r.key] : []))),
      }
    },

    /**
     * A sale arrived to a number or person in the register: the sale keeps a warning in its log (the seller may have
     * been asked in person; back office decides), naming the entry. Nothing else changes.
     */
    async fromSale(tx: Db, event: DomainEvent<'sale.created'>) {
      // An empty register (most organisations, most of the time) is read once for a batch of sales, not per sale.
      const any = await database.reuse('customers.blocks.any', () => tx.select({ id: b.id }).from(b).limit(1))
      if (any.length === 0) return
      const phoneText = event.payload.phone ?? event.payload.customer?.phone ?? null
      const reading = phoneText ? readPhone(phoneText, 'SE') : null
      const phone = reading?.ok ? reading.e164 : null
      const key = event.payload.customer?.key ?? null
      const hits = await matching(tx, phone, key)
      if (hits.length === 0) return
      await logActivity(tx, t, {
        at: event.occurredAt,
        actorId: null,
        entity: 'sale_report',
        entityId: event.payload.saleId,
        action: 'contact_blocked',
        after: { matched: hits.map((h) => (h.phone && h.phone === phone ? h.phone : identityText(h.identityKey, false))), since: hits[0]!.createdAt },
      })
    },
  }
}
export type CustomersBlocks = ReturnType<typeof customersBlocks>
