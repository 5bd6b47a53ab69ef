CREATE TABLE "offer_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"country" text NOT NULL,
	"terms" jsonb NOT NULL,
	"binding_months" integer,
	"reminder_after_hours" integer NOT NULL,
	"expires_after_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"sale_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"team_id" text,
	"office_id" text,
	"provider_id" text NOT NULL,
	"country" text NOT NULL,
	"language" text NOT NULL,
	"state" text NOT NULL,
	"document" jsonb NOT NULL,
	"document_hash" text NOT NULL,
	"call_ended_at" bigint NOT NULL,
	"sent_at" bigint NOT NULL,
	"sent_by" text,
	"sent_to" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"reminded_at" bigint,
	"answered_at" bigint,
	"answered_hash" text,
	"answer_ip" text,
	"answer_user_agent" text,
	"decline_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"status" text NOT NULL,
	"gateway_id" text,
	"last_error" text,
	"created_at" bigint NOT NULL,
	"sent_at" bigint
);
--> statement-breakpoint
CREATE UNIQUE INDEX "offer_rules_provider_country" ON "offer_rules" USING btree ("provider_id","country");--> statement-breakpoint
CREATE INDEX "offers_sale" ON "offers" USING btree ("sale_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_token" ON "offers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "offers_state_expiry" ON "offers" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "offers_provider_sent" ON "offers" USING btree ("provider_id","sent_at");--> statement-breakpoint
CREATE INDEX "offers_sent" ON "offers" USING btree ("sent_at","id");--> statement-breakpoint
CREATE INDEX "sms_outbox_created" ON "sms_outbox" USING btree ("created_at");--> statement-breakpoint
-- Written offers after a telesales call (shared/permissions/roles.ts, docs/decisions/094): existing databases' roles too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'sale_offers', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'sale_offers');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'sale_offers', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'sale_offers');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'sale_offers', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'sale_offers');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'sale_offers', NULL, '{"officeId":"${user.officeId}"}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'manager'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'sale_offers');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'sale_offers', NULL, '{"teamId":{"$in":"${user.teamIds}"}}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'coach'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'sale_offers');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'sale_offers', NULL, '{"sellerId":"${user.id}"}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'seller'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'sale_offers');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'sale_offers', NULL, '{"sellerId":"${user.id}"}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'seller'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'sale_offers');
