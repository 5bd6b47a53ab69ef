CREATE TABLE "identity_provider_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"claim_value" text NOT NULL,
	"role_id" text NOT NULL,
	"position" integer NOT NULL,
	"mapped_by" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "identity_number_claim" text;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "groups_claim" text;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "required_for_role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_provider_roles" ADD CONSTRAINT "identity_provider_roles_provider_id_identity_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_provider_roles" ADD CONSTRAINT "identity_provider_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_provider_roles" ADD CONSTRAINT "identity_provider_roles_mapped_by_users_id_fk" FOREIGN KEY ("mapped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_provider_roles_value" ON "identity_provider_roles" USING btree ("provider_id","claim_value");