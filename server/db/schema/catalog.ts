import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import { pq, sq } from './columns'

/**
 * What is sold: providers, their products, and product categories with their commissions (docs/decisions/027).
 * Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts). Nothing here is ever deleted: a sale
 * refers to its provider and products for good, so they are archived (`active` false) instead. `version` counts
 * edits: a change based on an older one is refused (409 version_conflict).
 */

export const providers = s.sqliteTable('providers', {
  id: sq.id(),
  name: s.text('name').notNull().unique(),
  type: s.text('type').notNull(),
  requireExternalOrderNumber: s.integer('require_external_order_number', { mode: 'boolean' }).notNull().default(false),
  copyAllProducts: s.integer('copy_all_products', { mode: 'boolean' }).notNull().default(false),
  active: s.integer('active', { mode: 'boolean' }).notNull().default(true),
  version: s.integer('version').notNull().default(1),
  createdAt: sq.createdAt(),
  updatedAt: sq.updatedAt(),
})

export const providersPg = p.pgTable('providers', {
  id: pq.id(),
  name: p.text('name').notNull().unique(),
  type: p.text('type').notNull(),
  requireExternalOrderNumber: p.boolean('require_external_order_number').notNull().default(false),
  copyAllProducts: p.boolean('copy_all_products').notNull().default(false),
  active: p.boolean('active').notNull().default(true),
  version: p.integer('version').notNull().default(1),
  createdAt: pq.createdAt(),
  updatedAt: pq.updatedAt(),
})

/**
 * A product category (alarm, fibre, electricity contract, …) and its commissions: what a product of the category
 * pays the seller and the company per piece unless the product says otherwise. Applying them sets every active
 * product of the category to them (each product's change logged); sales keep the amounts they were made with.
 */
export const productCategories = s.sqliteTable('product_categories', {
  id: sq.id(),
  name: s.text('name').notNull().unique(),
  sellerCommissionOre: s.integer('seller_commission_ore'),
  companyCommissionOre: s.integer('company_commission_ore'),
  active: s.integer('active', { mode: 'boolean' }).notNull().default(true),
  version: s.integer('version').notNull().default(1),
  createdAt: sq.createdAt(),
  updatedAt: sq.updatedAt(),
})

export const productCategoriesPg = p.pgTable('product_categories', {
  id: pq.id(),
  name: p.text('name').notNull().unique(),
  sellerCommissionOre: p.integer('seller_commission_ore'),
  companyCommissionOre: p.integer('company_commission_ore'),
  active: p.boolean('active').notNull().default(true),
  version: p.integer('version').notNull().default(1),
  createdAt: pq.createdAt(),
  updatedAt: pq.updatedAt(),
})

export const products = s.sqliteTable(
  'products',
  {
    id: sq.id(),
    providerId: s
      .text('provider_id')
      .notNull()
      .references(() => providers.id),
    name: s.text('name').notNull(),
    categoryId: s.text('category_id').references(() => productCategories.id),
    /** order value of one piece, in öre */
    priceOre: s.integer('price_ore').notNull(),
    sellerCommissionOre: s.integer('seller_commission_ore').notNull(),
    companyCommissionOre: s.integer('company_commission_ore').notNull(),
    companyCostOre: s.integer('company_cost_ore').notNull(),
    /** what one piece counts in the sales game (XP and coins) */
    gamePoints: s.integer('game_points').notNull().default(0),
    active: s.integer('active', { mode: 'boolean' }).notNull().default(true),
    version: s.integer('version').notNull().default(1),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [s.uniqueIndex('products_provider_name').on(t.providerId, t.name), s.index('products_category').on(t.categoryId)],
)

export const productsPg = p.pgTable(
  'products',
  {
    id: pq.id(),
    providerId: p
      .text('provider_id')
      .notNull()
      .references(() => providersPg.id),
    name: p.text('name').notNull(),
    categoryId: p.text('category_id').references(() => productCategoriesPg.id),
    /** order value of one piece, in öre */
    priceOre: p.integer('price_ore').notNull(),
    sellerCommissionOre: p.integer('seller_commission_ore').notNull(),
    companyCommissionOre: p.integer('company_commission_ore').notNull(),
    companyCostOre: p.integer('company_cost_ore').notNull(),
    /** what one piece counts in the sales game (XP and coins) */
    gamePoints: p.integer('game_points').notNull().default(0),
    active: p.boolean('active').notNull().default(true),
    version: p.integer('version').notNull().default(1),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [p.uniqueIndex('products_provider_name').on(t.providerId, t.name), p.index('products_category').on(t.categoryId)],
)
