CREATE TABLE "live_positions" (
	"progress_id" uuid PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" double precision,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "settings" SET DEFAULT '{"appPreferences":{"language":"en","theme":"light"},"privacy":{"profileVisibility":"public","dataSharing":false,"shareLivePosition":false},"security":{"twoFactorAuth":false},"notifications":{"email":true,"friendRequests":{"inApp":true,"email":true},"questModeration":{"inApp":true,"email":true},"proofDecisions":{"inApp":true,"email":true},"badgesAndLevels":{"inApp":true,"email":false}}}'::jsonb;--> statement-breakpoint
ALTER TABLE "live_positions" ADD CONSTRAINT "live_positions_progress_id_quest_progress_id_fk" FOREIGN KEY ("progress_id") REFERENCES "public"."quest_progress"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_positions_recorded_at_idx" ON "live_positions" USING btree ("recorded_at");--> statement-breakpoint
UPDATE "users" SET "settings" = jsonb_set("settings", '{privacy}', coalesce("settings" -> 'privacy', '{}'::jsonb) || '{"shareLivePosition":false}'::jsonb) WHERE NOT coalesce("settings" -> 'privacy' ? 'shareLivePosition', false);
