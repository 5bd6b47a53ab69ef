DROP INDEX "files_user";--> statement-breakpoint
DROP INDEX "files_unattached";--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "kind" text DEFAULT 'checklist' NOT NULL;--> statement-breakpoint
CREATE INDEX "files_user" ON "files" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "files_unattached" ON "files" USING btree ("kind","attached_at","created_at");