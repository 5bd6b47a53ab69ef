CREATE TABLE "unit_budgets" (
	"scope" text NOT NULL,
	"unit_id" text NOT NULL,
	"month" text NOT NULL,
	"amount_ore" bigint NOT NULL,
	"version" integer NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "unit_budgets_scope_unit_id_month_pk" PRIMARY KEY("scope","unit_id","month")
);
--> statement-breakpoint
CREATE INDEX "unit_budgets_month" ON "unit_budgets" USING btree ("month","scope");--> statement-breakpoint
-- Budgets (shared/permissions/roles.ts, docs/decisions/047): existing databases' backoffice role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'budgets', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'budgets');
--> statement-breakpoint
-- Budgets (shared/permissions/roles.ts, docs/decisions/047): existing databases' backoffice role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'budgets', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'budgets');
--> statement-breakpoint
-- Budgets (shared/permissions/roles.ts, docs/decisions/047): existing databases' manager role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'budgets', NULL, '{"officeId":"${user.officeId}"}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'manager'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'budgets');
--> statement-breakpoint
-- Budgets (shared/permissions/roles.ts, docs/decisions/047): existing databases' manager role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'budgets', NULL, '{"officeId":"${user.officeId}"}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'manager'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'budgets');
--> statement-breakpoint
-- Budgets (shared/permissions/roles.ts, docs/decisions/047): existing databases' coach role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'budgets', NULL, '{"teamId":{"$in":"${user.teamIds}"}}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'coach'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'budgets');
