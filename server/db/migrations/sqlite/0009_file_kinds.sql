DROP INDEX `files_user`;--> statement-breakpoint
DROP INDEX `files_unattached`;--> statement-breakpoint
ALTER TABLE `files` ADD `kind` text DEFAULT 'checklist' NOT NULL;--> statement-breakpoint
CREATE INDEX `files_user` ON `files` (`user_id`,`kind`);--> statement-breakpoint
CREATE INDEX `files_unattached` ON `files` (`kind`,`attached_at`,`created_at`);