DROP INDEX "users_deleted_member_key";--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "issuer" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "browser" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "os" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "kind" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id_key" ON "sessions" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_deleted_member_kind_key" ON "users" USING btree ("kind") WHERE "users"."kind" = 'deleted_member';--> statement-breakpoint
-- Written by hand (data, not schema). The "Deleted member" was found by its email, so whoever signed in first
-- with that email became it: the row with that email is the system's from now on, and any identity and session
-- someone gave it go, so no one acts as it again.
DELETE FROM "sessions" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "email" = 'deleted-member@lumara.invalid');--> statement-breakpoint
DELETE FROM "identities" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "email" = 'deleted-member@lumara.invalid');--> statement-breakpoint
UPDATE "users" SET "kind" = 'deleted_member' WHERE "email" = 'deleted-member@lumara.invalid';--> statement-breakpoint
-- The development provider's issuer is known; Google's is filled at each member's next sign-in.
UPDATE "identities" SET "issuer" = 'development' WHERE "provider" = 'development';
