-- pg_trgm serves the explorer search (users_search_trgm_idx); trusted since PostgreSQL 13.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "quest_reviews_user_idx" ON "quest_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "reports_resolved_by_idx" ON "reports" USING btree ("resolved_by");--> statement-breakpoint
CREATE INDEX "task_proofs_reviewed_by_idx" ON "task_proofs" USING btree ("reviewed_by");--> statement-breakpoint
CREATE INDEX "user_badges_awarded_by_idx" ON "user_badges" USING btree ("awarded_by");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin (("username" || ' ' || lower("full_name")) gin_trgm_ops);