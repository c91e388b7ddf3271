CREATE INDEX "quest_progress_completed_idx" ON "quest_progress" USING btree ("status","completed_at");--> statement-breakpoint
CREATE INDEX "quests_created_idx" ON "quests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_last_active_idx" ON "users" USING btree ("last_active_at");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);