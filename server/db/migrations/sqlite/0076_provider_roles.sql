CREATE TABLE `identity_provider_roles` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`claim_value` text NOT NULL,
	`role_id` text NOT NULL,
	`position` integer NOT NULL,
	`mapped_by` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`provider_id`) REFERENCES `identity_providers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mapped_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `identity_provider_roles_value` ON `identity_provider_roles` (`provider_id`,`claim_value`);--> statement-breakpoint
ALTER TABLE `identity_providers` ADD `identity_number_claim` text;--> statement-breakpoint
ALTER TABLE `identity_providers` ADD `groups_claim` text;--> statement-breakpoint
ALTER TABLE `identity_providers` ADD `required_for_role_ids` text DEFAULT '[]' NOT NULL;