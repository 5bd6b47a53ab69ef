CREATE TABLE "quality_month_provider_nki" (
	"month" text NOT NULL,
	"provider_id" text NOT NULL,
	"office_id" text NOT NULL,
	"answers" integer NOT NULL,
	"nki_tenths_sum" integer NOT NULL,
	CONSTRAINT "quality_month_provider_nki_month_provider_id_office_id_pk" PRIMARY KEY("month","provider_id","office_id")
);
--> statement-breakpoint
DROP INDEX "quality_month_nki_team";--> statement-breakpoint
DROP INDEX "quality_month_nki_office";--> statement-breakpoint
DROP INDEX "sale_month_totals_team";--> statement-breakpoint
DROP INDEX "sale_month_totals_office";--> statement-breakpoint
DROP INDEX "time_month_hours_team";--> statement-breakpoint
DROP INDEX "time_month_hours_office";--> statement-breakpoint
CREATE INDEX "quality_month_provider_nki_office" ON "quality_month_provider_nki" USING btree ("office_id","month");--> statement-breakpoint
CREATE INDEX "quality_month_nki_seller" ON "quality_month_nki" USING btree ("seller_id","month","answers","nki_tenths_sum");--> statement-breakpoint
CREATE INDEX "sale_month_sellers_seller" ON "sale_month_sellers" USING btree ("seller_id","month","sales","order_value_ore","seller_commission_ore","company_commission_ore","company_cost_ore");--> statement-breakpoint
CREATE INDEX "time_month_hours_user" ON "time_month_hours" USING btree ("user_id","month","work_hours");--> statement-breakpoint
CREATE INDEX "quality_month_nki_team" ON "quality_month_nki" USING btree ("team_id","month","answers","nki_tenths_sum");--> statement-breakpoint
CREATE INDEX "quality_month_nki_office" ON "quality_month_nki" USING btree ("office_id","month","answers","nki_tenths_sum");--> statement-breakpoint
CREATE INDEX "sale_month_totals_team" ON "sale_month_totals" USING btree ("team_id","month","status","sales","order_value_ore","seller_commission_ore","company_commission_ore","company_cost_ore");--> statement-breakpoint
CREATE INDEX "sale_month_totals_office" ON "sale_month_totals" USING btree ("office_id","month","status","sales","order_value_ore","seller_commission_ore","company_commission_ore","company_cost_ore");--> statement-breakpoint
CREATE INDEX "time_month_hours_team" ON "time_month_hours" USING btree ("team_id","month","work_hours");--> statement-breakpoint
CREATE INDEX "time_month_hours_office" ON "time_month_hours" USING btree ("office_id","month","work_hours");--> statement-breakpoint
-- The satisfaction index by month and provider from the surveys already there (server/db/quality-nki-fill.ts, decision 051).
INSERT INTO quality_month_provider_nki (month, provider_id, office_id, answers, nki_tenths_sum)
SELECT substr(sell_date, 1, 7), provider_id, coalesce(office_id, ''), count(*), sum(nki_tenths)
FROM quality_surveys WHERE nki_tenths IS NOT NULL GROUP BY substr(sell_date, 1, 7), provider_id, coalesce(office_id, '');
