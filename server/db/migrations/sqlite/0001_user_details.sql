ALTER TABLE `users` ADD `shoe_size` text;--> statement-breakpoint
ALTER TABLE `users` ADD `tshirt_size` text;--> statement-breakpoint
ALTER TABLE `users` ADD `special_diet` text;--> statement-breakpoint
ALTER TABLE `users` ADD `favourite_cake` text;--> statement-breakpoint
ALTER TABLE `users` ADD `ice_name` text;--> statement-breakpoint
ALTER TABLE `users` ADD `ice_phone` text;--> statement-breakpoint
ALTER TABLE `users` ADD `ice_relation` text;