ALTER TABLE "sessions" ADD COLUMN "impersonating_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonation_started_at" bigint;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonating_id_users_id_fk" FOREIGN KEY ("impersonating_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;