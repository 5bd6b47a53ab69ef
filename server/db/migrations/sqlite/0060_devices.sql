CREATE TABLE `device_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`file_id` text NOT NULL,
	`file_name` text NOT NULL,
	`mapping` text,
	`status` text NOT NULL,
	`result` text,
	`created_by_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`applied_at` integer
);
--> statement-breakpoint
CREATE TABLE `device_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`stale_hours` integer NOT NULL,
	`low_space_mb` integer NOT NULL,
	`min_app_version` text,
	`version` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by_id` text
);
--> statement-breakpoint
CREATE TABLE `devices` (
	`id` text PRIMARY KEY NOT NULL,
	`installation_id` text,
	`key_hash` text,
	`serial_number` text,
	`name` text,
	`manufacturer` text,
	`model` text,
	`os` text,
	`os_version` text,
	`browser` text,
	`app_version` text,
	`app_version_key` text,
	`storage_used` integer,
	`storage_quota` integer,
	`persisted` integer,
	`mdm_free_storage` integer,
	`mdm_total_storage` integer,
	`mdm_enrolled_at` integer,
	`mdm_last_sync_at` integer,
	`app_enrolled_at` integer,
	`last_sync_at` integer,
	`last_contact_at` integer,
	`pending` integer DEFAULT 0 NOT NULL,
	`user_id` text,
	`team_id` text,
	`office_id` text,
	`session_id` text,
	`lost_at` integer,
	`lost_by_id` text,
	`pending_at_loss` integer,
	`wiped_at` integer,
	`alerted` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `devices_installation_id_unique` ON `devices` (`installation_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `devices_serial_number_unique` ON `devices` (`serial_number`);--> statement-breakpoint
CREATE INDEX `devices_user` ON `devices` (`user_id`);--> statement-breakpoint
CREATE INDEX `devices_last_sync` ON `devices` (`last_sync_at`,`id`);--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'update', 'devices', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'update' AND y.`subject` = 'devices');
