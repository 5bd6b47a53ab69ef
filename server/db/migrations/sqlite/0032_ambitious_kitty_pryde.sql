CREATE TABLE `user_providers` (
	`user_id` text NOT NULL,
	`provider_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_providers_pk` ON `user_providers` (`user_id`,`provider_id`);--> statement-breakpoint
CREATE INDEX `user_providers_provider` ON `user_providers` (`provider_id`);