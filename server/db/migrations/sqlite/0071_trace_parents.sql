ALTER TABLE `domain_events` ADD `trace_parent` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `trace_parent` text;