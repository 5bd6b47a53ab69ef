CREATE TABLE `identity_providers` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`label` text NOT NULL,
	`issuer` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret` text,
	`scopes` text DEFAULT 'openid email profile' NOT NULL,
	`acr_values` text,
	`subject_claim` text DEFAULT 'sub' NOT NULL,
	`match_by_email` integer DEFAULT false NOT NULL,
	`trust_emails` integer DEFAULT false NOT NULL,
	`allowed_domains` text NOT NULL,
	`jit_role_id` text,
	`active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`jit_role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `identity_providers_key_unique` ON `identity_providers` (`key`);--> statement-breakpoint
CREATE TABLE `user_identities` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`subject` text NOT NULL,
	`email` text,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `identity_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_identities_subject` ON `user_identities` (`provider_id`,`subject`);--> statement-breakpoint
CREATE INDEX `user_identities_user` ON `user_identities` (`user_id`);