DROP INDEX "sales_seller_date";--> statement-breakpoint
DROP INDEX "sales_team_date";--> statement-breakpoint
DROP INDEX "sales_office_date";--> statement-breakpoint
CREATE INDEX "sale_lines_product" ON "sale_lines" USING btree ("product_id","sale_id");--> statement-breakpoint
CREATE INDEX "sales_date" ON "sales" USING btree ("sell_date","sold_at","id");--> statement-breakpoint
CREATE INDEX "sales_status_date" ON "sales" USING btree ("status","sell_date","sold_at","id");--> statement-breakpoint
CREATE INDEX "sales_provider_date" ON "sales" USING btree ("provider_id","sell_date","sold_at","id");--> statement-breakpoint
CREATE INDEX "sales_value" ON "sales" USING btree ("order_value_ore","id");--> statement-breakpoint
CREATE INDEX "sales_customer" ON "sales" USING btree ("customer_name","id");--> statement-breakpoint
CREATE INDEX "sales_seller_date" ON "sales" USING btree ("seller_id","sell_date","sold_at","id");--> statement-breakpoint
CREATE INDEX "sales_team_date" ON "sales" USING btree ("team_id","sell_date","sold_at","id");--> statement-breakpoint
CREATE INDEX "sales_office_date" ON "sales" USING btree ("office_id","sell_date","sold_at","id");