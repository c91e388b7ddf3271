-- Route ends become place names with their points beside them. Existing rows keep their name (else their
-- address, else their point written out) and their point.
ALTER TABLE "quests" ADD COLUMN "start_lat" double precision;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "start_lng" double precision;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "end_lat" double precision;--> statement-breakpoint
ALTER TABLE "quests" ADD COLUMN "end_lng" double precision;--> statement-breakpoint
UPDATE "quests" SET
	"start_lat" = CASE WHEN jsonb_typeof("start_location" -> 'lat') = 'number' AND jsonb_typeof("start_location" -> 'lng') = 'number' THEN ("start_location" ->> 'lat')::double precision END,
	"start_lng" = CASE WHEN jsonb_typeof("start_location" -> 'lat') = 'number' AND jsonb_typeof("start_location" -> 'lng') = 'number' THEN ("start_location" ->> 'lng')::double precision END,
	"end_lat" = CASE WHEN jsonb_typeof("end_location" -> 'lat') = 'number' AND jsonb_typeof("end_location" -> 'lng') = 'number' THEN ("end_location" ->> 'lat')::double precision END,
	"end_lng" = CASE WHEN jsonb_typeof("end_location" -> 'lat') = 'number' AND jsonb_typeof("end_location" -> 'lng') = 'number' THEN ("end_location" ->> 'lng')::double precision END;--> statement-breakpoint
ALTER TABLE "quests" ALTER COLUMN "start_location" SET DATA TYPE text USING coalesce(
	CASE WHEN jsonb_typeof("start_location") = 'string' THEN nullif(btrim("start_location" #>> '{}'), '') END,
	CASE WHEN jsonb_typeof("start_location") = 'object' THEN nullif(btrim("start_location" ->> 'name'), '') END,
	CASE WHEN jsonb_typeof("start_location") = 'object' THEN nullif(btrim("start_location" ->> 'address'), '') END,
	CASE WHEN "start_lat" IS NOT NULL THEN round("start_lat"::numeric, 5)::text || ', ' || round("start_lng"::numeric, 5)::text END,
	''
);--> statement-breakpoint
ALTER TABLE "quests" ALTER COLUMN "end_location" SET DATA TYPE text USING coalesce(
	CASE WHEN jsonb_typeof("end_location") = 'string' THEN nullif(btrim("end_location" #>> '{}'), '') END,
	CASE WHEN jsonb_typeof("end_location") = 'object' THEN nullif(btrim("end_location" ->> 'name'), '') END,
	CASE WHEN jsonb_typeof("end_location") = 'object' THEN nullif(btrim("end_location" ->> 'address'), '') END,
	CASE WHEN "end_lat" IS NOT NULL THEN round("end_lat"::numeric, 5)::text || ', ' || round("end_lng"::numeric, 5)::text END,
	''
);
