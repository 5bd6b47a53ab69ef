ALTER TABLE `sale_deviations` ADD `search_text` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Each deviation's search text from its sale (shared/rules/deviations.ts searchTextOf).
UPDATE `sale_deviations` SET `search_text` = (
  SELECT lower(s.`customer_name` || ' ' || coalesce(s.`company_name`, '') || ' ' || coalesce(s.`external_order_number`, ''))
  FROM `sales` s WHERE s.`id` = `sale_deviations`.`sale_id`
);
