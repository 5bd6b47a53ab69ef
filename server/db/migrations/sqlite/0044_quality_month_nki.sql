CREATE TABLE `quality_month_nki` (
	`month` text NOT NULL,
	`seller_id` text NOT NULL,
	`team_id` text NOT NULL,
	`office_id` text NOT NULL,
	`answers` integer NOT NULL,
	`nki_tenths_sum` integer NOT NULL,
	PRIMARY KEY(`month`, `seller_id`, `team_id`, `office_id`)
);
--> statement-breakpoint
CREATE INDEX `quality_month_nki_team` ON `quality_month_nki` (`team_id`,`month`);--> statement-breakpoint
CREATE INDEX `quality_month_nki_office` ON `quality_month_nki` (`office_id`,`month`);--> statement-breakpoint
-- The satisfaction index by month from the surveys already there (server/db/quality-nki-fill.ts, decision 051).
INSERT INTO quality_month_nki (month, seller_id, team_id, office_id, answers, nki_tenths_sum)
SELECT substr(sell_date, 1, 7), seller_id, coalesce(team_id, ''), coalesce(office_id, ''), count(*), sum(nki_tenths)
FROM quality_surveys WHERE nki_tenths IS NOT NULL GROUP BY substr(sell_date, 1, 7), seller_id, coalesce(team_id, ''), coalesce(office_id, '');
