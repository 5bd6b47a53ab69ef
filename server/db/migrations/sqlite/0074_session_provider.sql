ALTER TABLE `sessions` ADD `sso_provider_id` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `sso_sid` text;--> statement-breakpoint
CREATE INDEX `sessions_sso` ON `sessions` (`sso_provider_id`,`sso_sid`);