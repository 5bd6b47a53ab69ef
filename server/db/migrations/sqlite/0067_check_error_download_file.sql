ALTER TABLE `transcriptions` ADD `check_error` text;--> statement-breakpoint
CREATE INDEX `downloads_file` ON `downloads` (`file_id`);