-- Her letters to the subscribers, one delivery a recipient, and her sending rate (docs/decisions/0038-newsletter-letters.md).
CREATE TABLE "newsletter_deliveries" (
	"letter_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"outbox_id" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "newsletter_deliveries_letter_id_subscriber_id_pk" PRIMARY KEY("letter_id","subscriber_id"),
	CONSTRAINT "newsletter_deliveries_state_known" CHECK ("newsletter_deliveries"."state" in ('queued', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"article_id" uuid,
	"event_id" uuid,
	"state" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" uuid,
	"sending_started_at" timestamp with time zone,
	"fanned_out_after" uuid,
	"fanned_out_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletter_letters_state_known" CHECK ("newsletter_letters"."state" in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')),
	CONSTRAINT "newsletter_letters_subject_length" CHECK (char_length("newsletter_letters"."subject") <= 150),
	CONSTRAINT "newsletter_letters_body_length" CHECK (char_length("newsletter_letters"."body") <= 200000),
	CONSTRAINT "newsletter_letters_one_announcement" CHECK ("newsletter_letters"."article_id" is null or "newsletter_letters"."event_id" is null),
	CONSTRAINT "newsletter_letters_scheduled_has_time" CHECK ("newsletter_letters"."state" <> 'scheduled' or "newsletter_letters"."scheduled_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "newsletter_sending" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"letters_per_hour" integer DEFAULT 200 NOT NULL,
	"next_slot_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_sending_single_row" CHECK ("newsletter_sending"."id" = 1),
	CONSTRAINT "newsletter_sending_rate_range" CHECK ("newsletter_sending"."letters_per_hour" between 1 and 1000000)
);
--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_letter_id_newsletter_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."newsletter_letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_letters" ADD CONSTRAINT "newsletter_letters_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_letters" ADD CONSTRAINT "newsletter_letters_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_waiting_idx" ON "newsletter_deliveries" USING btree ("letter_id","subscriber_id") WHERE "newsletter_deliveries"."state" = 'queued' and "newsletter_deliveries"."outbox_id" is null;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_in_outbox_idx" ON "newsletter_deliveries" USING btree ("outbox_id") WHERE "newsletter_deliveries"."state" = 'queued' and "newsletter_deliveries"."outbox_id" is not null;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_subscriber_idx" ON "newsletter_deliveries" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_letters_one_sending" ON "newsletter_letters" USING btree ("state") WHERE "newsletter_letters"."state" = 'sending';--> statement-breakpoint
CREATE INDEX "newsletter_letters_due_idx" ON "newsletter_letters" USING btree ("state","scheduled_at");