CREATE TABLE "offer_eid" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text,
	"scopes" text NOT NULL,
	"acr_values" text,
	"identity_number_claim" text,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offer_rules" ADD COLUMN "eid" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "eid" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "eid_issuer" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "eid_subject" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "eid_name" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "eid_number_hash" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "eid_acr" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "eid_auth_at" bigint;