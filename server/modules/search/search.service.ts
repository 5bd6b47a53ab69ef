import type { AppAbility } from '../../../shared/permissions/ability'
import { SEARCH_HITS_PER_KIND, type SearchAnswer, type SearchHit, type SearchKind } from '../../../shared/schemas/search'
import type { Translate } from '../../../shared/schemas/errors'

/** One kind's search, answered by the area that owns it (wired in server/composition/api.ts): up to `limit` hits, and whether more. */
export type KindSearch = (ability: AppAbility, q: string, limit: number, translate: Translate) => Promise<{ hits: SearchHit[]; more: boolean }>

/** What each kind needs the reader to hold (the list screen's own permission). */
const NEEDS: Record<SearchKind, [string, string]> = {
  customer: ['view', 'customers'],
  saleReport: ['view', 'sale_reports'],
  order: ['view', 'order_registrations'],
  person: ['view', 'users'],
}

/**
 * The global search (docs/decisions/061): asks each area the reader may read, at once, and puts their hits
 * together in a fixed order of kinds. It reads no table itself; each area searches as its own list does, within the
 * reader's rules, identity numbers masked.
 */
export function searchService(ports: Record<SearchKind, KindSearch>) {
  return {
    async search(ability: AppAbility, q: string, translate: Translate): Promise<SearchAnswer> {
      const kinds = (Object.keys(NEEDS) as SearchKind[]).filter((k) => ability.can(NEEDS[k][0] as never, NEEDS[k][1] as never))
      const answers = await Promise.all(kinds.map((k) => ports[k](ability, q, SEARCH_HITS_PER_KIND, translate)))
      return {
        hits: answers.flatMap((a) => a.hits),
        kinds,
        more: kinds.filter((_, i) => answers[i]!.more),
      }
    },
  }
}
export type SearchService = ReturnType<typeof searchService>
