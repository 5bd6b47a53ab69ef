CREATE TABLE `checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`checked_out_at` integer NOT NULL,
	`sales_count` integer NOT NULL,
	`order_value_ore` integer NOT NULL,
	`work_hours` integer NOT NULL,
	`comment` text,
	`version` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkouts_user_date` ON `checkouts` (`user_id`,`date`);--> statement-breakpoint
CREATE INDEX `checkouts_user_version` ON `checkouts` (`user_id`,`version`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`data` blob NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `files_user` ON `files` (`user_id`);--> statement-breakpoint
CREATE TABLE `sale_lines` (
	`id` text PRIMARY KEY NOT NULL,
	`sale_id` text NOT NULL,
	`product_id` text NOT NULL,
	`product_name` text NOT NULL,
	`quantity` integer NOT NULL,
	`price_ore` integer NOT NULL,
	`seller_commission_ore` integer NOT NULL,
	`company_commission_ore` integer NOT NULL,
	`company_cost_ore` integer NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sale_lines_sale` ON `sale_lines` (`sale_id`);--> statement-breakpoint
CREATE TABLE `sale_status_history` (
	`id` text PRIMARY KEY NOT NULL,
	`sale_id` text NOT NULL,
	`status` text NOT NULL,
	`note` text,
	`by_user_id` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sale_status_history_sale` ON `sale_status_history` (`sale_id`,`at`);--> statement-breakpoint
CREATE TABLE `sales` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_id` text NOT NULL,
	`team_id` text,
	`office_id` text,
	`provider_id` text NOT NULL,
	`customer_type` text NOT NULL,
	`customer_ssn` text,
	`customer_name` text NOT NULL,
	`email` text,
	`phone` text NOT NULL,
	`company_name` text,
	`org_number` text,
	`postal_code` text NOT NULL,
	`city` text NOT NULL,
	`address` text NOT NULL,
	`message` text,
	`external_order_number` text,
	`checklist_file_id` text,
	`status` text NOT NULL,
	`external_status` text,
	`deviation_type` text,
	`deviation_reason` text,
	`sold_at` integer NOT NULL,
	`sell_date` text NOT NULL,
	`order_value_ore` integer NOT NULL,
	`seller_commission_ore` integer NOT NULL,
	`company_commission_ore` integer NOT NULL,
	`company_cost_ore` integer NOT NULL,
	`version` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`seller_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`provider_id`) REFERENCES `providers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sales_seller_version` ON `sales` (`seller_id`,`version`);--> statement-breakpoint
CREATE INDEX `sales_seller_date` ON `sales` (`seller_id`,`sell_date`);--> statement-breakpoint
CREATE INDEX `sales_team_date` ON `sales` (`team_id`,`sell_date`);--> statement-breakpoint
CREATE INDEX `sales_office_date` ON `sales` (`office_id`,`sell_date`);--> statement-breakpoint
CREATE TABLE `sales_budgets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`month` text NOT NULL,
	`amount_ore` integer NOT NULL,
	`version` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_budgets_user_month` ON `sales_budgets` (`user_id`,`month`);--> statement-breakpoint
CREATE TABLE `sick_notices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`team_id` text,
	`office_id` text,
	`date` text NOT NULL,
	`message` text,
	`sent_at` integer NOT NULL,
	`version` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sick_notices_user_version` ON `sick_notices` (`user_id`,`version`);--> statement-breakpoint
CREATE TABLE `sync_clients` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`last_mutation_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sync_clients_user` ON `sync_clients` (`user_id`);--> statement-breakpoint
CREATE TABLE `sync_rejections` (
	`client_id` text NOT NULL,
	`seq` integer NOT NULL,
	`name` text NOT NULL,
	`code` text NOT NULL,
	`message` text NOT NULL,
	`field_errors` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`client_id`) REFERENCES `sync_clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sync_rejections_pk` ON `sync_rejections` (`client_id`,`seq`);--> statement-breakpoint
CREATE TABLE `sync_version` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `time_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`team_id` text,
	`office_id` text,
	`date` text NOT NULL,
	`present` integer,
	`work_hours` integer NOT NULL,
	`absence_hours` integer NOT NULL,
	`absence_type` text,
	`allowance_type` integer,
	`travel_location` text,
	`comment` text,
	`version` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `time_reports_user_date` ON `time_reports` (`user_id`,`date`);--> statement-breakpoint
CREATE INDEX `time_reports_user_version` ON `time_reports` (`user_id`,`version`);--> statement-breakpoint
INSERT INTO sync_version (id, version) VALUES ('global', 0);
