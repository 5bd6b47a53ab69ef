-- The sale-report list's free-text search (issue 14): an FTS5 trigram index over the customer's name, the company,
-- the order number and the identity number, kept by triggers, so "contains" is answered from the index instead of
-- reading a million rows. External content: the text lives in `sales`, the index holds only trigrams. Its rowid is
-- the sale's rowid, which a VACUUM may renumber: after one, run INSERT INTO sales_search(sales_search) VALUES('rebuild').
CREATE VIRTUAL TABLE `sales_search` USING fts5(`customer_name`, `company_name`, `external_order_number`, `customer_ssn`, content='sales', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `sales_search`(`sales_search`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `sales_search_insert` AFTER INSERT ON `sales` BEGIN
  INSERT INTO `sales_search`(rowid, `customer_name`, `company_name`, `external_order_number`, `customer_ssn`)
  VALUES (new.rowid, new.`customer_name`, new.`company_name`, new.`external_order_number`, new.`customer_ssn`);
END;
--> statement-breakpoint
CREATE TRIGGER `sales_search_delete` AFTER DELETE ON `sales` BEGIN
  INSERT INTO `sales_search`(`sales_search`, rowid, `customer_name`, `company_name`, `external_order_number`, `customer_ssn`)
  VALUES ('delete', old.rowid, old.`customer_name`, old.`company_name`, old.`external_order_number`, old.`customer_ssn`);
END;
--> statement-breakpoint
CREATE TRIGGER `sales_search_update` AFTER UPDATE OF `customer_name`, `company_name`, `external_order_number`, `customer_ssn` ON `sales` BEGIN
  INSERT INTO `sales_search`(`sales_search`, rowid, `customer_name`, `company_name`, `external_order_number`, `customer_ssn`)
  VALUES ('delete', old.rowid, old.`customer_name`, old.`company_name`, old.`external_order_number`, old.`customer_ssn`);
  INSERT INTO `sales_search`(rowid, `customer_name`, `company_name`, `external_order_number`, `customer_ssn`)
  VALUES (new.rowid, new.`customer_name`, new.`company_name`, new.`external_order_number`, new.`customer_ssn`);
END;
