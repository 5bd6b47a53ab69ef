CREATE TABLE "field_promises" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"team_id" text,
	"office_id" text,
	"created_by_id" text NOT NULL,
	"customer_name" text,
	"phone" text,
	"address" text,
	"note" text,
	"due_at" bigint NOT NULL,
	"state" text NOT NULL,
	"closed_at" bigint,
	"queued_at" bigint,
	"missed_by_id" text,
	"taken_at" bigint,
	"escalated_at" bigint,
	"version" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "field_promises_user" ON "field_promises" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "field_promises_team" ON "field_promises" USING btree ("team_id","state","due_at");--> statement-breakpoint
CREATE INDEX "field_promises_due" ON "field_promises" USING btree ("due_at","id");