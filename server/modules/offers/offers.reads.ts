import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppAbility } from '../../../shared/permissions/ability'
import { offerStats } from '../../../shared/rules/offers'
import type { OfferListItem, OfferProviderStats, offersQuerySchema, offerStatsQuerySchema } from '../../../shared/schemas/offers'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import { accessFilter, containsPattern, withAccess } from '../../db/conditions'
import { cappedCount } from '../../db/list-page'
import type { OffersContext } from './offers.context'

const DAY_MS = 86_400_000

/** The list of offers and the per-provider figures, within the reader's `view sale_offers`. */
export function offersReads(ctx: OffersContext) {
  const { db, o, ports } = ctx
  const scope = (ability: AppAbility) =>
    accessFilter(ability, 'view', 'sale_offers', { sellerId: o.sellerId, teamId: o.teamId, officeId: o.officeId }, { inline: true })

  return {
    async list(ability: AppAbility, q: z.output<typeof offersQuerySchema>): Promise<ListAnswer<OfferListItem>> {
      const pattern = q.q ? containsPattern(q.q) : null
      const filter = withAccess(
        scope(ability),
        q.state ? eq(o.state, q.state) : undefined,
        q.providerId ? eq(o.providerId, q.providerId) : undefined,
        pattern ? sql`lower(coalesce(${o.searchText}, '')) like ${pattern} escape '\\'` : undefined,
      )
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: o.id,
            saleId: o.saleId,
            state: o.state,
            providerId: o.providerId,
            sellerId: o.sellerId,
            document: o.document,
            sentAt: o.sentAt,
            answeredAt: o.answeredAt,
            expiresAt: o.expiresAt,
          })
          .from(o)
          .where(filter)
          .orderBy(q.orderBy === 'asc' ? asc(o.sentAt) : desc(o.sentAt), asc(o.id))
          .limit(q.itemsPerPage)
          .offset((q.page - 1) * q.itemsPerPage),
        cappedCount(db, o, filter),
      ])
      const [providers, sellers] = await Promise.all([
        ports.providerNames(db, [...new Set(rows.map((r) => r.providerId))]),
        ports.names(db, [...new Set(rows.map((r) => r.sellerId))]),
      ])
      return {
        items: rows.map((r) => ({
          id: r.id,
          saleId: r.saleId,
          state: r.state,
          providerName: providers.get(r.providerId) ?? '',
          sellerName: sellers.get(r.sellerId) ?? '',
          customerName: r.document.customer.companyName ?? r.document.customer.name,
          sentAt: r.sentAt,
          answeredAt: r.answeredAt,
          expiresAt: r.expiresAt,
        })),
        total: counted?.n ?? 0,
        page: q.page,
        itemsPerPage: q.itemsPerPage,
      }
    },

    /**
     * Per provider, the offers sent in the period (days, the organisation's calendar read as UTC days; at most a
     * year): how many, how they were answered, the acceptance rate and the median time to accept.
     */
    async stats(ability: AppAbility, q: z.output<typeof offerStatsQuerySchema>): Promise<Array<OfferProviderStats & { providerName: string }>> {
      const from = Date.parse(`${q.from}T00:00:00Z`)
      const to = Date.parse(`${q.to}T00:00:00Z`) + DAY_MS
      const rows = await db
        .select({ providerId: o.providerId, state: o.state, sentAt: o.sentAt, answeredAt: o.answeredAt })
        .from(o)
        .where(withAccess(scope(ability), and(gte(o.sentAt, from), lt(o.sentAt, to))))
      const stats = offerStats(rows)
      const names = await ports.providerNames(
        db,
        stats.map((s) => s.providerId),
      )
      return stats.map((s) => ({ ...s, providerName: names.get(s.providerId) ?? '' }))
    },
  }
}
