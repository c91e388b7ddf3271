ALTER TABLE "reports" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "reports_client_address_type_created_idx" ON "reports" USING btree ("client_address","type","created_at");--> statement-breakpoint
ALTER TABLE "geo_cache" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "geo_cache" ADD CONSTRAINT "geo_cache_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "geo_cache_kind_owner_created_idx" ON "geo_cache" USING btree ("kind","owner_id","created_at");
