CREATE TABLE "quality_survey_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"survey_id" text NOT NULL,
	"channel" text NOT NULL,
	"language" text NOT NULL,
	"created_at" bigint NOT NULL,
	"created_by" text,
	"expires_at" bigint NOT NULL,
	"used_at" bigint
);
--> statement-breakpoint
ALTER TABLE "quality_survey_links" ADD CONSTRAINT "quality_survey_links_survey_id_quality_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."quality_surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quality_survey_links_survey" ON "quality_survey_links" USING btree ("survey_id");