CREATE TABLE "candidate_contracts" (
	"id" text PRIMARY KEY NOT NULL,
	"candidate_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"file_id" text NOT NULL,
	"sha256" text NOT NULL,
	"template_version" integer NOT NULL,
	"signer" text NOT NULL,
	"external_id" text,
	"signed_file_id" text,
	"signed_sha256" text,
	"audit" jsonb,
	"sent_at" bigint NOT NULL,
	"signed_at" bigint,
	"reminded_at" bigint,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"candidate_id" text NOT NULL,
	"purpose" text NOT NULL,
	"contract_id" text,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
CREATE TABLE "candidate_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"candidate_id" text NOT NULL,
	"author_id" text,
	"text" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"retention_days" integer NOT NULL,
	"reminder_days" integer NOT NULL,
	"link_days" integer NOT NULL,
	"updated_at" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_steps" (
	"candidate_id" text NOT NULL,
	"step" text NOT NULL,
	"status" text NOT NULL,
	"job_id" text,
	"runs" integer DEFAULT 0 NOT NULL,
	"error" text,
	"detail" jsonb,
	"started_by" text,
	"started_at" bigint,
	"finished_at" bigint,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "candidate_steps_candidate_id_step_pk" PRIMARY KEY("candidate_id","step")
);
--> statement-breakpoint
CREATE TABLE "candidates" (
	"id" text PRIMARY KEY NOT NULL,
	"recruiter_id" text NOT NULL,
	"region_id" text NOT NULL,
	"status" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"language" text NOT NULL,
	"start_date" text,
	"step" text NOT NULL,
	"has_additional_info" boolean DEFAULT false NOT NULL,
	"reminder_sent_at" bigint,
	"work_contract_sent_at" bigint,
	"work_contract_signed_at" bigint,
	"education_contract_id" text,
	"education_contract_signed_at" bigint,
	"onboarded_at" bigint,
	"user_id" text,
	"directory_email" text,
	"directory_id" text,
	"personal_number" text,
	"bank_clearing" text,
	"bank_account" text,
	"address" text,
	"postal_code" text,
	"city" text,
	"favourite_cake" text,
	"special_diet" text,
	"tshirt_size" text,
	"shoe_size" text,
	"drivers_license" boolean,
	"ice_type" text,
	"ice_name" text,
	"ice_phone" text,
	"space_id" text,
	"space_url" text,
	"closed_at" bigint,
	"closed_reason" text,
	"erased_at" bigint,
	"search_text" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "country" text DEFAULT 'SE' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_contracts" ADD CONSTRAINT "candidate_contracts_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_links" ADD CONSTRAINT "candidate_links_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_notes" ADD CONSTRAINT "candidate_notes_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_steps" ADD CONSTRAINT "candidate_steps_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_contracts_candidate" ON "candidate_contracts" USING btree ("candidate_id","kind");--> statement-breakpoint
CREATE INDEX "candidate_contracts_external" ON "candidate_contracts" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "candidate_links_candidate" ON "candidate_links" USING btree ("candidate_id","purpose");--> statement-breakpoint
CREATE INDEX "candidate_notes_candidate" ON "candidate_notes" USING btree ("candidate_id","created_at");--> statement-breakpoint
CREATE INDEX "candidates_created" ON "candidates" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "candidates_recruiter" ON "candidates" USING btree ("recruiter_id","created_at");--> statement-breakpoint
CREATE INDEX "candidates_region" ON "candidates" USING btree ("region_id","created_at");--> statement-breakpoint
CREATE INDEX "candidates_step" ON "candidates" USING btree ("step","created_at");--> statement-breakpoint
CREATE INDEX "candidates_start" ON "candidates" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "candidates_name" ON "candidates" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "candidates_closed" ON "candidates" USING btree ("status","closed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_templates_kind_language" ON "contract_templates" USING btree ("kind","language");
--> statement-breakpoint
-- Recruiting (shared/permissions/roles.ts, docs/decisions/070): existing databases' back office gains the candidates,
-- the recruiter's own rules narrow to their own candidates (the seeded rules had no condition), and both may create
-- a candidate's accounts.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'candidates', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'candidates');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'candidate_private_data', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'candidate_private_data');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'candidates', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'candidates');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'candidate_accounts', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'candidate_accounts');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'candidates', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'candidates');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'admin', 'candidates', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'admin' AND y."subject" = 'candidates');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'candidate_accounts', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'recruiter'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'candidate_accounts');
--> statement-breakpoint
UPDATE "permission_rules" SET "conditions" = '{"recruiterId":"${user.id}"}'::jsonb
WHERE "subject" = 'candidates' AND "action" IN ('view', 'update') AND "conditions" IS NULL
  AND "role_id" IN (SELECT r."id" FROM "roles" r WHERE r."key" = 'recruiter');
--> statement-breakpoint
UPDATE "permission_rules" SET "conditions" = '{"recruiterId":"${user.id}"}'::jsonb
WHERE "subject" = 'candidates' AND "action" = 'create' AND "conditions" IS NULL
  AND "role_id" IN (SELECT r."id" FROM "roles" r WHERE r."key" = 'recruiter');
