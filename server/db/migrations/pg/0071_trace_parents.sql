ALTER TABLE "domain_events" ADD COLUMN "trace_parent" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "trace_parent" text;