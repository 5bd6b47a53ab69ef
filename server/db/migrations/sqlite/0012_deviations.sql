CREATE TABLE `sale_deviations` (
	`id` text PRIMARY KEY NOT NULL,
	`sale_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`team_id` text,
	`office_id` text,
	`provider_id` text NOT NULL,
	`type` text NOT NULL,
	`reason` text NOT NULL,
	`state` text NOT NULL,
	`pending` integer NOT NULL,
	`opened_at` integer NOT NULL,
	`opened_by_id` text,
	`corrected_at` integer,
	`correction_note` text,
	`resolved_at` integer,
	`resolved_by_id` text,
	`resolution` text,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sale_deviations_sale` ON `sale_deviations` (`sale_id`,`opened_at`);--> statement-breakpoint
CREATE INDEX `sale_deviations_pending` ON `sale_deviations` (`pending`,`opened_at`,`id`);--> statement-breakpoint
CREATE INDEX `sale_deviations_team` ON `sale_deviations` (`team_id`,`pending`,`opened_at`,`id`);--> statement-breakpoint
CREATE INDEX `sale_deviations_office` ON `sale_deviations` (`office_id`,`pending`,`opened_at`,`id`);--> statement-breakpoint
CREATE INDEX `sale_deviations_seller` ON `sale_deviations` (`seller_id`,`pending`,`opened_at`,`id`);--> statement-breakpoint
CREATE INDEX `sale_deviations_opened` ON `sale_deviations` (`opened_at`,`id`);--> statement-breakpoint
-- The deviations open when this migration runs, from their sales (docs/decisions/024): the sale's id is the record's.
INSERT INTO `sale_deviations` (`id`, `sale_id`, `seller_id`, `team_id`, `office_id`, `provider_id`, `type`, `reason`, `state`, `pending`, `opened_at`, `opened_by_id`)
SELECT s.`id`, s.`id`, s.`seller_id`, s.`team_id`, s.`office_id`, s.`provider_id`, coalesce(s.`deviation_type`, 'other'), coalesce(s.`deviation_reason`, ''), 'open', 1, s.`updated_at`,
  (SELECT h.`by_user_id` FROM `sale_status_history` h WHERE h.`sale_id` = s.`id` AND h.`status` = 'deviation' ORDER BY h.`at` DESC LIMIT 1)
FROM `sales` s WHERE s.`status` = 'deviation';
