CREATE TABLE "finance_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"payroll_tax_bp" integer NOT NULL,
	"legacy_cutoff" text NOT NULL,
	"version" integer NOT NULL,
	"updated_at" bigint NOT NULL,
	"updated_by_id" text
);
--> statement-breakpoint
-- The profitability settings (shared/permissions/roles.ts, docs/decisions/051): existing databases' backoffice role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'finance_settings', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'finance_settings');
