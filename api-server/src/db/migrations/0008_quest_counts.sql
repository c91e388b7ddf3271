-- List totals and the moderation counters counted every matching quest on every request; these counters are kept
-- with the rows instead (one row per status, category and difficulty), and the list indexes end with the id so a
-- deep page's ids come from the index alone.
CREATE TABLE "quest_counts" (
	"status" text NOT NULL,
	"category" text NOT NULL,
	"difficulty" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quest_counts_status_category_difficulty_pk" PRIMARY KEY("status","category","difficulty")
);
--> statement-breakpoint
DROP INDEX "quests_status_created_idx";--> statement-breakpoint
DROP INDEX "quests_created_idx";--> statement-breakpoint
DROP INDEX "quests_status_category_created_idx";--> statement-breakpoint
DROP INDEX "quests_status_difficulty_created_idx";--> statement-breakpoint
DROP INDEX "quests_status_popular_idx";--> statement-breakpoint
CREATE INDEX "quests_status_created_idx" ON "quests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "quests_created_idx" ON "quests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quests_status_category_created_idx" ON "quests" USING btree ("status","category","created_at","id");--> statement-breakpoint
CREATE INDEX "quests_status_difficulty_created_idx" ON "quests" USING btree ("status","difficulty","created_at","id");--> statement-breakpoint
CREATE INDEX "quests_status_popular_idx" ON "quests" USING btree ("status","completions","average_rating","id");--> statement-breakpoint
CREATE FUNCTION "quest_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "quest_counts" SET "total" = "total" - 1
    WHERE "status" = OLD."status" AND "category" = OLD."category" AND "difficulty" = OLD."difficulty";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "quest_counts" ("status", "category", "difficulty", "total")
    VALUES (NEW."status", NEW."category", NEW."difficulty", 1)
    ON CONFLICT ("status", "category", "difficulty") DO UPDATE SET "total" = "quest_counts"."total" + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "quests_counted" AFTER INSERT OR DELETE ON "quests"
FOR EACH ROW EXECUTE FUNCTION "quest_counts_follow"();--> statement-breakpoint
-- Only a change of what is counted touches the counters: views, ratings and edits of other fields do not.
CREATE TRIGGER "quests_recounted" AFTER UPDATE OF "status", "category", "difficulty" ON "quests"
FOR EACH ROW WHEN (
  OLD."status" IS DISTINCT FROM NEW."status"
  OR OLD."category" IS DISTINCT FROM NEW."category"
  OR OLD."difficulty" IS DISTINCT FROM NEW."difficulty"
) EXECUTE FUNCTION "quest_counts_follow"();--> statement-breakpoint
INSERT INTO "quest_counts" ("status", "category", "difficulty", "total")
SELECT "status", "category", "difficulty", count(*) FROM "quests" GROUP BY 1, 2, 3;
