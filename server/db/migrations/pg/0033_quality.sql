CREATE TABLE "quality_surveys" (
	"id" text PRIMARY KEY NOT NULL,
	"sale_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"team_id" text,
	"office_id" text,
	"provider_id" text NOT NULL,
	"sell_date" text NOT NULL,
	"sold_at" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"template_id" text NOT NULL,
	"template_version_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_try_at" bigint NOT NULL,
	"answers" jsonb,
	"score_tenths" integer,
	"grade" text,
	"nki_tenths" integer,
	"channel" text,
	"regret_reason" text,
	"answered_at" bigint,
	"answered_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "quality_surveys_sale_id_unique" UNIQUE("sale_id")
);
--> statement-breakpoint
CREATE TABLE "quality_template_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"template_id" text NOT NULL,
	"number" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "quality_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"provider_id" text,
	"active" boolean NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "quality_grade" text;--> statement-breakpoint
ALTER TABLE "quality_template_versions" ADD CONSTRAINT "quality_template_versions_template_id_quality_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."quality_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quality_surveys_queue" ON "quality_surveys" USING btree ("status","next_try_at");--> statement-breakpoint
CREATE INDEX "quality_surveys_answered" ON "quality_surveys" USING btree ("answered_at");--> statement-breakpoint
CREATE INDEX "quality_surveys_team" ON "quality_surveys" USING btree ("team_id","sell_date");--> statement-breakpoint
CREATE INDEX "quality_surveys_office" ON "quality_surveys" USING btree ("office_id","sell_date");--> statement-breakpoint
CREATE INDEX "quality_surveys_seller" ON "quality_surveys" USING btree ("seller_id","sell_date");--> statement-breakpoint
CREATE INDEX "quality_surveys_date" ON "quality_surveys" USING btree ("sell_date");--> statement-breakpoint
CREATE INDEX "quality_surveys_version" ON "quality_surveys" USING btree ("template_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_template_versions_number" ON "quality_template_versions" USING btree ("template_id","number");--> statement-breakpoint
CREATE INDEX "quality_templates_provider" ON "quality_templates" USING btree ("provider_id","active");
--> statement-breakpoint
-- Sale quality (shared/permissions/roles.ts, docs/decisions/045): existing databases' backoffice role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'sale_quality_surveys', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'sale_quality_surveys');
--> statement-breakpoint
-- Sale quality (shared/permissions/roles.ts, docs/decisions/045): existing databases' backoffice role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'sale_quality_templates', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'sale_quality_templates');
--> statement-breakpoint
-- Sale quality (shared/permissions/roles.ts, docs/decisions/045): existing databases' backoffice role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'sale_quality_templates', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'sale_quality_templates');
