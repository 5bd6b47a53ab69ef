CREATE TABLE "field_visits" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"team_id" text,
	"office_id" text,
	"outcome" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text,
	"city" text,
	"note" text,
	"come_back_at" bigint,
	"visited_at" bigint NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"accuracy" double precision,
	"run_id" text,
	"version" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "field_visits_user" ON "field_visits" USING btree ("user_id","version");--> statement-breakpoint
CREATE INDEX "field_visits_visited" ON "field_visits" USING btree ("visited_at","id");