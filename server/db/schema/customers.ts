import { table } from './table'

/**
 * The customer register (docs/decisions/027): one row per customer the organisation has sold to, built from sale
 * reports by the customers area as their events arrive, keyed by the customer key of shared/rules/double-sales.ts
 * (`p` + identity number, `o` + organisation number). Contact details follow the customer's latest sale; back
 * office may correct them and add a note. `search_text` is the lower-cased name, company, e-mail, phone and city
 * the free-text search reads through a trigram index (FTS5 on SQLite, pg_trgm on PostgreSQL; migration 0016).
 */
export const [customers, customersPg] = table(
  'customers',
  (k) => ({
    id: k.id(),
    key: k.text('key').notNull().unique(),
    type: k.text('type', { enum: ['private', 'company'] }).notNull(),
    name: k.text('name').notNull(),
    ssn: k.text('ssn'),
    companyName: k.text('company_name'),
    orgNumber: k.text('org_number'),
    email: k.text('email'),
    phone: k.text('phone'),
    address: k.text('address'),
    postalCode: k.text('postal_code'),
    city: k.text('city'),
    note: k.text('note'),
    searchText: k.text('search_text').notNull(),
    firstSaleAt: k.ms('first_sale_at').notNull(),
    lastSaleAt: k.ms('last_sale_at').notNull(),
    version: k.integer('version').notNull().default(1),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [
    k.index('customers_last_sale').on(t.lastSaleAt, t.id),
    k.index('customers_name').on(t.name, t.id),
    k.index('customers_type').on(t.type, t.lastSaleAt, t.id),
  ],
)

/**
 * The do-not-contact register (issue 75, docs/decisions/096): a number (E.164) or a person (the customer key,
 * `p…`/`o…`/`f…`/`y…`) who asked not to be contacted — at the door, on a call, in a quality call, or in writing. Checked
 * when a lead list is made and when a sale arrives. One row a number or person.
 */
export const [contactBlocks, contactBlocksPg] = table(
  'contact_blocks',
  (k) => ({
    id: k.id(),
    phone: k.text('phone'),
    identityKey: k.text('identity_key'),
    name: k.text('name'),
    source: k.text('source', { enum: ['door', 'call', 'quality', 'customer', 'backoffice'] }).notNull(),
    note: k.text('note'),
    createdBy: k.text('created_by'),
    createdAt: k.createdAt(),
  }),
  (t, k) => [
    k.uniqueIndex('contact_blocks_phone').on(t.phone),
    k.uniqueIndex('contact_blocks_identity').on(t.identityKey),
    k.index('contact_blocks_created').on(t.createdAt, t.id),
  ],
)
