CREATE TABLE `notification_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`link` text,
	`audience` text NOT NULL,
	`recipients` integer NOT NULL,
	`sent_by` text,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`sent_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notification_messages_sent` ON `notification_messages` (`sent_at`);