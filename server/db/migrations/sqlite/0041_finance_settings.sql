CREATE TABLE `finance_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`payroll_tax_bp` integer NOT NULL,
	`legacy_cutoff` text NOT NULL,
	`version` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by_id` text
);
--> statement-breakpoint
-- The profitability settings (shared/permissions/roles.ts, docs/decisions/051): existing databases' backoffice role too.
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'update', 'finance_settings', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'update' AND y.`subject` = 'finance_settings');
