-- Booking a session: her settings, and the bookings, no two of which that hold a time may meet (docs/decisions/0027-booking.md).
CREATE TABLE "booking_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_single_row" CHECK ("booking_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"note" text,
	"privacy_consent" boolean NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "bookings_cancel_token_hash_unique" UNIQUE("cancel_token_hash"),
	CONSTRAINT "bookings_offer_known" CHECK ("bookings"."offer_id" in ('consultation', 'products', 'course', 'workshop')),
	CONSTRAINT "bookings_state_known" CHECK ("bookings"."state" in ('pending', 'confirmed', 'declined', 'cancelled')),
	CONSTRAINT "bookings_times_in_order" CHECK ("bookings"."ends_at" > "bookings"."starts_at" and "bookings"."blocked_until" >= "bookings"."ends_at"),
	CONSTRAINT "bookings_name_length" CHECK (char_length("bookings"."name") between 2 and 100),
	CONSTRAINT "bookings_email_shape" CHECK (char_length("bookings"."email") <= 255 and "bookings"."email" like '%_@_%'),
	CONSTRAINT "bookings_phone_length" CHECK (char_length("bookings"."phone") <= 20),
	CONSTRAINT "bookings_note_length" CHECK (char_length("bookings"."note") <= 1000),
	CONSTRAINT "bookings_privacy_consent_given" CHECK ("bookings"."privacy_consent")
);
--> statement-breakpoint
CREATE INDEX "bookings_starts_at_idx" ON "bookings" USING btree ("starts_at");--> statement-breakpoint
-- Written by hand (drizzle-kit has no exclusion constraints): one calendar, so the range alone decides,
-- and GiST's own range operators need no btree_gist.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (tstzrange("starts_at", "blocked_until", '[)') WITH &&) WHERE ("state" in ('pending', 'confirmed'));
