ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Accounts made here so far signed in at once: their addresses count as confirmed when they registered.
UPDATE "users" SET "email_confirmed_at" = "created_at";
