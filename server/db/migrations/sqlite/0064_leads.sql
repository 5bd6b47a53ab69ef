CREATE TABLE `lead_campaign_keys` (
	`campaign_key` text NOT NULL,
	`key` text NOT NULL,
	`list_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`campaign_key`, `key`)
);
--> statement-breakpoint
CREATE INDEX `lead_campaign_keys_list` ON `lead_campaign_keys` (`list_id`);--> statement-breakpoint
CREATE TABLE `lead_formats` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`file_type` text NOT NULL,
	`delimiter` text NOT NULL,
	`encoding` text NOT NULL,
	`columns` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_formats_name` ON `lead_formats` (`name`);--> statement-breakpoint
CREATE TABLE `lead_lists` (
	`id` text PRIMARY KEY NOT NULL,
	`source_id` text,
	`campaign` text NOT NULL,
	`campaign_key` text NOT NULL,
	`country` text NOT NULL,
	`file_id` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`headers` text NOT NULL,
	`row_count` integer NOT NULL,
	`nix_file_id` text,
	`nix_file_name` text,
	`nix_numbers` integer,
	`status` text NOT NULL,
	`mapping` text,
	`choices` text,
	`format_id` text,
	`summary` text,
	`error` text,
	`job_id` text,
	`download_id` text,
	`created_by_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `lead_lists_created` ON `lead_lists` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `lead_lists_campaign` ON `lead_lists` (`campaign_key`,`created_at`);--> statement-breakpoint
CREATE TABLE `lead_sources` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`mapping` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_sources_name` ON `lead_sources` (`name`);
--> statement-breakpoint
-- The lead-list tool (shared/permissions/roles.ts, docs/decisions/075): existing databases' back office.
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'view', 'tool_pts_transform', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'view' AND y.`subject` = 'tool_pts_transform');
