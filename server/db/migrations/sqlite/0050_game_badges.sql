CREATE TABLE `game_badge_awards` (
	`badge_id` text NOT NULL,
	`user_id` text NOT NULL,
	`period_key` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`badge_id`, `user_id`, `period_key`)
);
--> statement-breakpoint
CREATE INDEX `game_badge_awards_user` ON `game_badge_awards` (`user_id`,`at`);--> statement-breakpoint
CREATE TABLE `game_badges` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`period` text NOT NULL,
	`rule` text NOT NULL,
	`coins` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
