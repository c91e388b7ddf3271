CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"link" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "settings" SET DEFAULT '{"appPreferences":{"language":"en","theme":"light"},"privacy":{"profileVisibility":"public","dataSharing":false},"security":{"twoFactorAuth":false},"notifications":{"email":true,"friendRequests":{"inApp":true,"email":true},"questModeration":{"inApp":true,"email":true},"proofDecisions":{"inApp":true,"email":true},"badgesAndLevels":{"inApp":true,"email":false}}}'::jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null;--> statement-breakpoint
-- Notification settings become a choice per kind; `push` never did anything and goes, `email` stays the switch for all mail.
UPDATE "users" SET "settings" = jsonb_set("settings", '{notifications}', jsonb_build_object(
  'email', coalesce(("settings" -> 'notifications' ->> 'email')::boolean, true),
  'friendRequests', '{"inApp":true,"email":true}'::jsonb,
  'questModeration', '{"inApp":true,"email":true}'::jsonb,
  'proofDecisions', '{"inApp":true,"email":true}'::jsonb,
  'badgesAndLevels', '{"inApp":true,"email":false}'::jsonb))
WHERE NOT coalesce("settings" -> 'notifications' ? 'friendRequests', false);
