CREATE TABLE "device_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"file_id" text NOT NULL,
	"file_name" text NOT NULL,
	"mapping" jsonb,
	"status" text NOT NULL,
	"result" jsonb,
	"created_by_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"applied_at" bigint
);
--> statement-breakpoint
CREATE TABLE "device_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"stale_hours" integer NOT NULL,
	"low_space_mb" integer NOT NULL,
	"min_app_version" text,
	"version" integer NOT NULL,
	"updated_at" bigint NOT NULL,
	"updated_by_id" text
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" text PRIMARY KEY NOT NULL,
	"installation_id" text,
	"key_hash" text,
	"serial_number" text,
	"name" text,
	"manufacturer" text,
	"model" text,
	"os" text,
	"os_version" text,
	"browser" text,
	"app_version" text,
	"app_version_key" text,
	"storage_used" bigint,
	"storage_quota" bigint,
	"persisted" boolean,
	"mdm_free_storage" bigint,
	"mdm_total_storage" bigint,
	"mdm_enrolled_at" bigint,
	"mdm_last_sync_at" bigint,
	"app_enrolled_at" bigint,
	"last_sync_at" bigint,
	"last_contact_at" bigint,
	"pending" integer DEFAULT 0 NOT NULL,
	"user_id" text,
	"team_id" text,
	"office_id" text,
	"session_id" text,
	"lost_at" bigint,
	"lost_by_id" text,
	"pending_at_loss" integer,
	"wiped_at" bigint,
	"alerted" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "devices_installation_id_unique" UNIQUE("installation_id"),
	CONSTRAINT "devices_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
CREATE INDEX "devices_user" ON "devices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "devices_last_sync" ON "devices" USING btree ("last_sync_at","id");--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'devices', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'devices');
