ALTER TABLE "users" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "drivers_license" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "personal_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_clearing" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_account" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "employment_date" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "education_date" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "coach_assigned_date" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivation_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;