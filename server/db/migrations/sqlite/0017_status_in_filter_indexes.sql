DROP INDEX `sales_provider_date`;--> statement-breakpoint
DROP INDEX `sales_team_date`;--> statement-breakpoint
DROP INDEX `sales_office_date`;--> statement-breakpoint
DROP INDEX `sales_seller_date`;--> statement-breakpoint
CREATE INDEX `sales_provider_date` ON `sales` (`provider_id`,`sell_date`,`sold_at`,`id`,`status`);--> statement-breakpoint
CREATE INDEX `sales_team_date` ON `sales` (`team_id`,`sell_date`,`sold_at`,`id`,`status`);--> statement-breakpoint
CREATE INDEX `sales_office_date` ON `sales` (`office_id`,`sell_date`,`sold_at`,`id`,`status`);--> statement-breakpoint
CREATE INDEX `sales_seller_date` ON `sales` (`seller_id`,`sell_date`,`sold_at`,`id`,`status`);