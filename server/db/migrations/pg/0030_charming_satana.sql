CREATE TABLE "external_account_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"login_url" text,
	"username_pattern" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "external_account_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "external_accounts" (
	"user_id" text NOT NULL,
	"template_id" text NOT NULL,
	"username" text NOT NULL,
	"password_sealed" text,
	"password_set_at" bigint,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_accounts" ADD CONSTRAINT "external_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_accounts" ADD CONSTRAINT "external_accounts_template_id_external_account_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."external_account_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "external_accounts_pk" ON "external_accounts" USING btree ("user_id","template_id");--> statement-breakpoint
CREATE INDEX "external_accounts_template" ON "external_accounts" USING btree ("template_id");