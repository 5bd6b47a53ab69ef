CREATE TABLE `user_titles` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_titles_name_unique` ON `user_titles` (`name`);--> statement-breakpoint
INSERT INTO `user_titles` (`id`, `name`, `created_at`) SELECT lower(hex(randomblob(16))), `title`, CAST(strftime('%s', 'now') AS INTEGER) * 1000 FROM (SELECT DISTINCT trim(`title`) AS `title` FROM `users` WHERE `title` IS NOT NULL AND trim(`title`) <> '');
