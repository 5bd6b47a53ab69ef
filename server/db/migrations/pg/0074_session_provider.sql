ALTER TABLE "sessions" ADD COLUMN "sso_provider_id" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sso_sid" text;--> statement-breakpoint
CREATE INDEX "sessions_sso" ON "sessions" USING btree ("sso_provider_id","sso_sid");