CREATE TABLE `quality_survey_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`survey_id` text NOT NULL,
	`channel` text NOT NULL,
	`language` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`survey_id`) REFERENCES `quality_surveys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quality_survey_links_survey` ON `quality_survey_links` (`survey_id`);