import type {} from '../../../shared/permissions/ability'
import type {} from '../../../shared/schemas/catalog'
import type {} from '../../../shared/schemas/errors'
import type {} from '../../../shared/schemas/pagination'
import type {} from '../../db/client'
import type { Deps } from '../../platform/deps'

import { catalogAdminContext } from './catalog.admin-context'
import { providerAdmin } from './catalog.providers'
import { productAdmin } from './catalog.products'
import { categoryAdmin } from './catalog.categories'

/**
 * Keeping the catalog (docs/decisions/027): providers, products and product categories are created, edited and
 * archived here and nowhere else. Every change is one transaction with its activity-log line and a
 * `catalog.changed` event; an edit based on an older version than the row's is a 409 with the current row; a
 * name taken is a field error; nothing a sale refers to is ever deleted. Devices receive the change with their
 * next pull (the catalog's reference stamp moves with `updated_at`).
 */
export function catalogAdmin(deps: Pick<Deps, 'database' | 'events'>) {
  const ctx = catalogAdminContext(deps)
  return { providers: providerAdmin(ctx), products: productAdmin(ctx), categories: categoryAdmin(ctx) }
}
export type CatalogAdmin = ReturnType<typeof catalogAdmin>
