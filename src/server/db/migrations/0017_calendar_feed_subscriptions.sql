CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"seed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_subscription_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"uid" text NOT NULL,
	"title" text NOT NULL,
	"all_day" boolean NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"start_day" date,
	"end_day" date
);
--> statement-breakpoint
CREATE TABLE "calendar_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_fetched_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"next_refresh_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refresh_lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_subscription_events" ADD CONSTRAINT "calendar_subscription_events_subscription_id_calendar_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."calendar_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_subscription_events" ADD CONSTRAINT "calendar_subscription_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_subscriptions" ADD CONSTRAINT "calendar_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_key" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "calendar_subscription_events_subscription_idx" ON "calendar_subscription_events" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "calendar_subscription_events_user_starts_idx" ON "calendar_subscription_events" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "calendar_subscription_events_user_day_idx" ON "calendar_subscription_events" USING btree ("user_id","start_day");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_subscriptions_user_url_key" ON "calendar_subscriptions" USING btree ("user_id","url");--> statement-breakpoint
CREATE INDEX "calendar_subscriptions_next_refresh_idx" ON "calendar_subscriptions" USING btree ("next_refresh_at");