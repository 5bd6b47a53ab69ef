CREATE TABLE `game_competitions` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`metric` text NOT NULL,
	`kind` text NOT NULL,
	`office_ids` text NOT NULL,
	`from_day` text NOT NULL,
	`to_day` text NOT NULL,
	`prizes` text NOT NULL,
	`state` text NOT NULL,
	`standing` text,
	`published_at` integer,
	`finished_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_by_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `game_competitions_state` ON `game_competitions` (`state`,`to_day`);--> statement-breakpoint
ALTER TABLE `game_sales` ADD `order_value_ore` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `game_sales_date` ON `game_sales` (`sell_date`,`status`,`seller_id`,`team_id`,`office_id`,`order_value_ore`);--> statement-breakpoint
UPDATE `game_sales` SET `order_value_ore` = coalesce((SELECT `order_value_ore` FROM `sales` WHERE `sales`.`id` = `game_sales`.`sale_id`), 0);
