CREATE TABLE "commission_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"sale_id" text NOT NULL,
	"user_id" text NOT NULL,
	"month" text NOT NULL,
	"kind" text NOT NULL,
	"amount_ore" integer NOT NULL,
	"sold_at" bigint NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "commission_lines_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "extra_incomes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"month" text NOT NULL,
	"amount_ore" integer NOT NULL,
	"description" text NOT NULL,
	"removed_at" bigint,
	"created_by_id" text,
	"version" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"month" text,
	"params" jsonb NOT NULL,
	"state" text NOT NULL,
	"job_id" text,
	"file_id" text,
	"summary" jsonb,
	"error" text,
	"requested_by_id" text NOT NULL,
	"requested_at" bigint NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "paycodes" (
	"item" text PRIMARY KEY NOT NULL,
	"code" text,
	"name" text,
	"version" integer NOT NULL,
	"updated_by_id" text,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_export_lines" (
	"export_id" text NOT NULL,
	"user_id" text NOT NULL,
	"item" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount_ore" integer NOT NULL,
	CONSTRAINT "payroll_export_lines_export_id_user_id_item_pk" PRIMARY KEY("export_id","user_id","item")
);
--> statement-breakpoint
CREATE TABLE "time_attestations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"team_id" text,
	"office_id" text,
	"month" text NOT NULL,
	"attested_at" bigint,
	"attested_by_id" text,
	"reopened_at" bigint,
	"reopened_by_id" text,
	"reopen_reason" text,
	"version" integer NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "extra_incomes" ADD CONSTRAINT "extra_incomes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_attestations" ADD CONSTRAINT "time_attestations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_lines_month_user" ON "commission_lines" USING btree ("month","user_id");--> statement-breakpoint
CREATE INDEX "commission_lines_sale" ON "commission_lines" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "extra_incomes_month" ON "extra_incomes" USING btree ("month","user_id");--> statement-breakpoint
CREATE INDEX "extra_incomes_user_version" ON "extra_incomes" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "pay_exports_kind" ON "pay_exports" USING btree ("kind","requested_at");--> statement-breakpoint
CREATE INDEX "pay_exports_month" ON "pay_exports" USING btree ("month","state");--> statement-breakpoint
CREATE UNIQUE INDEX "time_attestations_user_month" ON "time_attestations" USING btree ("user_id","month");--> statement-breakpoint
CREATE INDEX "time_attestations_month" ON "time_attestations" USING btree ("month","team_id");--> statement-breakpoint
CREATE INDEX "time_attestations_user_version" ON "time_attestations" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "sick_notices_date" ON "sick_notices" USING btree ("date");--> statement-breakpoint
CREATE INDEX "time_reports_date" ON "time_reports" USING btree ("date");--> statement-breakpoint
CREATE INDEX "time_reports_team_date" ON "time_reports" USING btree ("team_id","date");--> statement-breakpoint
CREATE INDEX "time_reports_office_date" ON "time_reports" USING btree ("office_id","date");
--> statement-breakpoint
-- The pay codes every organisation starts with (shared/rules/pay.ts DEFAULT_PAYCODES); back office changes them.
INSERT INTO "paycodes" ("item", "code", "name", "version", "updated_by_id", "updated_at") VALUES ('work', 'TID', NULL, 0, NULL, 0), ('absence.vacation', 'SEM', NULL, 0, NULL, 0), ('absence.sick', 'SJK', NULL, 0, NULL, 0), ('absence.child_care', 'VAB', NULL, 0, NULL, 0), ('absence.parental_leave', 'FPE', NULL, 0, NULL, 0), ('absence.leave_of_absence', 'TJL', NULL, 0, NULL, 0), ('absence.unpaid', 'FR1', 'Obetald ledighet', 0, NULL, 0), ('absence.other', 'FR2', 'Övrig frånvaro', 0, NULL, 0), ('allowance.half', 'INRHLV_FRI', NULL, 0, NULL, 0), ('allowance.full', 'INRHEL_FRI', NULL, 0, NULL, 0), ('commission', 'PROVISION', NULL, 0, NULL, 0), ('clawback', 'PROVISION', NULL, 0, NULL, 0), ('extra_income', 'BONUS', NULL, 0, NULL, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Time, absence and pay (shared/permissions/roles.ts, docs/decisions/029): existing databases' backoffice role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'time_attestations', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'time_attestations');
--> statement-breakpoint
-- Time, absence and pay (shared/permissions/roles.ts, docs/decisions/029): existing databases' backoffice role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'extra_incomes', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'extra_incomes');
--> statement-breakpoint
-- Time, absence and pay (shared/permissions/roles.ts, docs/decisions/029): existing databases' backoffice role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'payroll_exports', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'payroll_exports');
--> statement-breakpoint
-- Time, absence and pay (shared/permissions/roles.ts, docs/decisions/029): existing databases' backoffice role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'time_attestations', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'time_attestations');
--> statement-breakpoint
-- Time, absence and pay (shared/permissions/roles.ts, docs/decisions/029): existing databases' backoffice role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'paycodes', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'paycodes');
--> statement-breakpoint
-- Time, absence and pay (shared/permissions/roles.ts, docs/decisions/029): existing databases' backoffice role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'extra_incomes', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'extra_incomes');
--> statement-breakpoint
-- Time, absence and pay (shared/permissions/roles.ts, docs/decisions/029): existing databases' coach role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'time_attestations', NULL, '{"teamId":{"$in":"${user.teamIds}"}}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'coach'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'time_attestations');
--> statement-breakpoint
-- Time, absence and pay (shared/permissions/roles.ts, docs/decisions/029): existing databases' coach role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'sicknotices', NULL, '{"teamId":{"$in":"${user.teamIds}"}}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'coach'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'sicknotices');
