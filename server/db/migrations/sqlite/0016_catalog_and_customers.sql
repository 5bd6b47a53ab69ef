CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`ssn` text,
	`company_name` text,
	`org_number` text,
	`email` text,
	`phone` text,
	`address` text,
	`postal_code` text,
	`city` text,
	`note` text,
	`search_text` text NOT NULL,
	`first_sale_at` integer NOT NULL,
	`last_sale_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_key_unique` ON `customers` (`key`);--> statement-breakpoint
CREATE INDEX `customers_last_sale` ON `customers` (`last_sale_at`,`id`);--> statement-breakpoint
CREATE INDEX `customers_name` ON `customers` (`name`,`id`);--> statement-breakpoint
CREATE TABLE `product_categories` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`seller_commission_ore` integer,
	`company_commission_ore` integer,
	`active` integer DEFAULT true NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_categories_name_unique` ON `product_categories` (`name`);--> statement-breakpoint
ALTER TABLE `products` ADD `category_id` text REFERENCES product_categories(id);--> statement-breakpoint
ALTER TABLE `products` ADD `game_points` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `products_category` ON `products` (`category_id`);--> statement-breakpoint
ALTER TABLE `providers` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The customer register's free-text search (docs/decisions/027): an FTS5 trigram index over search_text, kept by
-- triggers (external content, like sales_search in 0011).
CREATE VIRTUAL TABLE `customers_search` USING fts5(`search_text`, content='customers', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `customers_search_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO `customers_search`(rowid, `search_text`) VALUES (new.rowid, new.`search_text`);
END;
--> statement-breakpoint
CREATE TRIGGER `customers_search_delete` AFTER DELETE ON `customers` BEGIN
  INSERT INTO `customers_search`(`customers_search`, rowid, `search_text`) VALUES ('delete', old.rowid, old.`search_text`);
END;
--> statement-breakpoint
CREATE TRIGGER `customers_search_update` AFTER UPDATE OF `search_text` ON `customers` BEGIN
  INSERT INTO `customers_search`(`customers_search`, rowid, `search_text`) VALUES ('delete', old.rowid, old.`search_text`);
  INSERT INTO `customers_search`(rowid, `search_text`) VALUES (new.rowid, new.`search_text`);
END;
--> statement-breakpoint
-- The customers of the sales already stored: one per customer key, with their latest sale's contact details.
INSERT INTO customers (id, key, type, name, ssn, company_name, org_number, email, phone, address, postal_code, city, note, search_text, first_sale_at, last_sale_at, version, created_at, updated_at)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
  l.customer_key, l.customer_type, l.customer_name, CASE WHEN l.customer_type = 'private' THEN l.customer_ssn END, l.company_name, l.org_number,
  l.email, l.phone, l.address, l.postal_code, l.city, NULL, l.search, f.first_at, l.last_at, 1, l.last_at, l.last_at
FROM (SELECT customer_key, max(sold_at) AS last_at, customer_type, customer_name, customer_ssn, company_name, org_number, email, phone, address, postal_code, city,
        lower(trim(coalesce(customer_name, '') || ' ' || coalesce(company_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(city, ''))) AS search
      FROM sales WHERE customer_key IS NOT NULL GROUP BY customer_key) l
JOIN (SELECT customer_key, min(sold_at) AS first_at FROM sales WHERE customer_key IS NOT NULL GROUP BY customer_key) f ON f.customer_key = l.customer_key;
