-- Her private calendar feed's key: the feed's address is an HMAC of it, so a new key ends the old address at once.
CREATE TABLE "calendar_feed" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feed_single_row" CHECK ("calendar_feed"."id" = 1)
);
