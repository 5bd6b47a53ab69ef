CREATE INDEX `activity_log_at` ON `activity_log` (`at`,`id`);--> statement-breakpoint
CREATE INDEX `activity_log_kind_at` ON `activity_log` (`entity`,`at`);