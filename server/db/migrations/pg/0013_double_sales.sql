CREATE TABLE "sale_doubles" (
	"id" text PRIMARY KEY NOT NULL,
	"sale_id" text NOT NULL,
	"other_sale_id" text NOT NULL,
	"customer_key" text NOT NULL,
	"provider_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"team_id" text,
	"office_id" text,
	"days_apart" integer NOT NULL,
	"detected_at" bigint NOT NULL,
	"state" text NOT NULL,
	"pending" integer NOT NULL,
	"decided_at" bigint,
	"decided_by_id" text,
	"regret_sale_id" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "sale_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"double_window_days" integer NOT NULL,
	"updated_at" bigint NOT NULL,
	"updated_by_id" text
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "customer_key" text;--> statement-breakpoint
-- Each sale's customer as one key (shared/rules/double-sales.ts customerKeyOf).
UPDATE "sales" SET "customer_key" = CASE WHEN "customer_type" = 'company' THEN CASE WHEN "org_number" IS NOT NULL THEN 'o' || "org_number" END ELSE CASE WHEN "customer_ssn" IS NOT NULL THEN 'p' || "customer_ssn" END END;--> statement-breakpoint
ALTER TABLE "sale_doubles" ADD CONSTRAINT "sale_doubles_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_doubles" ADD CONSTRAINT "sale_doubles_other_sale_id_sales_id_fk" FOREIGN KEY ("other_sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_doubles_pair" ON "sale_doubles" USING btree ("sale_id","other_sale_id");--> statement-breakpoint
CREATE INDEX "sale_doubles_other" ON "sale_doubles" USING btree ("other_sale_id");--> statement-breakpoint
CREATE INDEX "sale_doubles_pending" ON "sale_doubles" USING btree ("pending","detected_at","id");--> statement-breakpoint
CREATE INDEX "sale_doubles_team" ON "sale_doubles" USING btree ("team_id","pending","detected_at","id");--> statement-breakpoint
CREATE INDEX "sale_doubles_office" ON "sale_doubles" USING btree ("office_id","pending","detected_at","id");--> statement-breakpoint
CREATE INDEX "sale_doubles_seller" ON "sale_doubles" USING btree ("seller_id","pending","detected_at","id");--> statement-breakpoint
CREATE INDEX "sales_customer_key" ON "sales" USING btree ("customer_key","provider_id","sell_date");
--> statement-breakpoint
-- The possible double sales already in the data (docs/decisions/025): each later sale with an earlier one of the same
-- customer, provider and product within the longest window (90 days).
INSERT INTO "sale_doubles" ("id", "sale_id", "other_sale_id", "customer_key", "provider_id", "seller_id", "team_id", "office_id", "days_apart", "detected_at", "state", "pending")
SELECT gen_random_uuid()::text, a."id", b."id", a."customer_key", a."provider_id", a."seller_id", a."team_id", a."office_id", (a."sell_date"::date - b."sell_date"::date), a."created_at", 'open', 1
FROM "sales" a
JOIN "sales" b ON b."customer_key" = a."customer_key" AND b."provider_id" = a."provider_id"
  AND b."sell_date" >= to_char(a."sell_date"::date - 90, 'YYYY-MM-DD') AND b."sell_date" <= a."sell_date"
  AND (b."sell_date", b."sold_at", b."id") < (a."sell_date", a."sold_at", a."id")
WHERE a."customer_key" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "sale_lines" la JOIN "sale_lines" lb ON lb."product_id" = la."product_id" WHERE la."sale_id" = a."id" AND lb."sale_id" = b."id");
