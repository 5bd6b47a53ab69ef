CREATE TABLE "notification_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"audience" jsonb NOT NULL,
	"recipients" integer NOT NULL,
	"sent_by" text,
	"sent_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_messages_sent" ON "notification_messages" USING btree ("sent_at");