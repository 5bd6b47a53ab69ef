CREATE TABLE "game_badge_awards" (
	"badge_id" text NOT NULL,
	"user_id" text NOT NULL,
	"period_key" text NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "game_badge_awards_badge_id_user_id_period_key_pk" PRIMARY KEY("badge_id","user_id","period_key")
);
--> statement-breakpoint
CREATE TABLE "game_badges" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"period" text NOT NULL,
	"rule" jsonb NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "game_badge_awards_user" ON "game_badge_awards" USING btree ("user_id","at");