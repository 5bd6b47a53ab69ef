CREATE TABLE `embed_assignees` (
	`embed_id` text NOT NULL,
	`kind` text NOT NULL,
	`target_id` text NOT NULL,
	PRIMARY KEY(`embed_id`, `kind`, `target_id`),
	FOREIGN KEY (`embed_id`) REFERENCES `embeds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `embed_assignees_target` ON `embed_assignees` (`kind`,`target_id`);--> statement-breakpoint
CREATE TABLE `embed_hosts` (
	`host` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `embeds` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`url` text NOT NULL,
	`height` integer NOT NULL,
	`signing` text NOT NULL,
	`resource` text,
	`scope` text NOT NULL,
	`secret` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `guide_acks` (
	`guide_id` text NOT NULL,
	`user_id` text NOT NULL,
	`number` integer NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`guide_id`, `user_id`),
	FOREIGN KEY (`guide_id`) REFERENCES `guides`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `guide_acks_user` ON `guide_acks` (`user_id`);--> statement-breakpoint
CREATE TABLE `guide_categories` (
	`id` text PRIMARY KEY NOT NULL,
	`position` integer NOT NULL,
	`icon` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`audience` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `guide_categories_position` ON `guide_categories` (`position`);--> statement-breakpoint
CREATE TABLE `guide_files` (
	`file_id` text NOT NULL,
	`guide_id` text NOT NULL,
	PRIMARY KEY(`file_id`, `guide_id`),
	FOREIGN KEY (`guide_id`) REFERENCES `guides`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `guide_files_guide` ON `guide_files` (`guide_id`);--> statement-breakpoint
CREATE TABLE `guide_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`guide_id` text NOT NULL,
	`number` integer NOT NULL,
	`texts` text NOT NULL,
	`must_read` integer NOT NULL,
	`search_text` text NOT NULL,
	`published_at` integer NOT NULL,
	`published_by` text,
	FOREIGN KEY (`guide_id`) REFERENCES `guides`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guide_versions_number` ON `guide_versions` (`guide_id`,`number`);--> statement-breakpoint
CREATE TABLE `guides` (
	`id` text PRIMARY KEY NOT NULL,
	`category_id` text NOT NULL,
	`position` integer NOT NULL,
	`must_read` integer NOT NULL,
	`texts` text NOT NULL,
	`title` text NOT NULL,
	`languages` text NOT NULL,
	`listing` text,
	`audience` text NOT NULL,
	`published_number` integer,
	`published_at` integer,
	`unpublished` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `guide_categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `guides_category` ON `guides` (`category_id`,`position`);--> statement-breakpoint
CREATE INDEX `guides_published` ON `guides` (`published_at`);