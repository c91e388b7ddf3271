CREATE TABLE "photo_hashes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hash" bigint NOT NULL,
	"band0" integer NOT NULL,
	"band1" integer NOT NULL,
	"band2" integer NOT NULL,
	"band3" integer NOT NULL,
	"image_path" text NOT NULL,
	"photo_index" integer NOT NULL,
	"quest_id" uuid NOT NULL,
	"proof_id" uuid,
	"progress_id" uuid,
	"user_id" uuid,
	"task_order" integer
);
--> statement-breakpoint
ALTER TABLE "task_proofs" ADD COLUMN "evidence" jsonb;--> statement-breakpoint
ALTER TABLE "task_proofs" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "task_proofs" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "task_proofs" ADD COLUMN "claim_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photo_hashes" ADD CONSTRAINT "photo_hashes_quest_id_quests_id_fk" FOREIGN KEY ("quest_id") REFERENCES "public"."quests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_hashes" ADD CONSTRAINT "photo_hashes_proof_id_task_proofs_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."task_proofs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_hashes" ADD CONSTRAINT "photo_hashes_progress_id_quest_progress_id_fk" FOREIGN KEY ("progress_id") REFERENCES "public"."quest_progress"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_hashes" ADD CONSTRAINT "photo_hashes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_hashes_band0_idx" ON "photo_hashes" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "photo_hashes_band1_idx" ON "photo_hashes" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "photo_hashes_band2_idx" ON "photo_hashes" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "photo_hashes_band3_idx" ON "photo_hashes" USING btree ("band3");--> statement-breakpoint
CREATE INDEX "photo_hashes_proof_idx" ON "photo_hashes" USING btree ("proof_id");--> statement-breakpoint
CREATE INDEX "photo_hashes_quest_idx" ON "photo_hashes" USING btree ("quest_id");--> statement-breakpoint
CREATE INDEX "photo_hashes_progress_idx" ON "photo_hashes" USING btree ("progress_id");--> statement-breakpoint
CREATE INDEX "photo_hashes_user_idx" ON "photo_hashes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "task_proofs" ADD CONSTRAINT "task_proofs_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_proofs_claimed_by_idx" ON "task_proofs" USING btree ("claimed_by");