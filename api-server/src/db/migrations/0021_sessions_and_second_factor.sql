CREATE TABLE "second_factor_failures" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "code_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "signed_in_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "second_factor_failures" ADD CONSTRAINT "second_factor_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "refresh_tokens" AS t SET "signed_in_at" = f."first_at" FROM (SELECT "family_id", min("created_at") AS "first_at" FROM "refresh_tokens" GROUP BY "family_id") AS f WHERE t."family_id" = f."family_id";
