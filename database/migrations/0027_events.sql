-- Events: workshops and live meetings, their sign-ups and waiting lists (docs/decisions/0033-events.md).
-- `taken_places` with `events_places_within_capacity` keeps an event from overfilling on any database and server.
CREATE TABLE "event_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"arrival" bigint GENERATED ALWAYS AS IDENTITY (sequence name "event_signups_arrival_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" uuid NOT NULL,
	"state" text NOT NULL,
	"places" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"note" text,
	"privacy_consent" boolean NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "event_signups_cancel_token_hash_unique" UNIQUE("cancel_token_hash"),
	CONSTRAINT "event_signups_state_known" CHECK ("event_signups"."state" in ('confirmed', 'waitlisted', 'cancelled')),
	CONSTRAINT "event_signups_places_positive" CHECK ("event_signups"."places" > 0),
	CONSTRAINT "event_signups_name_length" CHECK (char_length("event_signups"."name") between 2 and 100),
	CONSTRAINT "event_signups_email_shape" CHECK (char_length("event_signups"."email") <= 255 and "event_signups"."email" like '%_@_%'),
	CONSTRAINT "event_signups_phone_length" CHECK (char_length("event_signups"."phone") <= 20),
	CONSTRAINT "event_signups_note_length" CHECK (char_length("event_signups"."note") <= 1000),
	CONSTRAINT "event_signups_privacy_consent_given" CHECK ("event_signups"."privacy_consent")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"photo_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place_kind" text NOT NULL,
	"address" text,
	"online_note" text,
	"price_czk" integer,
	"capacity" integer NOT NULL,
	"max_places_per_signup" integer DEFAULT 1 NOT NULL,
	"taken_places" integer DEFAULT 0 NOT NULL,
	"signup_deadline" timestamp with time zone NOT NULL,
	"waiting_list" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"series_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "events_slug_unique" UNIQUE("slug"),
	CONSTRAINT "events_slug_form" CHECK ("events"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "events_title_given" CHECK (length(btrim("events"."title")) between 1 and 200),
	CONSTRAINT "events_state_known" CHECK ("events"."state" in ('draft', 'published', 'cancelled')),
	CONSTRAINT "events_times_in_order" CHECK ("events"."ends_at" > "events"."starts_at"),
	CONSTRAINT "events_deadline_before_end" CHECK ("events"."signup_deadline" <= "events"."ends_at"),
	CONSTRAINT "events_place_given" CHECK (("events"."place_kind" = 'address' and length(btrim("events"."address")) > 0) or "events"."place_kind" = 'online'),
	CONSTRAINT "events_place_kind_known" CHECK ("events"."place_kind" in ('address', 'online')),
	CONSTRAINT "events_price_not_negative" CHECK ("events"."price_czk" >= 0),
	CONSTRAINT "events_capacity_positive" CHECK ("events"."capacity" > 0),
	CONSTRAINT "events_places_per_signup" CHECK ("events"."max_places_per_signup" between 1 and "events"."capacity"),
	CONSTRAINT "events_places_within_capacity" CHECK ("events"."taken_places" between 0 and "events"."capacity")
);
--> statement-breakpoint
ALTER TABLE "event_signups" ADD CONSTRAINT "event_signups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_signups_event_idx" ON "event_signups" USING btree ("event_id","state","arrival");--> statement-breakpoint
CREATE UNIQUE INDEX "event_signups_one_per_address" ON "event_signups" USING btree ("event_id",lower("email")) WHERE "event_signups"."state" in ('confirmed', 'waitlisted');--> statement-breakpoint
CREATE INDEX "events_starts_at_idx" ON "events" USING btree ("state","starts_at");--> statement-breakpoint
CREATE INDEX "events_series_idx" ON "events" USING btree ("series_id");