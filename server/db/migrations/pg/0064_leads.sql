CREATE TABLE "lead_campaign_keys" (
	"campaign_key" text NOT NULL,
	"key" text NOT NULL,
	"list_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "lead_campaign_keys_campaign_key_key_pk" PRIMARY KEY("campaign_key","key")
);
--> statement-breakpoint
CREATE TABLE "lead_formats" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"file_type" text NOT NULL,
	"delimiter" text NOT NULL,
	"encoding" text NOT NULL,
	"columns" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"source_id" text,
	"campaign" text NOT NULL,
	"campaign_key" text NOT NULL,
	"country" text NOT NULL,
	"file_id" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"headers" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"nix_file_id" text,
	"nix_file_name" text,
	"nix_numbers" integer,
	"status" text NOT NULL,
	"mapping" jsonb,
	"choices" jsonb,
	"format_id" text,
	"summary" jsonb,
	"error" text,
	"job_id" text,
	"download_id" text,
	"created_by_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "lead_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mapping" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lead_campaign_keys_list" ON "lead_campaign_keys" USING btree ("list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_formats_name" ON "lead_formats" USING btree ("name");--> statement-breakpoint
CREATE INDEX "lead_lists_created" ON "lead_lists" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lead_lists_campaign" ON "lead_lists" USING btree ("campaign_key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_sources_name" ON "lead_sources" USING btree ("name");
--> statement-breakpoint
-- The lead-list tool (shared/permissions/roles.ts, docs/decisions/075): existing databases' back office.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'tool_pts_transform', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'tool_pts_transform');
