-- Her side of bookings: new or handled in her inbox, her reason for a decline or cancellation, and the calendar file's SEQUENCE (docs/decisions/0032-her-bookings.md).
ALTER TABLE "bookings" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reason_length" CHECK (char_length("bookings"."reason") <= 500);
