CREATE TABLE "downloads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"large" boolean NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"job_id" text,
	"file_id" text,
	"size" bigint,
	"content_type" text,
	"error" text,
	"created_at" bigint NOT NULL,
	"finished_at" bigint,
	"expires_at" bigint
);
--> statement-breakpoint
CREATE TABLE "scheduled_message_deliveries" (
	"run_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"mail_id" text,
	"notified" boolean NOT NULL,
	"sent_at" bigint,
	CONSTRAINT "scheduled_message_deliveries_run_id_recipient_id_pk" PRIMARY KEY("run_id","recipient_id")
);
--> statement-breakpoint
CREATE TABLE "scheduled_message_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"occurrence_at" bigint NOT NULL,
	"test" boolean NOT NULL,
	"requested_by" text,
	"state" text NOT NULL,
	"recipients" integer NOT NULL,
	"started_at" bigint NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "scheduled_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"templates" jsonb NOT NULL,
	"sender_name" text,
	"sender_email" text,
	"sender_phone" text,
	"schedule" jsonb NOT NULL,
	"timezone" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"active" boolean NOT NULL,
	"next_send_at" bigint,
	"version" integer NOT NULL,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "scheduled_message_deliveries" ADD CONSTRAINT "scheduled_message_deliveries_run_id_scheduled_message_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scheduled_message_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_message_runs" ADD CONSTRAINT "scheduled_message_runs_message_id_scheduled_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."scheduled_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "downloads_user" ON "downloads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "downloads_created" ON "downloads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "downloads_expiry" ON "downloads" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "scheduled_message_deliveries_pending" ON "scheduled_message_deliveries" USING btree ("run_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_message_runs_occurrence" ON "scheduled_message_runs" USING btree ("message_id","occurrence_at","test");--> statement-breakpoint
CREATE INDEX "scheduled_message_runs_started" ON "scheduled_message_runs" USING btree ("message_id","started_at");--> statement-breakpoint
CREATE INDEX "scheduled_messages_name" ON "scheduled_messages" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "scheduled_messages_next" ON "scheduled_messages" USING btree ("next_send_at","id");--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'scheduled_messages', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'scheduled_messages');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'update', 'scheduled_messages', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'update' AND y."subject" = 'scheduled_messages');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'delete', 'scheduled_messages', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'delete' AND y."subject" = 'scheduled_messages');
