ALTER TABLE "devices" ADD COLUMN "store_id" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "store_lost_at" bigint;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "pending_at_store_loss" integer;