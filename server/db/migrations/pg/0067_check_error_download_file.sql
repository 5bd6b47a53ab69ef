ALTER TABLE "transcriptions" ADD COLUMN "check_error" text;--> statement-breakpoint
CREATE INDEX "downloads_file" ON "downloads" USING btree ("file_id");