CREATE TABLE `coach_group_members` (
	`group_id` text NOT NULL,
	`user_id` text NOT NULL,
	FOREIGN KEY (`group_id`) REFERENCES `coach_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coach_group_members_pk` ON `coach_group_members` (`group_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `coach_group_members_user` ON `coach_group_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `coach_group_providers` (
	`group_id` text NOT NULL,
	`provider_id` text NOT NULL,
	FOREIGN KEY (`group_id`) REFERENCES `coach_groups`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coach_group_providers_pk` ON `coach_group_providers` (`group_id`,`provider_id`);--> statement-breakpoint
CREATE INDEX `coach_group_providers_provider` ON `coach_group_providers` (`provider_id`);--> statement-breakpoint
CREATE TABLE `coach_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coach_groups_name_unique` ON `coach_groups` (`name`);--> statement-breakpoint
CREATE TABLE `oph_targets` (
	`scope` text NOT NULL,
	`scope_id` text NOT NULL,
	`level1_gold` integer NOT NULL,
	`level1_platinum` integer NOT NULL,
	`level2_gold` integer NOT NULL,
	`level2_platinum` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oph_targets_pk` ON `oph_targets` (`scope`,`scope_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `can_view_team` integer DEFAULT false NOT NULL;