CREATE TABLE `terms_answers` (
	`version_id` text NOT NULL,
	`user_id` text NOT NULL,
	`answer` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`version_id`, `user_id`),
	FOREIGN KEY (`version_id`) REFERENCES `terms_versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `terms_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`number` integer NOT NULL,
	`texts` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`published_at` integer,
	`published_by` text,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `terms_versions_number_unique` ON `terms_versions` (`number`);--> statement-breakpoint
CREATE INDEX `terms_versions_published` ON `terms_versions` (`status`,`published_at`);