ALTER TABLE "bookings" DROP CONSTRAINT "bookings_offer_known";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_offer_named" CHECK (char_length("bookings"."offer_id") between 1 and 60);--> statement-breakpoint
-- Her offers gain the list of those she retired (docs/decisions/0042): empty in what is stored.
UPDATE "content_entries" SET "published" = "published" || '{"retired":[]}'::jsonb WHERE "key" = 'offers' AND NOT ("published" ? 'retired');--> statement-breakpoint
UPDATE "content_entries" SET "draft" = "draft" || '{"retired":[]}'::jsonb WHERE "key" = 'offers' AND "draft" IS NOT NULL AND NOT ("draft" ? 'retired');--> statement-breakpoint
UPDATE "content_revisions" SET "data" = "data" || '{"retired":[]}'::jsonb WHERE "key" = 'offers' AND NOT ("data" ? 'retired');
