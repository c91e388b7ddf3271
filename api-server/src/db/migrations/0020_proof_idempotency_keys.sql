ALTER TABLE "task_proofs" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "task_proofs" ADD COLUMN "request_digest" text;--> statement-breakpoint
CREATE INDEX "task_proofs_idempotency_key_idx" ON "task_proofs" USING btree ("idempotency_key") WHERE "task_proofs"."idempotency_key" is not null;