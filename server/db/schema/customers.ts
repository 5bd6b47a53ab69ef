import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import { pq, sq } from './columns'

/**
 * The customer register (docs/decisions/027): one row per customer the organisation has sold to, built from sale
 * reports by the customers area as their events arrive, keyed by the customer key of shared/rules/double-sales.ts
 * (`p` + identity number, `o` + organisation number). Contact details follow the customer's latest sale; back
 * office may correct them and add a note. `search_text` is the lower-cased name, company, e-mail, phone and city
 * the free-text search reads through a trigram index (FTS5 on SQLite, pg_trgm on PostgreSQL; migration 0016).
 */
export const customers = s.sqliteTable(
  'customers',
  {
    id: sq.id(),
    key: s.text('key').notNull().unique(),
    type: s.text('type', { enum: ['private', 'company'] }).notNull(),
    name: s.text('name').notNull(),
    ssn: s.text('ssn'),
    companyName: s.text('company_name'),
    orgNumber: s.text('org_number'),
    email: s.text('email'),
    phone: s.text('phone'),
    address: s.text('address'),
    postalCode: s.text('postal_code'),
    city: s.text('city'),
    note: s.text('note'),
    searchText: s.text('search_text').notNull(),
    firstSaleAt: s.integer('first_sale_at').notNull(),
    lastSaleAt: s.integer('last_sale_at').notNull(),
    version: s.integer('version').notNull().default(1),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [
    s.index('customers_last_sale').on(t.lastSaleAt, t.id),
    s.index('customers_name').on(t.name, t.id),
    s.index('customers_type').on(t.type, t.lastSaleAt, t.id),
  ],
)

export const customersPg = p.pgTable(
  'customers',
  {
    id: pq.id(),
    key: p.text('key').notNull().unique(),
    type: p.text('type', { enum: ['private', 'company'] }).notNull(),
    name: p.text('name').notNull(),
    ssn: p.text('ssn'),
    companyName: p.text('company_name'),
    orgNumber: p.text('org_number'),
    email: p.text('email'),
    phone: p.text('phone'),
    address: p.text('address'),
    postalCode: p.text('postal_code'),
    city: p.text('city'),
    note: p.text('note'),
    searchText: p.text('search_text').notNull(),
    firstSaleAt: pq.ms('first_sale_at').notNull(),
    lastSaleAt: pq.ms('last_sale_at').notNull(),
    version: p.integer('version').notNull().default(1),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [
    p.index('customers_last_sale').on(t.lastSaleAt, t.id),
    p.index('customers_name').on(t.name, t.id),
    p.index('customers_type').on(t.type, t.lastSaleAt, t.id),
  ],
)
