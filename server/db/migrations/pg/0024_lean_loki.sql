CREATE INDEX "activity_log_at" ON "activity_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "activity_log_kind_at" ON "activity_log" USING btree ("entity","at");