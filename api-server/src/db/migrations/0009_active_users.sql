-- Active users are accounts not suspended with recent activity: a partial index answers their count by itself.
DROP INDEX "users_last_active_idx";--> statement-breakpoint
CREATE INDEX "users_active_last_active_idx" ON "users" USING btree ("last_active_at") WHERE "users"."account_verified" = true;