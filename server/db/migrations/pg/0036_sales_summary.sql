CREATE TABLE "sale_day_products" (
	"sell_date" text NOT NULL,
	"seller_id" text NOT NULL,
	"team_id" text NOT NULL,
	"office_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"product_id" text NOT NULL,
	"status" text NOT NULL,
	"lines" integer NOT NULL,
	"quantity" integer NOT NULL,
	"order_value_ore" bigint NOT NULL,
	"seller_commission_ore" bigint NOT NULL,
	"company_commission_ore" bigint NOT NULL,
	"company_cost_ore" bigint NOT NULL,
	CONSTRAINT "sale_day_products_sell_date_seller_id_team_id_office_id_provider_id_product_id_status_pk" PRIMARY KEY("sell_date","seller_id","team_id","office_id","provider_id","product_id","status")
);
--> statement-breakpoint
CREATE TABLE "sale_day_totals" (
	"sell_date" text NOT NULL,
	"seller_id" text NOT NULL,
	"team_id" text NOT NULL,
	"office_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"status" text NOT NULL,
	"sales" integer NOT NULL,
	"order_value_ore" bigint NOT NULL,
	"seller_commission_ore" bigint NOT NULL,
	"company_commission_ore" bigint NOT NULL,
	"company_cost_ore" bigint NOT NULL,
	CONSTRAINT "sale_day_totals_sell_date_seller_id_team_id_office_id_provider_id_status_pk" PRIMARY KEY("sell_date","seller_id","team_id","office_id","provider_id","status")
);
--> statement-breakpoint
CREATE INDEX "sale_day_products_team" ON "sale_day_products" USING btree ("team_id","sell_date");--> statement-breakpoint
CREATE INDEX "sale_day_products_office" ON "sale_day_products" USING btree ("office_id","sell_date");--> statement-breakpoint
CREATE INDEX "sale_day_totals_team" ON "sale_day_totals" USING btree ("team_id","sell_date");--> statement-breakpoint
CREATE INDEX "sale_day_totals_office" ON "sale_day_totals" USING btree ("office_id","sell_date");--> statement-breakpoint
CREATE INDEX "sale_day_totals_seller" ON "sale_day_totals" USING btree ("seller_id","sell_date");--> statement-breakpoint
-- The summary of the sales already stored (server/db/sale-summary-fill.ts counts it the same way).
INSERT INTO sale_day_totals (sell_date, seller_id, team_id, office_id, provider_id, status, sales, order_value_ore, seller_commission_ore, company_commission_ore, company_cost_ore)
SELECT sell_date, seller_id, coalesce(team_id, ''), coalesce(office_id, ''), provider_id, status, count(*), sum(order_value_ore), sum(seller_commission_ore), sum(company_commission_ore), sum(company_cost_ore)
FROM sales GROUP BY sell_date, seller_id, coalesce(team_id, ''), coalesce(office_id, ''), provider_id, status;--> statement-breakpoint
INSERT INTO sale_day_products (sell_date, seller_id, team_id, office_id, provider_id, product_id, status, lines, quantity, order_value_ore, seller_commission_ore, company_commission_ore, company_cost_ore)
SELECT s.sell_date, s.seller_id, coalesce(s.team_id, ''), coalesce(s.office_id, ''), s.provider_id, l.product_id, s.status, count(*), sum(l.quantity), sum(l.price_ore * l.quantity), sum(l.seller_commission_ore * l.quantity), sum(l.company_commission_ore * l.quantity), sum(l.company_cost_ore * l.quantity)
FROM sale_lines l JOIN sales s ON s.id = l.sale_id
GROUP BY s.sell_date, s.seller_id, coalesce(s.team_id, ''), coalesce(s.office_id, ''), s.provider_id, l.product_id, s.status;
