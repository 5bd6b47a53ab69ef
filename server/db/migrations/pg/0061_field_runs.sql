CREATE TABLE "field_areas" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"team_id" text,
	"office_id" text,
	"shape" jsonb,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_run_sellers" (
	"run_id" text NOT NULL,
	"user_id" text NOT NULL,
	"version" bigint NOT NULL,
	"removed" boolean NOT NULL,
	CONSTRAINT "field_run_sellers_run_id_user_id_pk" PRIMARY KEY("run_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "field_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"date" text NOT NULL,
	"team_id" text NOT NULL,
	"office_id" text,
	"area_id" text,
	"meeting_place" text,
	"meeting_time" text,
	"travel_day" boolean NOT NULL,
	"note" text,
	"version" integer NOT NULL,
	"created_by_id" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "field_areas_team" ON "field_areas" USING btree ("team_id","name");--> statement-breakpoint
CREATE INDEX "field_run_sellers_user" ON "field_run_sellers" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "field_runs_date" ON "field_runs" USING btree ("date","team_id");--> statement-breakpoint
CREATE INDEX "field_runs_team" ON "field_runs" USING btree ("team_id","date");--> statement-breakpoint
-- The sales planner (shared/permissions/roles.ts, docs/decisions/073): existing databases' coach and manager roles too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'sales_planner', NULL, '{"teamId":{"$in":"${user.teamIds}"}}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'coach'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'sales_planner');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'sales_planner', NULL, '{"officeId":"${user.officeId}"}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'manager'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'sales_planner');
