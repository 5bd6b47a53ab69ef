-- The sale-report list's free-text search (issue 14): pg_trgm GIN indexes, so ILIKE '%…%' over the customer's name,
-- the company, the order number and the identity number is answered from an index instead of reading a million rows.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "sales_search_text" ON "sales" USING gin ("customer_name" gin_trgm_ops, "company_name" gin_trgm_ops, "external_order_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "sales_search_ssn" ON "sales" USING gin ("customer_ssn" gin_trgm_ops);
