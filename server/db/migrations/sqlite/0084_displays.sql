CREATE TABLE `displays` (
	`id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`code` text,
	`code_expires_at` integer,
	`secret_hash` text NOT NULL,
	`next_secret_hash` text,
	`next_secret_at` integer,
	`secret_issued_at` integer NOT NULL,
	`name` text,
	`office_id` text,
	`team_ids` text NOT NULL,
	`scenes` text NOT NULL,
	`paired_at` integer,
	`paired_by_id` text,
	`revoked_at` integer,
	`revoked_by_id` text,
	`last_seen_at` integer,
	`last_seen_ip` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `displays_code_unique` ON `displays` (`code`);--> statement-breakpoint
CREATE INDEX `displays_office` ON `displays` (`office_id`,`state`);--> statement-breakpoint
CREATE INDEX `displays_code_expiry` ON `displays` (`state`,`code_expires_at`);
--> statement-breakpoint
-- The office screens of a manager's office (shared/permissions/roles.ts, docs/decisions/101): existing databases' role too.
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'view', 'displays', NULL, '{"officeId":"${user.officeId}"}', 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'manager'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'view' AND y.`subject` = 'displays');
--> statement-breakpoint
-- The office screens of a manager's office (shared/permissions/roles.ts, docs/decisions/101): existing databases' role too.
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'update', 'displays', NULL, '{"officeId":"${user.officeId}"}', 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'manager'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'update' AND y.`subject` = 'displays');
