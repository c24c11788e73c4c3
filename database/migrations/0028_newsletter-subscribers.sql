-- The newsletter's subscribers, with the proof of each consent (docs/decisions/0035-newsletter-subscribing.md).
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"state" text NOT NULL,
	"source" text NOT NULL,
	"consent_text" text NOT NULL,
	"consent_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"consent_address_block" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmation_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"bounce_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "newsletter_subscribers_state_known" CHECK ("newsletter_subscribers"."state" in ('pending', 'subscribed', 'unsubscribed', 'undeliverable')),
	CONSTRAINT "newsletter_subscribers_source_known" CHECK ("newsletter_subscribers"."source" in ('gift_ritual', 'gift_fragrance', 'blog')),
	CONSTRAINT "newsletter_subscribers_email_shape" CHECK (char_length("newsletter_subscribers"."email") <= 255 and "newsletter_subscribers"."email" like '%_@_%'),
	CONSTRAINT "newsletter_subscribers_name_length" CHECK (char_length("newsletter_subscribers"."name") <= 100),
	CONSTRAINT "newsletter_subscribers_bounces" CHECK ("newsletter_subscribers"."bounce_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_unique" ON "newsletter_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_state_idx" ON "newsletter_subscribers" USING btree ("state");