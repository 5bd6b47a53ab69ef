import { sql, type SQL } from 'drizzle-orm'
import type { Database, Db } from '../../db/client'

/**
 * The customer register filled from the sale reports already stored (docs/decisions/027): one customer per
 * customer key, with the contact details of their latest sale, the first and the latest sale's time. For data
 * written without the sales service (the seeds' bulk inserts); migration 0016 runs the same statement on the data
 * of an existing database. Customers already in the register are left as they are.
 */
export async function fillCustomersFromSales(database: Database, tx: Db = database.db, now = Date.now()): Promise<void> {
  const search = sql.raw(
    `lower(trim(coalesce(customer_name, '') || ' ' || coalesce(company_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(city, '')))`,
  )
  if (database.dialect === 'sqlite') {
    await tx.run(sql`
      INSERT INTO customers (id, key, type, name, ssn, company_name, org_number, email, phone, address, postal_code, city, note, search_text, first_sale_at, last_sale_at, version, created_at, updated_at)
      SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
        l.customer_key, l.customer_type, l.customer_name, CASE WHEN l.customer_type = 'private' THEN l.customer_ssn END, l.company_name, l.org_number,
        l.email, l.phone, l.address, l.postal_code, l.city, NULL, l.search, f.first_at, l.last_at, 1, ${now}, ${now}
      FROM (SELECT customer_key, max(sold_at) AS last_at, customer_type, customer_name, customer_ssn, company_name, org_number, email, phone, address, postal_code, city, ${search} AS search
            FROM sales WHERE customer_key IS NOT NULL GROUP BY customer_key) l
      JOIN (SELECT customer_key, min(sold_at) AS first_at FROM sales WHERE customer_key IS NOT NULL GROUP BY customer_key) f ON f.customer_key = l.customer_key
      WHERE true
      ON CONFLICT (key) DO NOTHING`)
  } else {
    // The shared Db type is SQLite's; on PostgreSQL the handle is drizzle's node-postgres database.
    await (tx as unknown as { execute(q: SQL): Promise<unknown> }).execute(sql`
      INSERT INTO customers (id, key, type, name, ssn, company_name, org_number, email, phone, address, postal_code, city, note, search_text, first_sale_at, last_sale_at, version, created_at, updated_at)
      SELECT gen_random_uuid()::text, l.customer_key, l.customer_type, l.customer_name, CASE WHEN l.customer_type = 'private' THEN l.customer_ssn END, l.company_name, l.org_number,
        l.email, l.phone, l.address, l.postal_code, l.city, NULL, l.search, f.first_at, l.sold_at, 1, ${now}, ${now}
      FROM (SELECT DISTINCT ON (customer_key) customer_key, sold_at, customer_type, customer_name, customer_ssn, company_name, org_number, email, phone, address, postal_code, city, ${search} AS search
            FROM sales WHERE customer_key IS NOT NULL ORDER BY customer_key, sold_at DESC) l
      JOIN (SELECT customer_key, min(sold_at) AS first_at FROM sales WHERE customer_key IS NOT NULL GROUP BY customer_key) f ON f.customer_key = l.customer_key
      ON CONFLICT (key) DO NOTHING`)
  }
}
