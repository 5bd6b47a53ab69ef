DROP INDEX "quality_surveys_seller";--> statement-breakpoint
DROP INDEX "quality_surveys_date";--> statement-breakpoint
CREATE INDEX "quality_surveys_seller_stats" ON "quality_surveys" USING btree ("seller_id","team_id","sell_date","status","score_tenths","nki_tenths");--> statement-breakpoint
CREATE INDEX "quality_surveys_date_stats" ON "quality_surveys" USING btree ("sell_date","provider_id","channel","status","score_tenths","nki_tenths","grade");