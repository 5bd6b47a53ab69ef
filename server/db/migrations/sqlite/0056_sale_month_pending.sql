CREATE TABLE `sale_month_pending` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`month` text NOT NULL,
	`team_id` text NOT NULL,
	`office_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`product_id` text NOT NULL,
	`status` text NOT NULL,
	`sales` integer NOT NULL,
	`lines` integer NOT NULL,
	`quantity` integer NOT NULL,
	`order_value_ore` integer NOT NULL,
	`seller_commission_ore` integer NOT NULL,
	`company_commission_ore` integer NOT NULL,
	`company_cost_ore` integer NOT NULL
);
