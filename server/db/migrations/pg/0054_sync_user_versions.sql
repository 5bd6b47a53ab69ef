CREATE TABLE "sync_user_versions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL
);
