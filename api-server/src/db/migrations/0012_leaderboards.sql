CREATE TABLE "xp_scores" (
	"user_id" uuid NOT NULL,
	"period" text NOT NULL,
	"city" text NOT NULL,
	"xp" integer NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	CONSTRAINT "xp_scores_user_id_period_city_pk" PRIMARY KEY("user_id","period","city")
);
--> statement-breakpoint
ALTER TABLE "xp_scores" ADD CONSTRAINT "xp_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "xp_scores_board_idx" ON "xp_scores" USING btree ("period","city","xp" DESC NULLS LAST,"user_id") WHERE "xp_scores"."listed" = true and "xp_scores"."xp" > 0;--> statement-breakpoint
CREATE INDEX "users_leaderboard_idx" ON "users" USING btree ("xp" DESC NULLS LAST,"id") WHERE "users"."xp" > 0 and "users"."account_verified" = true;--> statement-breakpoint
-- The boards of quests completed before leaderboards existed: each completion counts in its city of all time,
-- in its UTC week (the Monday it starts) and in its city that week. A quest deleted since took its records.
INSERT INTO "xp_scores" ("user_id", "period", "city", "xp", "listed")
SELECT "quest_progress"."user_id", board.period, board.city, sum("quest_progress"."xp_awarded"), bool_and("users"."account_verified")
FROM "quest_progress"
JOIN "quests" ON "quests"."id" = "quest_progress"."quest_id"
JOIN "users" ON "users"."id" = "quest_progress"."user_id"
CROSS JOIN LATERAL (VALUES
  ('all', "quests"."city"),
  (to_char(date_trunc('week', "quest_progress"."completed_at" AT TIME ZONE 'UTC'), 'YYYY-MM-DD'), ''),
  (to_char(date_trunc('week', "quest_progress"."completed_at" AT TIME ZONE 'UTC'), 'YYYY-MM-DD'), "quests"."city")
) AS board(period, city)
WHERE "quest_progress"."status" = 'completed' AND "quest_progress"."xp_awarded" > 0
GROUP BY "quest_progress"."user_id", board.period, board.city;
