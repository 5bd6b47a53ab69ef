import { subject } from '@casl/ability'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { Db } from '../../db/client'
import type { AssistantActor, AssistantPorts } from './assistant.service'

type Named = { id: string; name: string }

/** Where the assistant's names come from: the areas that own people, places and the catalog. */
export type AssistantNameSources = {
  /** the people the reader's `view users` rules reach */
  visibleNames(db: Db, ability: AppAbility): Promise<Named[]>
  places(db: Db): Promise<{ offices: Named[]; teams: Array<Named & { officeId: string }> }>
  regionList(db: Db): Promise<Named[]>
  regionsOfOffices(db: Db): Promise<Map<string, string>>
  providerList(db: Db): Promise<Named[]>
  productList(db: Db): Promise<Named[]>
  personNames(db: Db, ids: string[]): Promise<Map<string, string>>
  placeNames(db: Db, ids: { teamIds?: string[]; officeIds?: string[]; regionIds?: string[] }): Promise<Map<string, string>>
  providerNames(db: Db, ids: string[]): Promise<Map<string, string>>
  productNames(db: Db, ids: string[]): Promise<Map<string, string>>
}

/**
 * The names the BI assistant recognises in a question and names in an answer (docs/decisions/053): the people the
 * reader's rules reach, their own teams, office and region and the places their rules let them see, and the whole
 * catalog.
 */
export function assistantNames(from: AssistantNameSources): Pick<AssistantPorts, 'vocabulary' | 'names' | 'regionsOfOffices'> {
  return {
    async vocabulary(db: Db, actor: AssistantActor) {
      const [people, places, regions, regionOf, providers, products] = await Promise.all([
        from.visibleNames(db, actor.ability),
        from.places(db),
        from.regionList(db),
        from.regionsOfOffices(db),
        from.providerList(db),
        from.productList(db),
      ])
      const sees = (kind: 'teams' | 'offices' | 'regions', fields: Record<string, unknown>) => actor.ability.can('view', subject(kind, fields))
      const officeRegion = (officeId: string) => regionOf.get(officeId) ?? null
      const myRegion = actor.officeId ? officeRegion(actor.officeId) : null
      return [
        ...people.map((p) => ({ kind: 'seller' as const, id: p.id, name: p.name })),
        ...places.teams
          .filter((tm) => actor.teamIds.includes(tm.id) || sees('teams', { id: tm.id, officeId: tm.officeId, regionId: officeRegion(tm.officeId) }))
          .map((tm) => ({ kind: 'team' as const, id: tm.id, name: tm.name })),
        ...places.offices
          .filter((o) => o.id === actor.officeId || sees('offices', { id: o.id, officeId: o.id, regionId: officeRegion(o.id) }))
          .map((o) => ({ kind: 'office' as const, id: o.id, name: o.name })),
        ...regions
          .filter((r) => r.id === myRegion || sees('regions', { id: r.id, regionId: r.id }))
          .map((r) => ({ kind: 'region' as const, id: r.id, name: r.name })),
        ...providers.map((p) => ({ kind: 'provider' as const, id: p.id, name: p.name })),
        ...products.map((p) => ({ kind: 'product' as const, id: p.id, name: p.name })),
      ]
    },
    async names(db, kind, ids) {
      switch (kind) {
        case 'seller':
          return from.personNames(db, ids)
        case 'team':
          return from.placeNames(db, { teamIds: ids })
        case 'office':
          return from.placeNames(db, { officeIds: ids })
        case 'region':
          return from.placeNames(db, { regionIds: ids })
        case 'provider':
          return from.providerNames(db, ids)
        case 'product':
          return from.productNames(db, ids)
      }
    },
    regionsOfOffices: from.regionsOfOffices,
  }
}
