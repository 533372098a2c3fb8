ALTER TABLE "profiles" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "about" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "avatar_url" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "wallpaper_url" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "wallpaper_key" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "wallpaper_css" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "theme" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "theme_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "theme_tokens" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "time_zone" text;