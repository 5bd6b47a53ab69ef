ALTER TABLE `devices` ADD `store_id` text;--> statement-breakpoint
ALTER TABLE `devices` ADD `store_lost_at` integer;--> statement-breakpoint
ALTER TABLE `devices` ADD `pending_at_store_loss` integer;