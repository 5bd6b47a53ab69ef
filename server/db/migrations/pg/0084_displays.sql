CREATE TABLE "displays" (
	"id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"code" text,
	"code_expires_at" bigint,
	"secret_hash" text NOT NULL,
	"next_secret_hash" text,
	"next_secret_at" bigint,
	"secret_issued_at" bigint NOT NULL,
	"name" text,
	"office_id" text,
	"team_ids" jsonb NOT NULL,
	"scenes" jsonb NOT NULL,
	"paired_at" bigint,
	"paired_by_id" text,
	"revoked_at" bigint,
	"revoked_by_id" text,
	"last_seen_at" bigint,
	"last_seen_ip" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "displays_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "displays_office" ON "displays" USING btree ("office_id","state");--> statement-breakpoint
CREATE INDEX "displays_code_expiry" ON "displays" USING btree ("state","code_expires_at");
--> statement-breakpoint
-- The office screens of a manager's office (shared/permissions/roles.ts, docs/decisions/101): existing databases' role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'displays', NULL, '{"officeId":"${user.officeId}"}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'manager'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'displays');
--> statement-breakpoint
-- The office screens of a manager's office (shared/permissions/roles.ts, docs/decisions/101): existing databases' role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'displays', NULL, '{"officeId":"${user.officeId}"}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'manager'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'displays');
