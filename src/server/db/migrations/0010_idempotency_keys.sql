ALTER TABLE "pomodoro_sessions" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "pomodoro_sessions_user_client_key" ON "pomodoro_sessions" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_user_client_key" ON "tasks" USING btree ("user_id","client_key");