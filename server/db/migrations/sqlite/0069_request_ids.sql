ALTER TABLE `domain_events` ADD `request_id` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `request_id` text;