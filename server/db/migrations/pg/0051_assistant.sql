CREATE TABLE "assistant_stat_roles" (
	"stat_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "assistant_stat_roles_stat_id_role_id_pk" PRIMARY KEY("stat_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "assistant_stats" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"version" integer NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_stat_roles" ADD CONSTRAINT "assistant_stat_roles_stat_id_assistant_stats_id_fk" FOREIGN KEY ("stat_id") REFERENCES "public"."assistant_stats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_stat_roles" ADD CONSTRAINT "assistant_stat_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_stats" ADD CONSTRAINT "assistant_stats_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_stat_roles_role" ON "assistant_stat_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "assistant_stats_owner" ON "assistant_stats" USING btree ("owner_id","updated_at");--> statement-breakpoint
-- Coaches open the statistics views shared with them (docs/decisions/053): existing databases' coach role gets view stats.
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'stats', NULL, NULL, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'coach'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'stats');
