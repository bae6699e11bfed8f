ALTER TYPE "public"."token_kind" ADD VALUE 'verify_email';--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "install_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written backfill: an account whose set-password link was used has proved its address (the only
-- way such a link is revoked while a password gets set), at the time the link was used.
UPDATE "users" SET "email_verified_at" = "used"."at"
FROM (
	SELECT "user_id", min("revoked_at") AS "at" FROM "auth_tokens"
	WHERE "kind" = 'set_password' AND "revoked_at" IS NOT NULL
	GROUP BY "user_id"
) AS "used"
WHERE "users"."id" = "used"."user_id" AND "users"."password_hash" IS NOT NULL;
