import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import { pq, sq } from './columns'

/** What is sold: providers and their products. Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts). */

export const providers = s.sqliteTable('providers', {
  id: sq.id(),
  name: s.text('name').notNull().unique(),
  type: s.text('type').notNull(),
  requireExternalOrderNumber: s.integer('require_external_order_number', { mode: 'boolean' }).notNull().default(false),
  copyAllProducts: s.integer('copy_all_products', { mode: 'boolean' }).notNull().default(false),
  active: s.integer('active', { mode: 'boolean' }).notNull().default(true),
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
    /** order value of one piece, in öre */
    priceOre: s.integer('price_ore').notNull(),
    sellerCommissionOre: s.integer('seller_commission_ore').notNull(),
    companyCommissionOre: s.integer('company_commission_ore').notNull(),
    companyCostOre: s.integer('company_cost_ore').notNull(),
    active: s.integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [s.uniqueIndex('products_provider_name').on(t.providerId, t.name)],
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
    /** order value of one piece, in öre */
    priceOre: p.integer('price_ore').notNull(),
    sellerCommissionOre: p.integer('seller_commission_ore').notNull(),
    companyCommissionOre: p.integer('company_commission_ore').notNull(),
    companyCostOre: p.integer('company_cost_ore').notNull(),
    active: p.boolean('active').notNull().default(true),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [p.uniqueIndex('products_provider_name').on(t.providerId, t.name)],
)
