CREATE TABLE "sale_month_sellers" (
	"month" text NOT NULL,
	"seller_id" text NOT NULL,
	"team_id" text NOT NULL,
	"office_id" text NOT NULL,
	"sales" integer NOT NULL,
	"order_value_ore" bigint NOT NULL,
	"seller_commission_ore" bigint NOT NULL,
	"company_commission_ore" bigint NOT NULL,
	"company_cost_ore" bigint NOT NULL,
	CONSTRAINT "sale_month_sellers_month_seller_id_team_id_office_id_pk" PRIMARY KEY("month","seller_id","team_id","office_id")
);
--> statement-breakpoint
CREATE INDEX "sale_month_sellers_team" ON "sale_month_sellers" USING btree ("team_id","month");--> statement-breakpoint
CREATE INDEX "sale_month_sellers_office" ON "sale_month_sellers" USING btree ("office_id","month");--> statement-breakpoint
-- The standing sales per month and seller from the day totals already there (server/db/sale-summary-fill.ts, decision 051).
INSERT INTO sale_month_sellers (month, seller_id, team_id, office_id, sales, order_value_ore, seller_commission_ore, company_commission_ore, company_cost_ore)
SELECT substr(sell_date, 1, 7), seller_id, team_id, office_id, sum(sales), sum(order_value_ore), sum(seller_commission_ore), sum(company_commission_ore), sum(company_cost_ore)
FROM sale_day_totals WHERE status IN ('finalized', 'approved', 'flagged', 'unanswered') GROUP BY substr(sell_date, 1, 7), seller_id, team_id, office_id;
