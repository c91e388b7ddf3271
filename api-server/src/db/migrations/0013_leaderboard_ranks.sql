-- The key carries the counts, so a rank is summed from the index alone (drizzle-kit writes no
-- INCLUDE, so this is spelt here by hand).
CREATE TABLE "xp_ranks" (
	"period" text NOT NULL,
	"city" text NOT NULL,
	"xp" integer NOT NULL,
	"explorers" integer NOT NULL,
	CONSTRAINT "xp_ranks_period_city_xp_pk" PRIMARY KEY("period","city","xp") INCLUDE ("explorers")
);
--> statement-breakpoint
-- One explorer more (delta 1) or fewer (-1) at an xp figure of a board; a figure nobody holds is removed.
CREATE FUNCTION xp_ranks_add(board_period text, board_city text, figure integer, delta integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO xp_ranks (period, city, xp, explorers) VALUES (board_period, board_city, figure, delta)
  ON CONFLICT (period, city, xp) DO UPDATE SET explorers = xp_ranks.explorers + delta;
  IF delta < 0 THEN
    DELETE FROM xp_ranks WHERE period = board_period AND city = board_city AND xp = figure AND explorers <= 0;
  END IF;
END $$;
--> statement-breakpoint
-- An explorer moving from one figure to another on a board (null: not ranked there). The two figures are
-- locked in xp order, so two explorers moving past each other cannot wait on each other.
CREATE FUNCTION xp_ranks_move(board_period text, board_city text, old_xp integer, new_xp integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF old_xp IS NOT DISTINCT FROM new_xp THEN
    RETURN;
  END IF;
  IF new_xp IS NULL OR (old_xp IS NOT NULL AND old_xp < new_xp) THEN
    IF old_xp IS NOT NULL THEN
      PERFORM xp_ranks_add(board_period, board_city, old_xp, -1);
    END IF;
    IF new_xp IS NOT NULL THEN
      PERFORM xp_ranks_add(board_period, board_city, new_xp, 1);
    END IF;
  ELSE
    PERFORM xp_ranks_add(board_period, board_city, new_xp, 1);
    IF old_xp IS NOT NULL THEN
      PERFORM xp_ranks_add(board_period, board_city, old_xp, -1);
    END IF;
  END IF;
END $$;
--> statement-breakpoint
-- The all-time board of everyone: explorers with xp whose account is not suspended.
CREATE FUNCTION users_xp_ranks() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_xp integer;
  new_xp integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.xp > 0 AND OLD.account_verified THEN
      old_xp := OLD.xp;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.xp > 0 AND NEW.account_verified THEN
      new_xp := NEW.xp;
    END IF;
  END IF;
  PERFORM xp_ranks_move('all', '', old_xp, new_xp);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The weekly and city boards: listed scores with xp.
CREATE FUNCTION xp_scores_ranks() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_xp integer;
  new_xp integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.listed AND OLD.xp > 0 THEN
      old_xp := OLD.xp;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.listed AND NEW.xp > 0 THEN
      new_xp := NEW.xp;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM xp_ranks_move(OLD.period, OLD.city, old_xp, NULL);
  ELSIF TG_OP = 'UPDATE' AND (OLD.period <> NEW.period OR OLD.city <> NEW.city) THEN
    PERFORM xp_ranks_move(OLD.period, OLD.city, old_xp, NULL);
    PERFORM xp_ranks_move(NEW.period, NEW.city, NULL, new_xp);
  ELSE
    PERFORM xp_ranks_move(NEW.period, NEW.city, old_xp, new_xp);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO xp_ranks (period, city, xp, explorers)
SELECT 'all', '', xp, count(*) FROM users WHERE xp > 0 AND account_verified GROUP BY xp
UNION ALL
SELECT period, city, xp, count(*) FROM xp_scores WHERE listed AND xp > 0 GROUP BY period, city, xp;
--> statement-breakpoint
CREATE TRIGGER users_xp_ranks AFTER INSERT OR DELETE OR UPDATE OF xp, account_verified ON users
FOR EACH ROW EXECUTE FUNCTION users_xp_ranks();
--> statement-breakpoint
CREATE TRIGGER xp_scores_ranks AFTER INSERT OR DELETE OR UPDATE ON xp_scores
FOR EACH ROW EXECUTE FUNCTION xp_scores_ranks();
