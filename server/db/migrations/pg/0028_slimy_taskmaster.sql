CREATE TABLE "user_titles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "user_titles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
INSERT INTO "user_titles" ("id", "name", "created_at") SELECT gen_random_uuid()::text, "title", (extract(epoch from now()) * 1000)::bigint FROM (SELECT DISTINCT trim("title") AS "title" FROM "users" WHERE "title" IS NOT NULL AND trim("title") <> '') AS t;
