CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"ssn" text,
	"company_name" text,
	"org_number" text,
	"email" text,
	"phone" text,
	"address" text,
	"postal_code" text,
	"city" text,
	"note" text,
	"search_text" text NOT NULL,
	"first_sale_at" bigint NOT NULL,
	"last_sale_at" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "customers_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"seller_commission_ore" integer,
	"company_commission_ore" integer,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "product_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "game_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_last_sale" ON "customers" USING btree ("last_sale_at","id");--> statement-breakpoint
CREATE INDEX "customers_name" ON "customers" USING btree ("name","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_category" ON "products" USING btree ("category_id");--> statement-breakpoint
-- The customer register's free-text search (docs/decisions/027): a pg_trgm GIN index over search_text.
CREATE INDEX "customers_search_text" ON "customers" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- The customers of the sales already stored: one per customer key, with their latest sale's contact details.
INSERT INTO customers (id, key, type, name, ssn, company_name, org_number, email, phone, address, postal_code, city, note, search_text, first_sale_at, last_sale_at, version, created_at, updated_at)
SELECT gen_random_uuid()::text, l.customer_key, l.customer_type, l.customer_name, CASE WHEN l.customer_type = 'private' THEN l.customer_ssn END, l.company_name, l.org_number,
  l.email, l.phone, l.address, l.postal_code, l.city, NULL, l.search, f.first_at, l.sold_at, 1, l.sold_at, l.sold_at
FROM (SELECT DISTINCT ON (customer_key) customer_key, sold_at, customer_type, customer_name, customer_ssn, company_name, org_number, email, phone, address, postal_code, city,
        lower(trim(coalesce(customer_name, '') || ' ' || coalesce(company_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(city, ''))) AS search
      FROM sales WHERE customer_key IS NOT NULL ORDER BY customer_key, sold_at DESC) l
JOIN (SELECT customer_key, min(sold_at) AS first_at FROM sales WHERE customer_key IS NOT NULL GROUP BY customer_key) f ON f.customer_key = l.customer_key;
