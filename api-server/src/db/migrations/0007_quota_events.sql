-- The quotas count an append-only record instead of the quests, proofs and reports themselves, which their
-- authors can delete. What the old count saw in its windows is carried over.
CREATE TABLE "quota_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "reports_client_address_type_created_idx";--> statement-breakpoint
CREATE INDEX "quota_events_kind_subject_created_idx" ON "quota_events" USING btree ("kind","subject","created_at");--> statement-breakpoint
CREATE INDEX "quota_events_created_idx" ON "quota_events" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "quota_events" ("kind", "subject", "created_at")
SELECT 'quest-creations', "created_by"::text, "created_at" FROM "quests"
WHERE "created_by" IS NOT NULL AND "created_at" > now() - interval '1 hour';--> statement-breakpoint
INSERT INTO "quota_events" ("kind", "subject", "created_at")
SELECT 'proof-submissions', "quest_progress"."user_id"::text, "task_proofs"."submitted_at"
FROM "task_proofs" INNER JOIN "quest_progress" ON "quest_progress"."id" = "task_proofs"."progress_id"
WHERE "task_proofs"."submitted_at" > now() - interval '1 hour';--> statement-breakpoint
INSERT INTO "quota_events" ("kind", "subject", "created_at")
SELECT CASE "type" WHEN 'bug_report' THEN 'bug-reports' ELSE 'contact-messages' END, "client_address", "created_at"
FROM "reports"
WHERE "type" IN ('bug_report', 'contact_message') AND "client_address" IS NOT NULL
  AND "created_at" > now() - interval '24 hours';
