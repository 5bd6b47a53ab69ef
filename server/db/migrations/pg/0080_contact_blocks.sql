CREATE TABLE "contact_blocks" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text,
	"identity_key" text,
	"name" text,
	"source" text NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "contact_blocks_phone" ON "contact_blocks" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_blocks_identity" ON "contact_blocks" USING btree ("identity_key");--> statement-breakpoint
CREATE INDEX "contact_blocks_created" ON "contact_blocks" USING btree ("created_at","id");--> statement-breakpoint
-- The do-not-contact register (shared/permissions/roles.ts, docs/decisions/096): existing databases' roles too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'contact_blocks', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'contact_blocks');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'contact_blocks', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'contact_blocks');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'delete', 'contact_blocks', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'delete' AND y."subject" = 'contact_blocks');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'contact_blocks', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'seller'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'contact_blocks');
