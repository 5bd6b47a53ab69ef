CREATE TABLE `activity_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text,
	`acting_as_id` text,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`action` text NOT NULL,
	`before` text,
	`after` text,
	`reason` text
);
--> statement-breakpoint
CREATE INDEX `activity_log_entity` ON `activity_log` (`entity`,`entity_id`,`at`);--> statement-breakpoint
CREATE INDEX `activity_log_actor` ON `activity_log` (`actor_id`,`at`);--> statement-breakpoint
CREATE TABLE `domain_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`payload` text NOT NULL,
	`actor_id` text,
	`occurred_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `domain_events_name` ON `domain_events` (`name`,`id`);--> statement-breakpoint
CREATE TABLE `event_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`subscriber` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`locked_by` text,
	`locked_until` integer,
	`last_error` text,
	`done_at` integer,
	FOREIGN KEY (`event_id`) REFERENCES `domain_events`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_deliveries_event_subscriber` ON `event_deliveries` (`event_id`,`subscriber`);--> statement-breakpoint
CREATE INDEX `event_deliveries_due` ON `event_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `job_schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`job_name` text NOT NULL,
	`payload` text NOT NULL,
	`recurrence` text NOT NULL,
	`timezone` text NOT NULL,
	`next_run_at` integer,
	`last_run_at` integer,
	`active` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_schedules_key_unique` ON `job_schedules` (`key`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`payload` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer NOT NULL,
	`max_attempts` integer NOT NULL,
	`run_at` integer NOT NULL,
	`locked_by` text,
	`locked_until` integer,
	`progress_done` integer NOT NULL,
	`progress_total` integer,
	`result` text,
	`last_error` text,
	`unique_key` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_unique_key_unique` ON `jobs` (`unique_key`);--> statement-breakpoint
CREATE INDEX `jobs_due` ON `jobs` (`status`,`run_at`);--> statement-breakpoint
CREATE TRIGGER `activity_log_no_update` BEFORE UPDATE ON `activity_log` BEGIN SELECT RAISE(ABORT, 'activity_log is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `activity_log_no_delete` BEFORE DELETE ON `activity_log` BEGIN SELECT RAISE(ABORT, 'activity_log is append-only'); END;
