DROP INDEX "community_posts_author_idx";--> statement-breakpoint
DROP INDEX "post_comments_author_idx";--> statement-breakpoint
DROP INDEX "post_likes_user_idx";--> statement-breakpoint
CREATE INDEX "community_posts_author_created_idx" ON "community_posts" USING btree ("author_id","created_at","id");--> statement-breakpoint
CREATE INDEX "post_comments_author_created_idx" ON "post_comments" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "post_likes_user_created_idx" ON "post_likes" USING btree ("user_id","created_at");