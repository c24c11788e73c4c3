-- Gifts that wait: when the owner was last told (at most once a day), one reminder per waiting request, and how long a material plays.
CREATE TABLE "gift_wait_notices" (
	"gift" text PRIMARY KEY NOT NULL,
	"notified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_wait_notices_gift_known" CHECK ("gift_wait_notices"."gift" in ('gift_ritual', 'gift_fragrance'))
);
--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "duration_seconds" real;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_gift_reminder" ON "mail_outbox" USING btree ("submission_id") WHERE "mail_outbox"."kind" = 'gift_reminder';