CREATE TABLE `field_promises` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` text NOT NULL,
	`team_id` text,
	`office_id` text,
	`created_by_id` text NOT NULL,
	`customer_name` text,
	`phone` text,
	`address` text,
	`note` text,
	`due_at` integer NOT NULL,
	`state` text NOT NULL,
	`closed_at` integer,
	`queued_at` integer,
	`missed_by_id` text,
	`taken_at` integer,
	`escalated_at` integer,
	`version` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `field_promises_user` ON `field_promises` (`user_id`,`version`);--> statement-breakpoint
CREATE INDEX `field_promises_team` ON `field_promises` (`team_id`,`state`,`due_at`);--> statement-breakpoint
CREATE INDEX `field_promises_due` ON `field_promises` (`due_at`,`id`);