CREATE TABLE `external_account_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`login_url` text,
	`username_pattern` text NOT NULL,
	`instructions` text DEFAULT '' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `external_account_templates_name_unique` ON `external_account_templates` (`name`);--> statement-breakpoint
CREATE TABLE `external_accounts` (
	`user_id` text NOT NULL,
	`template_id` text NOT NULL,
	`username` text NOT NULL,
	`password_sealed` text,
	`password_set_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `external_account_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `external_accounts_pk` ON `external_accounts` (`user_id`,`template_id`);--> statement-breakpoint
CREATE INDEX `external_accounts_template` ON `external_accounts` (`template_id`);