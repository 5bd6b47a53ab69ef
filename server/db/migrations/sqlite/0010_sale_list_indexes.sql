DROP INDEX `sales_seller_date`;--> statement-breakpoint
DROP INDEX `sales_team_date`;--> statement-breakpoint
DROP INDEX `sales_office_date`;--> statement-breakpoint
CREATE INDEX `sales_date` ON `sales` (`sell_date`,`sold_at`,`id`);--> statement-breakpoint
CREATE INDEX `sales_status_date` ON `sales` (`status`,`sell_date`,`sold_at`,`id`);--> statement-breakpoint
CREATE INDEX `sales_provider_date` ON `sales` (`provider_id`,`sell_date`,`sold_at`,`id`);--> statement-breakpoint
CREATE INDEX `sales_value` ON `sales` (`order_value_ore`,`id`);--> statement-breakpoint
CREATE INDEX `sales_customer` ON `sales` (`customer_name`,`id`);--> statement-breakpoint
CREATE INDEX `sales_seller_date` ON `sales` (`seller_id`,`sell_date`,`sold_at`,`id`);--> statement-breakpoint
CREATE INDEX `sales_team_date` ON `sales` (`team_id`,`sell_date`,`sold_at`,`id`);--> statement-breakpoint
CREATE INDEX `sales_office_date` ON `sales` (`office_id`,`sell_date`,`sold_at`,`id`);--> statement-breakpoint
CREATE INDEX `sale_lines_product` ON `sale_lines` (`product_id`,`sale_id`);