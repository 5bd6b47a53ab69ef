CREATE TABLE "embed_assignees" (
	"embed_id" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	CONSTRAINT "embed_assignees_embed_id_kind_target_id_pk" PRIMARY KEY("embed_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "embed_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embeds" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"height" integer NOT NULL,
	"signing" text NOT NULL,
	"resource" jsonb,
	"scope" jsonb NOT NULL,
	"secret" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_acks" (
	"guide_id" text NOT NULL,
	"user_id" text NOT NULL,
	"number" integer NOT NULL,
	"at" bigint NOT NULL,
	CONSTRAINT "guide_acks_guide_id_user_id_pk" PRIMARY KEY("guide_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "guide_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"icon" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"audience" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guide_files" (
	"file_id" text NOT NULL,
	"guide_id" text NOT NULL,
	CONSTRAINT "guide_files_file_id_guide_id_pk" PRIMARY KEY("file_id","guide_id")
);
--> statement-breakpoint
CREATE TABLE "guide_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"guide_id" text NOT NULL,
	"number" integer NOT NULL,
	"texts" jsonb NOT NULL,
	"must_read" boolean NOT NULL,
	"search_text" jsonb NOT NULL,
	"published_at" bigint NOT NULL,
	"published_by" text
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" text NOT NULL,
	"position" integer NOT NULL,
	"must_read" boolean NOT NULL,
	"texts" jsonb NOT NULL,
	"title" text NOT NULL,
	"languages" jsonb NOT NULL,
	"listing" jsonb,
	"audience" jsonb NOT NULL,
	"published_number" integer,
	"published_at" bigint,
	"unpublished" boolean NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "embed_assignees" ADD CONSTRAINT "embed_assignees_embed_id_embeds_id_fk" FOREIGN KEY ("embed_id") REFERENCES "public"."embeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_acks" ADD CONSTRAINT "guide_acks_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_files" ADD CONSTRAINT "guide_files_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guide_versions" ADD CONSTRAINT "guide_versions_guide_id_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."guides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guides" ADD CONSTRAINT "guides_category_id_guide_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."guide_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "embed_assignees_target" ON "embed_assignees" USING btree ("kind","target_id");--> statement-breakpoint
CREATE INDEX "guide_acks_user" ON "guide_acks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "guide_categories_position" ON "guide_categories" USING btree ("position");--> statement-breakpoint
CREATE INDEX "guide_files_guide" ON "guide_files" USING btree ("guide_id");--> statement-breakpoint
CREATE UNIQUE INDEX "guide_versions_number" ON "guide_versions" USING btree ("guide_id","number");--> statement-breakpoint
CREATE INDEX "guides_category" ON "guides" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "guides_published" ON "guides" USING btree ("published_at");