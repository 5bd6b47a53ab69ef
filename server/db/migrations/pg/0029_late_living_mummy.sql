CREATE TABLE "coach_group_members" (
	"group_id" text NOT NULL,
	"user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_group_providers" (
	"group_id" text NOT NULL,
	"provider_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coach_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "coach_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "oph_targets" (
	"scope" text NOT NULL,
	"scope_id" text NOT NULL,
	"level1_gold" integer NOT NULL,
	"level1_platinum" integer NOT NULL,
	"level2_gold" integer NOT NULL,
	"level2_platinum" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_view_team" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coach_group_members" ADD CONSTRAINT "coach_group_members_group_id_coach_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."coach_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_group_providers" ADD CONSTRAINT "coach_group_providers_group_id_coach_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."coach_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_group_members_pk" ON "coach_group_members" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "coach_group_members_user" ON "coach_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coach_group_providers_pk" ON "coach_group_providers" USING btree ("group_id","provider_id");--> statement-breakpoint
CREATE INDEX "coach_group_providers_provider" ON "coach_group_providers" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oph_targets_pk" ON "oph_targets" USING btree ("scope","scope_id");