CREATE TABLE `offer_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`provider_id` text NOT NULL,
	`country` text NOT NULL,
	`terms` text NOT NULL,
	`binding_months` integer,
	`reminder_after_hours` integer NOT NULL,
	`expires_after_days` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offer_rules_provider_country` ON `offer_rules` (`provider_id`,`country`);--> statement-breakpoint
CREATE TABLE `offers` (
	`id` text PRIMARY KEY NOT NULL,
	`sale_id` text NOT NULL,
	`seller_id` text NOT NULL,
	`team_id` text,
	`office_id` text,
	`provider_id` text NOT NULL,
	`country` text NOT NULL,
	`language` text NOT NULL,
	`state` text NOT NULL,
	`document` text NOT NULL,
	`document_hash` text NOT NULL,
	`call_ended_at` integer NOT NULL,
	`sent_at` integer NOT NULL,
	`sent_by` text,
	`sent_to` text NOT NULL,
	`token_hash` text NOT NULL,
	`token_sealed` text NOT NULL,
	`expires_at` integer NOT NULL,
	`reminded_at` integer,
	`answered_at` integer,
	`answered_hash` text,
	`answer_ip` text,
	`answer_user_agent` text,
	`decline_reason` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `offers_sale` ON `offers` (`sale_id`,`sent_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `offers_token` ON `offers` (`token_hash`);--> statement-breakpoint
CREATE INDEX `offers_state_expiry` ON `offers` (`state`,`expires_at`);--> statement-breakpoint
CREATE INDEX `offers_provider_sent` ON `offers` (`provider_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `offers_sent` ON `offers` (`sent_at`,`id`);--> statement-breakpoint
CREATE TABLE `sms_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`text` text NOT NULL,
	`status` text NOT NULL,
	`gateway_id` text,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `sms_outbox_created` ON `sms_outbox` (`created_at`);--> statement-breakpoint
-- Written offers after a telesales call (shared/permissions/roles.ts, docs/decisions/094): existing databases' roles too.
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'view', 'sale_offers', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'view' AND y.`subject` = 'sale_offers');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'create', 'sale_offers', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'create' AND y.`subject` = 'sale_offers');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'update', 'sale_offers', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'update' AND y.`subject` = 'sale_offers');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'view', 'sale_offers', NULL, '{"officeId":"${user.officeId}"}', 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'manager'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'view' AND y.`subject` = 'sale_offers');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'view', 'sale_offers', NULL, '{"teamId":{"$in":"${user.teamIds}"}}', 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'coach'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'view' AND y.`subject` = 'sale_offers');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'view', 'sale_offers', NULL, '{"sellerId":"${user.id}"}', 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'seller'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'view' AND y.`subject` = 'sale_offers');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'create', 'sale_offers', NULL, '{"sellerId":"${user.id}"}', 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'seller'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'create' AND y.`subject` = 'sale_offers');
