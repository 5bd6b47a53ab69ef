CREATE TABLE "feed_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"user_id" text NOT NULL,
	"text" text NOT NULL,
	"at" bigint NOT NULL,
	"removed_at" bigint,
	"removed_by_id" text
);
--> statement-breakpoint
CREATE TABLE "feed_items" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source_key" text,
	"office_id" text,
	"team_id" text,
	"subject_id" text,
	"author_id" text,
	"what" jsonb NOT NULL,
	"order_value_ore" bigint,
	"text" text,
	"image_id" text,
	"at" bigint NOT NULL,
	"removed_at" bigint,
	"removed_by_id" text,
	CONSTRAINT "feed_items_source_key_unique" UNIQUE("source_key")
);
--> statement-breakpoint
CREATE TABLE "feed_reactions" (
	"item_id" text NOT NULL,
	"user_id" text NOT NULL,
	"emoji" text NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "feed_reactions_item_id_user_id_emoji_pk" PRIMARY KEY("item_id","user_id","emoji")
);
--> statement-breakpoint
CREATE TABLE "feed_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"hide_own" boolean DEFAULT false NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feed_comments_item" ON "feed_comments" USING btree ("item_id","at");--> statement-breakpoint
CREATE INDEX "feed_items_office" ON "feed_items" USING btree ("office_id","at","id");--> statement-breakpoint
CREATE INDEX "feed_items_at" ON "feed_items" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "feed_items_image" ON "feed_items" USING btree ("image_id");--> statement-breakpoint
-- The team feed of a manager's office (shared/permissions/roles.ts, docs/decisions/102): existing databases' role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'create', 'feed_posts', NULL, '{"officeId":"${user.officeId}"}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'manager'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'create' AND y."subject" = 'feed_posts');
--> statement-breakpoint
-- The team feed of a manager's office (shared/permissions/roles.ts, docs/decisions/102): existing databases' role too.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'delete', 'feed_posts', NULL, '{"officeId":"${user.officeId}"}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'manager'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'delete' AND y."subject" = 'feed_posts');
