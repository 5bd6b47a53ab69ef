CREATE TABLE `downloads` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`state` text NOT NULL,
	`large` integer NOT NULL,
	`action` text NOT NULL,
	`subject` text NOT NULL,
	`job_id` text,
	`file_id` text,
	`size` integer,
	`content_type` text,
	`error` text,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	`expires_at` integer
);
--> statement-breakpoint
CREATE INDEX `downloads_user` ON `downloads` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `downloads_created` ON `downloads` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `downloads_expiry` ON `downloads` (`state`,`expires_at`);--> statement-breakpoint
CREATE TABLE `scheduled_message_deliveries` (
	`run_id` text NOT NULL,
	`recipient_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`language` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`state` text NOT NULL,
	`reason` text,
	`mail_id` text,
	`notified` integer NOT NULL,
	`sent_at` integer,
	PRIMARY KEY(`run_id`, `recipient_id`),
	FOREIGN KEY (`run_id`) REFERENCES `scheduled_message_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `scheduled_message_deliveries_pending` ON `scheduled_message_deliveries` (`run_id`,`state`);--> statement-breakpoint
CREATE TABLE `scheduled_message_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`occurrence_at` integer NOT NULL,
	`test` integer NOT NULL,
	`requested_by` text,
	`state` text NOT NULL,
	`recipients` integer NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`message_id`) REFERENCES `scheduled_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scheduled_message_runs_occurrence` ON `scheduled_message_runs` (`message_id`,`occurrence_at`,`test`);--> statement-breakpoint
CREATE INDEX `scheduled_message_runs_started` ON `scheduled_message_runs` (`message_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `scheduled_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`channel` text NOT NULL,
	`templates` text NOT NULL,
	`sender_name` text,
	`sender_email` text,
	`sender_phone` text,
	`schedule` text NOT NULL,
	`timezone` text NOT NULL,
	`recipients` text NOT NULL,
	`active` integer NOT NULL,
	`next_send_at` integer,
	`version` integer NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `scheduled_messages_name` ON `scheduled_messages` (`name`,`id`);--> statement-breakpoint
CREATE INDEX `scheduled_messages_next` ON `scheduled_messages` (`next_send_at`,`id`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `from_name` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `reply_to` text;--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'create', 'scheduled_messages', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'create' AND y.`subject` = 'scheduled_messages');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'update', 'scheduled_messages', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'update' AND y.`subject` = 'scheduled_messages');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'delete', 'scheduled_messages', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'delete' AND y.`subject` = 'scheduled_messages');
