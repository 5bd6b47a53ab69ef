DROP INDEX "sales_customer_key";--> statement-breakpoint
CREATE INDEX "sales_customer_key" ON "sales" USING btree ("customer_key","provider_id","sell_date","sold_at","id");