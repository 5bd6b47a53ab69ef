CREATE TABLE `game_players` (
	`user_id` text PRIMARY KEY NOT NULL,
	`ranked` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `game_xp_months` (
	`month` text NOT NULL,
	`user_id` text NOT NULL,
	`team_id` text NOT NULL,
	`office_id` text NOT NULL,
	`xp` integer NOT NULL,
	PRIMARY KEY(`month`, `user_id`, `team_id`, `office_id`)
);
--> statement-breakpoint
CREATE INDEX `game_xp_months_team` ON `game_xp_months` (`team_id`,`month`,`user_id`,`xp`);--> statement-breakpoint
CREATE INDEX `game_xp_months_office` ON `game_xp_months` (`office_id`,`month`,`user_id`,`xp`);--> statement-breakpoint
CREATE INDEX `game_xp_months_month` ON `game_xp_months` (`month`,`user_id`,`xp`);--> statement-breakpoint
CREATE INDEX `game_xp_days_day` ON `game_xp_days` (`day`,`user_id`,`xp`);--> statement-breakpoint
INSERT INTO `game_xp_months` (`month`, `user_id`, `team_id`, `office_id`, `xp`) SELECT substr(`day`, 1, 7), `user_id`, `team_id`, `office_id`, sum(`xp`) FROM `game_xp_days` GROUP BY substr(`day`, 1, 7), `user_id`, `team_id`, `office_id` HAVING sum(`xp`) <> 0;
