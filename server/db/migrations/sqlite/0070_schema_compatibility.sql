CREATE TABLE `schema_compatibility` (
	`id` text PRIMARY KEY NOT NULL,
	`oldest_release` integer NOT NULL,
	`written_by` integer NOT NULL,
	`updated_at` integer NOT NULL
);
