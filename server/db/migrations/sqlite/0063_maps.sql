CREATE TABLE `map_file_chunks` (
	`version` text NOT NULL,
	`seq` integer NOT NULL,
	`data` blob NOT NULL,
	PRIMARY KEY(`version`, `seq`)
);
--> statement-breakpoint
CREATE TABLE `map_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`basemap` text NOT NULL,
	`style_url` text,
	`file_version` text,
	`file_name` text,
	`file_size` integer,
	`file_info` text,
	`file_uploaded_at` integer,
	`updated_at` integer NOT NULL,
	`updated_by_id` text
);
--> statement-breakpoint
CREATE TABLE `postal_positions` (
	`country` text NOT NULL,
	`postal_code` text NOT NULL,
	`lat` real NOT NULL,
	`lng` real NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`country`, `postal_code`)
);
--> statement-breakpoint
ALTER TABLE `field_areas` ADD `seller_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `field_areas` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `sale_settings` ADD `record_positions` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `lat` real;--> statement-breakpoint
ALTER TABLE `sales` ADD `lng` real;--> statement-breakpoint
ALTER TABLE `sales` ADD `accuracy` real;--> statement-breakpoint
-- The runs and maps screens (shared/permissions/roles.ts, docs/decisions/074): existing databases' coaches (their teams) and managers (their office).
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'view', 'controlling', NULL, '{"teamId":{"$in":"${user.teamIds}"}}', 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'coach'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'view' AND y.`subject` = 'controlling');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'view', 'controlling', NULL, '{"officeId":"${user.officeId}"}', 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'manager'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'view' AND y.`subject` = 'controlling');
