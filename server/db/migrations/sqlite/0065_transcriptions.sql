CREATE TABLE `transcription_scripts` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`must` text NOT NULL,
	`must_not` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_by_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transcription_scripts_provider_id_unique` ON `transcription_scripts` (`provider_id`);--> statement-breakpoint
CREATE TABLE `transcriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`team_id` text,
	`office_id` text,
	`sale_id` text,
	`order_id` text,
	`provider_id` text,
	`call_at` integer NOT NULL,
	`audio_file_id` text,
	`audio_type` text,
	`audio_size` integer,
	`duration_seconds` real,
	`language` text NOT NULL,
	`status` text NOT NULL,
	`engine` text,
	`model` text,
	`segments` text NOT NULL,
	`search_text` text NOT NULL,
	`dropped` integer DEFAULT 0 NOT NULL,
	`checks` text,
	`check_result` text,
	`error` text,
	`created_by_id` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `transcriptions_call` ON `transcriptions` (`call_at`,`id`);--> statement-breakpoint
CREATE INDEX `transcriptions_seller` ON `transcriptions` (`seller_id`,`call_at`);--> statement-breakpoint
CREATE INDEX `transcriptions_team` ON `transcriptions` (`team_id`,`call_at`);--> statement-breakpoint
CREATE INDEX `transcriptions_sale` ON `transcriptions` (`sale_id`);
--> statement-breakpoint
-- Seller transcriptions (shared/permissions/roles.ts, docs/decisions/076): coaches (their teams), managers (their office), back office.
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'view', 'seller_transcriptions', NULL, '{"teamId":{"$in":"${user.teamIds}"}}', 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'coach'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'view' AND y.`subject` = 'seller_transcriptions');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'view', 'seller_transcriptions', NULL, '{"officeId":"${user.officeId}"}', 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'manager'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'view' AND y.`subject` = 'seller_transcriptions');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'create', 'seller_transcriptions', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'create' AND y.`subject` = 'seller_transcriptions');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'update', 'seller_transcriptions', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'update' AND y.`subject` = 'seller_transcriptions');
