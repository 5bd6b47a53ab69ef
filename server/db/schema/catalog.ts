import { table } from './table'

/**
 * What is sold: providers, their products, and product categories with their commissions (docs/decisions/027).
 * Each table once for both databases (./table.ts; conventions in ./sqlite.ts). Nothing here is ever deleted: a sale
 * refers to its provider and products for good, so they are archived (`active` false) instead. `version` counts
 * edits: a change based on an older one is refused (409 version_conflict).
 */

export const [providers, providersPg] = table('providers', (k) => ({
  id: k.id(),
  name: k.text('name').notNull().unique(),
  type: k.text('type').notNull(),
  requireExternalOrderNumber: k.bool('require_external_order_number').notNull().default(false),
  copyAllProducts: k.bool('copy_all_products').notNull().default(false),
  active: k.bool('active').notNull().default(true),
  version: k.integer('version').notNull().default(1),
  createdAt: k.createdAt(),
  updatedAt: k.updatedAt(),
}))

/**
 * A product category (alarm, fibre, electricity contract, …) and its commissions: what a product of the category
 * pays the seller and the company per piece unless the product says otherwise. Applying them sets every active
 * product of the category to them (each product's change logged); sales keep the amounts they were made with.
 */
export const [productCategories, productCategoriesPg] = table('product_categories', (k) => ({
  id: k.id(),
  name: k.text('name').notNull().unique(),
  sellerCommissionOre: k.integer('seller_commission_ore'),
  companyCommissionOre: k.integer('company_commission_ore'),
  active: k.bool('active').notNull().default(true),
  version: k.integer('version').notNull().default(1),
  createdAt: k.createdAt(),
  updatedAt: k.updatedAt(),
}))

export const [products, productsPg] = table(
  'products',
  (k) => ({
    id: k.id(),
    providerId: k.ref('provider_id', () => providers).notNull(),
    name: k.text('name').notNull(),
    categoryId: k.ref('category_id', () => productCategories),
    /** order value of one piece, in öre */
    priceOre: k.integer('price_ore').notNull(),
    sellerCommissionOre: k.integer('seller_commission_ore').notNull(),
    companyCommissionOre: k.integer('company_commission_ore').notNull(),
    companyCostOre: k.integer('company_cost_ore').notNull(),
    /** what one piece counts in the sales game (XP and coins) */
    gamePoints: k.integer('game_points').notNull().default(0),
    active: k.bool('active').notNull().default(true),
    version: k.integer('version').notNull().default(1),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.uniqueIndex('products_provider_name').on(t.providerId, t.name), k.index('products_category').on(t.categoryId)],
)
