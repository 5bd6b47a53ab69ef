CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "attached_at" bigint;--> statement-breakpoint
CREATE INDEX "files_unattached" ON "files" USING btree ("attached_at","created_at");--> statement-breakpoint
UPDATE "files" SET "attached_at" = "created_at" WHERE "id" IN (SELECT "checklist_file_id" FROM "sales" WHERE "checklist_file_id" IS NOT NULL);
