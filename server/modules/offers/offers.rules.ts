import { and, asc, eq, ne } from 'drizzle-orm'
import type { Translate } from '../../../shared/schemas/errors'
import type { OfferRule, OfferRuleInput } from '../../../shared/schemas/offers'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { OfferRuleRow, OffersContext } from './offers.context'

/** What a rule's form sets: the same fields on a new rule and a changed one (no eID unless one is asked for). */
const ruleFields = (input: OfferRuleInput) => ({
  providerId: input.providerId,
  country: input.country,
  terms: input.terms,
  bindingMonths: input.bindingMonths,
  reminderAfterHours: input.reminderAfterHours,
  expiresAfterDays: input.expiresAfterDays,
  eid: input.eid ?? ('off' as const),
  active: input.active,
})

/**
 * Where the law asks for a written offer (docs/decisions/094): the organisation marks it per provider and country —
 * a provider sold by phone in Sweden, say, but not one whose product the rule does not cover (Finland's exempts
 * electronic communications services). Each rule carries the provider's terms per language, the binding period,
 * when to remind and when the offer expires. Written with `update sale_offers`; versioned (a stale edit is 409).
 */
export function offerRulesAdmin(ctx: OffersContext) {
  const { database, db, r, ports } = ctx

  const answer = (row: OfferRuleRow, names: Map<string, string>): OfferRule => ({
    id: row.id,
    providerId: row.providerId,
    providerName: names.get(row.providerId) ?? '',
    country: row.country,
    terms: { sv: row.terms.sv ?? '', en: row.terms.en ?? '', fi: row.terms.fi ?? '' },
    bindingMonths: row.bindingMonths,
    reminderAfterHours: row.reminderAfterHours,
    expiresAfterDays: row.expiresAfterDays,
    eid: row.eid,
    active: row.active,
    version: row.version,
    updatedAt: row.updatedAt,
  })

  async function checked(tx: Parameters<typeof ports.providerNames>[0], input: OfferRuleInput, translate: Translate, exceptId: string | null) {
    const names = await ports.providerNames(tx, [input.providerId])
    if (!names.has(input.providerId)) throw validationError({ providerId: [translate('validation.offers.provider')] })
    const [twin] = await tx
      .select({ id: r.id })
      .from(r)
      .where(and(eq(r.providerId, input.providerId), eq(r.country, input.country), exceptId ? ne(r.id, exceptId) : undefined))
    if (twin) throw validationError({ country: [translate('validation.offers.ruleExists')] })
    // Acceptance through an eID needs the organisation's broker set up and switched on.
    const eid = input.eid ?? 'off'
    if (eid !== 'off' && !(await ctx.eidBrokerOn(tx))) throw validationError({ eid: [translate('validation.offers.eidBroker')] })
    return names
  }

  return {
    async list(): Promise<OfferRule[]> {
      const rows = await db.select().from(r).orderBy(asc(r.country), asc(r.providerId))
      const names = await ports.providerNames(db, [...new Set(rows.map((x) => x.providerId))])
      return rows.map((x) => answer(x, names)).sort((a, b) => a.country.localeCompare(b.country) || a.providerName.localeCompare(b.providerName, 'sv'))
    },

    async create(actorId: string, input: OfferRuleInput, c: { now: number; translate: Translate }): Promise<OfferRule> {
      return database.transaction(async (tx) => {
        const names = await checked(tx, input, c.translate, null)
        const row: OfferRuleRow = {
          id: crypto.randomUUID(),
          ...ruleFields(input),
          version: 1,
          createdAt: c.now,
          updatedAt: c.now,
        }
        await tx.insert(r).values(row)
        await logActivity(tx, ctx.t, { at: c.now, actorId, entity: 'offer_rule', entityId: row.id, action: 'created', after: { ...input } })
        if (row.active)
          await ctx.events.record(tx, 'offerRule.saved', { ruleId: row.id, providerId: row.providerId, country: row.country }, { actorId, at: c.now })
        return answer(row, names)
      })
    },

    async update(actorId: string, id: string, input: OfferRuleInput, c: { now: number; translate: Translate }): Promise<OfferRule> {
      return database.transaction(async (tx) => {
        const [before] = await tx.select().from(r).where(eq(r.id, id))
        if (!before) throw notFound()
        if (input.version !== undefined && input.version !== before.version)
          throw new ApiError(409, 'version_conflict', { details: { current: answer(before, new Map()) } })
        const names = await checked(tx, input, c.translate, id)
        const next = ruleFields(input)
        const moved = await tx
          .update(r)
          .set({ ...next, version: before.version + 1, updatedAt: c.now })
          .where(and(eq(r.id, id), eq(r.version, before.version)))
          .returning({ id: r.id })
        if (moved.length === 0) throw new ApiError(409, 'version_conflict', { details: {} })
        const diff = changedFields(
          { ...before, terms: JSON.stringify(before.terms) } as Record<string, unknown>,
          { ...next, terms: JSON.stringify(next.terms) } as Record<string, unknown>,
        )
        await logActivity(tx, ctx.t, { at: c.now, actorId, entity: 'offer_rule', entityId: id, action: 'updated', ...diff })
        if (next.active)
          await ctx.events.record(tx, 'offerRule.saved', { ruleId: id, providerId: next.providerId, country: next.country }, { actorId, at: c.now })
        const [after] = await tx.select().from(r).where(eq(r.id, id))
        return answer(after!, names)
      })
    },
  }
}
