CREATE TABLE `game_ledger` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`xp` integer NOT NULL,
	`coins` integer NOT NULL,
	`sale_id` text,
	`ref_id` text,
	`reason` text,
	`event_id` integer,
	`team_id` text,
	`office_id` text,
	`day` text NOT NULL,
	`at` integer NOT NULL,
	`by_user_id` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `game_ledger_event_id_unique` ON `game_ledger` (`event_id`);--> statement-breakpoint
CREATE INDEX `game_ledger_user` ON `game_ledger` (`user_id`,`at`);--> statement-breakpoint
CREATE INDEX `game_ledger_sale` ON `game_ledger` (`sale_id`);--> statement-breakpoint
CREATE TABLE `game_levels` (
	`id` text PRIMARY KEY NOT NULL,
	`number` integer NOT NULL,
	`name` text NOT NULL,
	`required_xp` integer NOT NULL,
	`benefits` text DEFAULT '' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `game_levels_number_unique` ON `game_levels` (`number`);--> statement-breakpoint
CREATE TABLE `game_levels_reached` (
	`user_id` text NOT NULL,
	`level_id` text NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `level_id`)
);
--> statement-breakpoint
CREATE TABLE `game_sales` (
	`sale_id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`team_id` text,
	`office_id` text,
	`sell_date` text NOT NULL,
	`points` integer NOT NULL,
	`status` text NOT NULL,
	`score_tenths` integer,
	`last_event_id` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `game_sales_seller` ON `game_sales` (`seller_id`,`sell_date`);--> statement-breakpoint
CREATE TABLE `game_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`quality_steps` text NOT NULL,
	`version` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by_id` text
);
--> statement-breakpoint
CREATE TABLE `game_totals` (
	`user_id` text PRIMARY KEY NOT NULL,
	`xp` integer NOT NULL,
	`coins` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `game_totals_xp` ON `game_totals` (`xp`);--> statement-breakpoint
CREATE TABLE `game_xp_days` (
	`day` text NOT NULL,
	`user_id` text NOT NULL,
	`team_id` text NOT NULL,
	`office_id` text NOT NULL,
	`xp` integer NOT NULL,
	PRIMARY KEY(`day`, `user_id`, `team_id`, `office_id`)
);
--> statement-breakpoint
CREATE INDEX `game_xp_days_team` ON `game_xp_days` (`team_id`,`day`,`user_id`,`xp`);--> statement-breakpoint
CREATE INDEX `game_xp_days_office` ON `game_xp_days` (`office_id`,`day`,`user_id`,`xp`);