CREATE TABLE "order_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"file_id" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"mapping" jsonb,
	"row_count" integer NOT NULL,
	"summary" jsonb,
	"job_id" text,
	"created_by_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "order_mappings" (
	"provider_id" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" bigint NOT NULL,
	"updated_by_id" text
);
--> statement-breakpoint
CREATE TABLE "order_registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"external_order_number" text,
	"customer_key" text,
	"customer_name" text,
	"order_date" text,
	"external_status" text,
	"esign_status" text,
	"sale_id" text,
	"matched_by" text,
	"matched" integer NOT NULL,
	"import_id" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_imports_created" ON "order_imports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_registrations_number" ON "order_registrations" USING btree ("provider_id","external_order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "order_registrations_sale" ON "order_registrations" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "order_registrations_customer" ON "order_registrations" USING btree ("provider_id","customer_key","order_date");--> statement-breakpoint
CREATE INDEX "order_registrations_list" ON "order_registrations" USING btree ("matched","created_at","id");--> statement-breakpoint
CREATE INDEX "order_registrations_provider" ON "order_registrations" USING btree ("provider_id","matched","created_at","id");--> statement-breakpoint
CREATE INDEX "order_registrations_import" ON "order_registrations" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "sales_order_number" ON "sales" USING btree ("provider_id","external_order_number");
--> statement-breakpoint
-- Back office imports order files and corrects order registrations (shared/permissions/roles.ts): existing databases' role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'order_registrations', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'order_registrations');
--> statement-breakpoint
-- Back office imports order files and corrects order registrations (shared/permissions/roles.ts): existing databases' role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'order_registrations', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'order_registrations');
