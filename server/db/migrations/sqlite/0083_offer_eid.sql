CREATE TABLE `offer_eid` (
	`id` text PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`issuer` text NOT NULL,
	`client_id` text NOT NULL,
	`client_secret` text,
	`scopes` text NOT NULL,
	`acr_values` text,
	`identity_number_claim` text,
	`active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_by` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `offer_rules` ADD `eid` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE `offers` ADD `eid` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE `offers` ADD `eid_issuer` text;--> statement-breakpoint
ALTER TABLE `offers` ADD `eid_subject` text;--> statement-breakpoint
ALTER TABLE `offers` ADD `eid_name` text;--> statement-breakpoint
ALTER TABLE `offers` ADD `eid_number_hash` text;--> statement-breakpoint
ALTER TABLE `offers` ADD `eid_acr` text;--> statement-breakpoint
ALTER TABLE `offers` ADD `eid_auth_at` integer;