CREATE TABLE `quality_surveys` (
	`id` text PRIMARY KEY NOT NULL,
	`sale_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`team_id` text,
	`office_id` text,
	`provider_id` text NOT NULL,
	`sell_date` text NOT NULL,
	`sold_at` integer NOT NULL,
	`reason` text NOT NULL,
	`status` text NOT NULL,
	`template_id` text NOT NULL,
	`template_version_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_try_at` integer NOT NULL,
	`answers` text,
	`score_tenths` integer,
	`grade` text,
	`nki_tenths` integer,
	`channel` text,
	`regret_reason` text,
	`answered_at` integer,
	`answered_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quality_surveys_sale_id_unique` ON `quality_surveys` (`sale_id`);--> statement-breakpoint
CREATE INDEX `quality_surveys_queue` ON `quality_surveys` (`status`,`next_try_at`);--> statement-breakpoint
CREATE INDEX `quality_surveys_answered` ON `quality_surveys` (`answered_at`);--> statement-breakpoint
CREATE INDEX `quality_surveys_team` ON `quality_surveys` (`team_id`,`sell_date`);--> statement-breakpoint
CREATE INDEX `quality_surveys_office` ON `quality_surveys` (`office_id`,`sell_date`);--> statement-breakpoint
CREATE INDEX `quality_surveys_seller` ON `quality_surveys` (`seller_id`,`sell_date`);--> statement-breakpoint
CREATE INDEX `quality_surveys_date` ON `quality_surveys` (`sell_date`);--> statement-breakpoint
CREATE INDEX `quality_surveys_version` ON `quality_surveys` (`template_version_id`);--> statement-breakpoint
CREATE TABLE `quality_template_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`template_id` text NOT NULL,
	`number` integer NOT NULL,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text,
	FOREIGN KEY (`template_id`) REFERENCES `quality_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quality_template_versions_number` ON `quality_template_versions` (`template_id`,`number`);--> statement-breakpoint
CREATE TABLE `quality_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`provider_id` text,
	`active` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `quality_templates_provider` ON `quality_templates` (`provider_id`,`active`);--> statement-breakpoint
ALTER TABLE `sales` ADD `quality_grade` text;
--> statement-breakpoint
-- Sale quality (shared/permissions/roles.ts, docs/decisions/045): existing databases' backoffice role too.
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'update', 'sale_quality_surveys', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'update' AND y.`subject` = 'sale_quality_surveys');
--> statement-breakpoint
-- Sale quality (shared/permissions/roles.ts, docs/decisions/045): existing databases' backoffice role too.
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'update', 'sale_quality_templates', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'update' AND y.`subject` = 'sale_quality_templates');
--> statement-breakpoint
-- Sale quality (shared/permissions/roles.ts, docs/decisions/045): existing databases' backoffice role too.
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'create', 'sale_quality_templates', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'create' AND y.`subject` = 'sale_quality_templates');
