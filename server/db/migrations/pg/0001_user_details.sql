ALTER TABLE "users" ADD COLUMN "shoe_size" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tshirt_size" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "special_diet" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "favourite_cake" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ice_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ice_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ice_relation" text;