CREATE TABLE `sale_doubles` (
	`id` text PRIMARY KEY NOT NULL,
	`sale_id` text NOT NULL,
	`other_sale_id` text NOT NULL,
	`customer_key` text NOT NULL,
	`provider_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`team_id` text,
	`office_id` text,
	`days_apart` integer NOT NULL,
	`detected_at` integer NOT NULL,
	`state` text NOT NULL,
	`pending` integer NOT NULL,
	`decided_at` integer,
	`decided_by_id` text,
	`regret_sale_id` text,
	`note` text,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`other_sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sale_doubles_pair` ON `sale_doubles` (`sale_id`,`other_sale_id`);--> statement-breakpoint
CREATE INDEX `sale_doubles_other` ON `sale_doubles` (`other_sale_id`);--> statement-breakpoint
CREATE INDEX `sale_doubles_pending` ON `sale_doubles` (`pending`,`detected_at`,`id`);--> statement-breakpoint
CREATE INDEX `sale_doubles_team` ON `sale_doubles` (`team_id`,`pending`,`detected_at`,`id`);--> statement-breakpoint
CREATE INDEX `sale_doubles_office` ON `sale_doubles` (`office_id`,`pending`,`detected_at`,`id`);--> statement-breakpoint
CREATE INDEX `sale_doubles_seller` ON `sale_doubles` (`seller_id`,`pending`,`detected_at`,`id`);--> statement-breakpoint
CREATE TABLE `sale_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`double_window_days` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by_id` text
);
--> statement-breakpoint
ALTER TABLE `sales` ADD `customer_key` text;--> statement-breakpoint
-- Each sale's customer as one key (shared/rules/double-sales.ts customerKeyOf).
UPDATE `sales` SET `customer_key` = CASE WHEN `customer_type` = 'company' THEN CASE WHEN `org_number` IS NOT NULL THEN 'o' || `org_number` END ELSE CASE WHEN `customer_ssn` IS NOT NULL THEN 'p' || `customer_ssn` END END;--> statement-breakpoint
CREATE INDEX `sales_customer_key` ON `sales` (`customer_key`,`provider_id`,`sell_date`);
--> statement-breakpoint
-- The possible double sales already in the data (docs/decisions/025): each later sale with an earlier one of the same
-- customer, provider and product within the longest window (90 days).
INSERT INTO `sale_doubles` (`id`, `sale_id`, `other_sale_id`, `customer_key`, `provider_id`, `seller_id`, `team_id`, `office_id`, `days_apart`, `detected_at`, `state`, `pending`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), a.`id`, b.`id`, a.`customer_key`, a.`provider_id`, a.`seller_id`, a.`team_id`, a.`office_id`, CAST(julianday(a.`sell_date`) - julianday(b.`sell_date`) AS INTEGER), a.`created_at`, 'open', 1
FROM `sales` a
JOIN `sales` b ON b.`customer_key` = a.`customer_key` AND b.`provider_id` = a.`provider_id`
  AND b.`sell_date` >= date(a.`sell_date`, '-90 days') AND b.`sell_date` <= a.`sell_date`
  AND (b.`sell_date`, b.`sold_at`, b.`id`) < (a.`sell_date`, a.`sold_at`, a.`id`)
WHERE a.`customer_key` IS NOT NULL
  AND EXISTS (SELECT 1 FROM `sale_lines` la JOIN `sale_lines` lb ON lb.`product_id` = la.`product_id` WHERE la.`sale_id` = a.`id` AND lb.`sale_id` = b.`id`);
