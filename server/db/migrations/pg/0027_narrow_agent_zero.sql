CREATE TABLE "terms_answers" (
	"version_id" text NOT NULL,
	"user_id" text NOT NULL,
	"answer" text NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "terms_answers_version_id_user_id_pk" PRIMARY KEY("version_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "terms_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"texts" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"published_at" bigint,
	"published_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "terms_versions_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "terms_answers" ADD CONSTRAINT "terms_answers_version_id_terms_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."terms_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terms_versions_published" ON "terms_versions" USING btree ("status","published_at");