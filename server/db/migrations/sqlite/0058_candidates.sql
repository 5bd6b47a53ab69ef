CREATE TABLE `candidate_contracts` (
	`id` text PRIMARY KEY NOT NULL,
	`candidate_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`file_id` text NOT NULL,
	`sha256` text NOT NULL,
	`template_version` integer NOT NULL,
	`signer` text NOT NULL,
	`external_id` text,
	`signed_file_id` text,
	`signed_sha256` text,
	`audit` text,
	`sent_at` integer NOT NULL,
	`signed_at` integer,
	`reminded_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`candidate_id`) REFERENCES `candidates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `candidate_contracts_candidate` ON `candidate_contracts` (`candidate_id`,`kind`);--> statement-breakpoint
CREATE INDEX `candidate_contracts_external` ON `candidate_contracts` (`external_id`);--> statement-breakpoint
CREATE TABLE `candidate_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`candidate_id` text NOT NULL,
	`purpose` text NOT NULL,
	`contract_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`candidate_id`) REFERENCES `candidates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `candidate_links_candidate` ON `candidate_links` (`candidate_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `candidate_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`candidate_id` text NOT NULL,
	`author_id` text,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`candidate_id`) REFERENCES `candidates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `candidate_notes_candidate` ON `candidate_notes` (`candidate_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `candidate_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`retention_days` integer NOT NULL,
	`reminder_days` integer NOT NULL,
	`link_days` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `candidate_steps` (
	`candidate_id` text NOT NULL,
	`step` text NOT NULL,
	`status` text NOT NULL,
	`job_id` text,
	`runs` integer DEFAULT 0 NOT NULL,
	`error` text,
	`detail` text,
	`started_by` text,
	`started_at` integer,
	`finished_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`candidate_id`, `step`),
	FOREIGN KEY (`candidate_id`) REFERENCES `candidates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `candidates` (
	`id` text PRIMARY KEY NOT NULL,
	`recruiter_id` text NOT NULL,
	`region_id` text NOT NULL,
	`status` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`language` text NOT NULL,
	`start_date` text,
	`step` text NOT NULL,
	`has_additional_info` integer DEFAULT false NOT NULL,
	`reminder_sent_at` integer,
	`work_contract_sent_at` integer,
	`work_contract_signed_at` integer,
	`education_contract_id` text,
	`education_contract_signed_at` integer,
	`onboarded_at` integer,
	`user_id` text,
	`directory_email` text,
	`directory_id` text,
	`personal_number` text,
	`bank_clearing` text,
	`bank_account` text,
	`address` text,
	`postal_code` text,
	`city` text,
	`favourite_cake` text,
	`special_diet` text,
	`tshirt_size` text,
	`shoe_size` text,
	`drivers_license` integer,
	`ice_type` text,
	`ice_name` text,
	`ice_phone` text,
	`space_id` text,
	`space_url` text,
	`closed_at` integer,
	`closed_reason` text,
	`erased_at` integer,
	`search_text` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `candidates_created` ON `candidates` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `candidates_recruiter` ON `candidates` (`recruiter_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `candidates_region` ON `candidates` (`region_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `candidates_step` ON `candidates` (`step`,`created_at`);--> statement-breakpoint
CREATE INDEX `candidates_start` ON `candidates` (`start_date`,`id`);--> statement-breakpoint
CREATE INDEX `candidates_name` ON `candidates` (`last_name`,`first_name`,`id`);--> statement-breakpoint
CREATE INDEX `candidates_closed` ON `candidates` (`status`,`closed_at`);--> statement-breakpoint
CREATE TABLE `contract_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`language` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	`version` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contract_templates_kind_language` ON `contract_templates` (`kind`,`language`);--> statement-breakpoint
ALTER TABLE `regions` ADD `country` text DEFAULT 'SE' NOT NULL;
--> statement-breakpoint
-- Recruiting (shared/permissions/roles.ts, docs/decisions/070): existing databases' back office gains the candidates,
-- the recruiter's own rules narrow to their own candidates (the seeded rules had no condition), and both may create
-- a candidate's accounts.
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'view', 'candidates', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'view' AND y.`subject` = 'candidates');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'view', 'candidate_private_data', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'view' AND y.`subject` = 'candidate_private_data');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'create', 'candidates', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'create' AND y.`subject` = 'candidates');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'create', 'candidate_accounts', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'create' AND y.`subject` = 'candidate_accounts');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'update', 'candidates', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'update' AND y.`subject` = 'candidates');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'admin', 'candidates', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'backoffice'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'admin' AND y.`subject` = 'candidates');
--> statement-breakpoint
INSERT INTO `permission_rules` (`id`, `role_id`, `action`, `subject`, `fields`, `conditions`, `inverted`, `reason`, `position`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), r.`id`, 'create', 'candidate_accounts', NULL, NULL, 0, NULL, (SELECT coalesce(max(x.`position`), 0) + 1 FROM `permission_rules` x WHERE x.`role_id` = r.`id`)
FROM `roles` r WHERE r.`key` = 'recruiter'
  AND NOT EXISTS (SELECT 1 FROM `permission_rules` y WHERE y.`role_id` = r.`id` AND y.`action` = 'create' AND y.`subject` = 'candidate_accounts');
--> statement-breakpoint
UPDATE `permission_rules` SET `conditions` = '{"recruiterId":"${user.id}"}'
WHERE `subject` = 'candidates' AND `action` IN ('view', 'update') AND `conditions` IS NULL
  AND `role_id` IN (SELECT r.`id` FROM `roles` r WHERE r.`key` = 'recruiter');
--> statement-breakpoint
UPDATE `permission_rules` SET `conditions` = '{"recruiterId":"${user.id}"}'
WHERE `subject` = 'candidates' AND `action` = 'create' AND `conditions` IS NULL
  AND `role_id` IN (SELECT r.`id` FROM `roles` r WHERE r.`key` = 'recruiter');
