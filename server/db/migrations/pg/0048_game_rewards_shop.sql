CREATE TABLE "game_purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reward_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"price_coins" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"decided_by_id" text,
	"decided_at" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_reward_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"reward_id" text NOT NULL,
	"size" text,
	"colour" text,
	"stock" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_rewards" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_coins" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "game_purchases_user" ON "game_purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "game_purchases_status" ON "game_purchases" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "game_reward_variants_reward" ON "game_reward_variants" USING btree ("reward_id","position");