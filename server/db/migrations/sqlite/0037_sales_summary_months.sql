CREATE TABLE `sale_month_products` (
	`month` text NOT NULL,
	`provider_id` text NOT NULL,
	`product_id` text NOT NULL,
	`status` text NOT NULL,
	`lines` integer NOT NULL,
	`quantity` integer NOT NULL,
	`order_value_ore` integer NOT NULL,
	`seller_commission_ore` integer NOT NULL,
	`company_commission_ore` integer NOT NULL,
	`company_cost_ore` integer NOT NULL,
	PRIMARY KEY(`month`, `provider_id`, `product_id`, `status`)
);
--> statement-breakpoint
CREATE TABLE `sale_month_totals` (
	`month` text NOT NULL,
	`team_id` text NOT NULL,
	`office_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`status` text NOT NULL,
	`sales` integer NOT NULL,
	`order_value_ore` integer NOT NULL,
	`seller_commission_ore` integer NOT NULL,
	`company_commission_ore` integer NOT NULL,
	`company_cost_ore` integer NOT NULL,
	PRIMARY KEY(`month`, `team_id`, `office_id`, `provider_id`, `status`)
);
--> statement-breakpoint
CREATE INDEX `sale_month_totals_team` ON `sale_month_totals` (`team_id`,`month`);--> statement-breakpoint
CREATE INDEX `sale_month_totals_office` ON `sale_month_totals` (`office_id`,`month`);--> statement-breakpoint
CREATE INDEX `sale_day_products_seller` ON `sale_day_products` (`seller_id`,`sell_date`);--> statement-breakpoint
-- The month tables added up from the day tables (server/db/sale-summary-fill.ts counts them the same way).
INSERT INTO sale_month_totals (month, team_id, office_id, provider_id, status, sales, order_value_ore, seller_commission_ore, company_commission_ore, company_cost_ore)
SELECT substr(sell_date, 1, 7), team_id, office_id, provider_id, status, sum(sales), sum(order_value_ore), sum(seller_commission_ore), sum(company_commission_ore), sum(company_cost_ore)
FROM sale_day_totals GROUP BY substr(sell_date, 1, 7), team_id, office_id, provider_id, status;--> statement-breakpoint
INSERT INTO sale_month_products (month, provider_id, product_id, status, lines, quantity, order_value_ore, seller_commission_ore, company_commission_ore, company_cost_ore)
SELECT substr(sell_date, 1, 7), provider_id, product_id, status, sum(lines), sum(quantity), sum(order_value_ore), sum(seller_commission_ore), sum(company_commission_ore), sum(company_cost_ore)
FROM sale_day_products GROUP BY substr(sell_date, 1, 7), provider_id, product_id, status;
