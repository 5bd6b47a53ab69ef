CREATE TABLE "user_providers" (
	"user_id" text NOT NULL,
	"provider_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_providers" ADD CONSTRAINT "user_providers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_providers_pk" ON "user_providers" USING btree ("user_id","provider_id");--> statement-breakpoint
CREATE INDEX "user_providers_provider" ON "user_providers" USING btree ("provider_id");