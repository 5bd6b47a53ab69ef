ALTER TABLE `sessions` ADD `impersonating_id` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `impersonation_started_at` integer;