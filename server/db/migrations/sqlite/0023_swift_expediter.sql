ALTER TABLE `users` ADD `title` text;--> statement-breakpoint
ALTER TABLE `users` ADD `drivers_license` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `personal_number` text;--> statement-breakpoint
ALTER TABLE `users` ADD `bank_clearing` text;--> statement-breakpoint
ALTER TABLE `users` ADD `bank_account` text;--> statement-breakpoint
ALTER TABLE `users` ADD `employment_date` text;--> statement-breakpoint
ALTER TABLE `users` ADD `education_date` text;--> statement-breakpoint
ALTER TABLE `users` ADD `coach_assigned_date` text;--> statement-breakpoint
ALTER TABLE `users` ADD `deactivated_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `deactivation_reason` text;--> statement-breakpoint
ALTER TABLE `users` ADD `last_sign_in_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `version` integer DEFAULT 1 NOT NULL;