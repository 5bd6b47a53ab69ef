CREATE TABLE "map_file_chunks" (
	"version" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "map_file_chunks_version_seq_pk" PRIMARY KEY("version","seq")
);
--> statement-breakpoint
CREATE TABLE "map_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"basemap" text NOT NULL,
	"style_url" text,
	"file_version" text,
	"file_name" text,
	"file_size" bigint,
	"file_info" jsonb,
	"file_uploaded_at" bigint,
	"updated_at" bigint NOT NULL,
	"updated_by_id" text
);
--> statement-breakpoint
CREATE TABLE "postal_positions" (
	"country" text NOT NULL,
	"postal_code" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "postal_positions_country_postal_code_pk" PRIMARY KEY("country","postal_code")
);
--> statement-breakpoint
ALTER TABLE "field_areas" ADD COLUMN "seller_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "field_areas" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_settings" ADD COLUMN "record_positions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "accuracy" double precision;--> statement-breakpoint
-- The runs and maps screens (shared/permissions/roles.ts, docs/decisions/074): existing databases' coaches (their teams) and managers (their office).
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'controlling', NULL, '{"teamId":{"$in":"${user.teamIds}"}}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'coach'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'controlling');
--> statement-breakpoint
INSERT INTO "permission_rules" ("id", "role_id", "action", "subject", "fields", "conditions", "inverted", "reason", "position")
SELECT gen_random_uuid()::text, r."id", 'view', 'controlling', NULL, '{"officeId":"${user.officeId}"}'::jsonb, false, NULL, (SELECT coalesce(max(x."position"), 0) + 1 FROM "permission_rules" x WHERE x."role_id" = r."id")
FROM "roles" r WHERE r."key" = 'manager'
  AND NOT EXISTS (SELECT 1 FROM "permission_rules" y WHERE y."role_id" = r."id" AND y."action" = 'view' AND y."subject" = 'controlling');
