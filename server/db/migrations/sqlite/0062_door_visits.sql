CREATE TABLE `field_visits` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`team_id` text,
	`office_id` text,
	`outcome` text NOT NULL,
	`address` text NOT NULL,
	`postal_code` text,
	`city` text,
	`note` text,
	`come_back_at` integer,
	`visited_at` integer NOT NULL,
	`lat` real,
	`lng` real,
	`accuracy` real,
	`run_id` text,
	`version` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `field_visits_user` ON `field_visits` (`user_id`,`version`);--> statement-breakpoint
CREATE INDEX `field_visits_visited` ON `field_visits` (`visited_at`,`id`);