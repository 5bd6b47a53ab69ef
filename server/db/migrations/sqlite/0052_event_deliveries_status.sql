DROP INDEX `event_deliveries_due`;--> statement-breakpoint
CREATE INDEX `event_deliveries_status` ON `event_deliveries` (`status`,`id`);