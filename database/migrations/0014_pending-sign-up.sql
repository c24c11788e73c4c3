ALTER TABLE "email_confirmation_tokens" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "email_confirmation_tokens" ADD COLUMN "user_metadata" jsonb;