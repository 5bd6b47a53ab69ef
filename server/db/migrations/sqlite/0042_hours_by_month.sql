CREATE TABLE `time_month_hours` (
	`month` text NOT NULL,
	`user_id` text NOT NULL,
	`team_id` text NOT NULL,
	`office_id` text NOT NULL,
	`work_hours` integer NOT NULL,
	PRIMARY KEY(`month`, `user_id`, `team_id`, `office_id`)
);
--> statement-breakpoint
CREATE INDEX `time_month_hours_team` ON `time_month_hours` (`team_id`,`month`);--> statement-breakpoint
CREATE INDEX `time_month_hours_office` ON `time_month_hours` (`office_id`,`month`);--> statement-breakpoint
DROP INDEX `time_reports_date`;--> statement-breakpoint
CREATE INDEX `time_reports_date_hours` ON `time_reports` (`date`,`user_id`,`team_id`,`office_id`,`work_hours`);--> statement-breakpoint
-- The hours by month from the time reports already there (server/db/hours-fill.ts, docs/decisions/051).
INSERT INTO `time_month_hours` (`month`, `user_id`, `team_id`, `office_id`, `work_hours`)
SELECT substr(`date`, 1, 7), `user_id`, coalesce(`team_id`, ''), coalesce(`office_id`, ''), sum(`work_hours`) FROM `time_reports`
GROUP BY substr(`date`, 1, 7), `user_id`, coalesce(`team_id`, ''), coalesce(`office_id`, '') HAVING sum(`work_hours`) <> 0;
