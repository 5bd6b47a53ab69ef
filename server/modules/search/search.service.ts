import type { Action, Subject } from '../../../shared/permissions/catalogue'
import type { AppAbility } from '../../../shared/permissions/ability'
import { SEARCH_HITS_PER_KIND, type SearchAnswer, type SearchHit, type SearchKind } from '../../../shared/schemas/search'
import type { Translate } from '../../../shared/schemas/errors'
import type { LanguageCode } from '../../../shared/i18n/languages'
import { rankByMatch } from '../../../shared/rules/search'

/** Who searches: their rules, their id and language (a guide is read in the reader's language). */
export type Searcher = { ability: AppAbility; id: string; language: LanguageCode }

/** One kind's search, answered by the area that owns it (wired in server/composition/api.ts): up to `limit` hits, and whether more. */
export type KindSearch = (
  ability: AppAbility,
  q: string,
  limit: number,
  translate: Translate,
  reader: Searcher,
) => Promise<{ hits: SearchHit[]; more: boolean }>

/** What each kind needs the reader to hold (the list screen's own permission). */
const NEEDS: Record<SearchKind, [Action, Subject]> = {
  customer: ['view', 'customers'],
  saleReport: ['view', 'sale_reports'],
  sale: ['view', 'sales'],
  order: ['view', 'order_registrations'],
  person: ['view', 'users'],
  provider: ['view', 'providers'],
  area: ['view', 'sales_planner'],
  guide: ['view', 'embeds'],
}

/**
 * The global search (docs/decisions/061): asks each area the reader may read, at once, and puts their hits
 * together, the kinds and hits in the order they match (an exact name first), ties in a fixed order of kinds. It reads no table itself; each area searches as its own list does, within the
 * reader's rules, identity numbers masked.
 */
export function searchService(ports: Record<SearchKind, KindSearch>) {
  return {
    async search(reader: Searcher, q: string, translate: Translate): Promise<SearchAnswer> {
      const { ability } = reader
      // A seller's own sales only where the reader does not read sale reports (which hold them already).
      const kinds = (Object.keys(NEEDS) as SearchKind[]).filter(
        (k) => ability.can(NEEDS[k][0], NEEDS[k][1]) && !(k === 'sale' && ability.can('view', 'sale_reports')),
      )
      const answers = await Promise.all(kinds.map((k) => ports[k](ability, q, SEARCH_HITS_PER_KIND, translate, reader)))
      // An exact person or record first, whatever its kind ("Sven" the person before five Svenssons).
      const ranked = rankByMatch(
        kinds,
        answers.flatMap((a) => a.hits),
        q,
      )
      return { hits: ranked.hits, kinds: ranked.kinds, more: kinds.filter((_, i) => answers[i]!.more) }
    },
  }
}
export type SearchService = ReturnType<typeof searchService>
