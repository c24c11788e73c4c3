CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"form_type" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"service_type" text,
	"message" text,
	"privacy_consent" boolean NOT NULL,
	CONSTRAINT "form_submissions_form_type_known" CHECK ("form_submissions"."form_type" in ('contact', 'gift_ritual', 'gift_fragrance')),
	CONSTRAINT "form_submissions_name_length" CHECK (char_length("form_submissions"."name") between 2 and 100),
	CONSTRAINT "form_submissions_email_shape" CHECK (char_length("form_submissions"."email") <= 255 and "form_submissions"."email" like '%_@_%'),
	CONSTRAINT "form_submissions_phone_length" CHECK (char_length("form_submissions"."phone") <= 20),
	CONSTRAINT "form_submissions_service_type_length" CHECK (char_length("form_submissions"."service_type") <= 100),
	CONSTRAINT "form_submissions_message_length" CHECK (char_length("form_submissions"."message") <= 1000),
	CONSTRAINT "form_submissions_contact_fields" CHECK ("form_submissions"."form_type" = 'contact' and coalesce(char_length("form_submissions"."message"), 0) >= 10
        or "form_submissions"."form_type" <> 'contact' and "form_submissions"."phone" is null and "form_submissions"."service_type" is null),
	CONSTRAINT "form_submissions_privacy_consent_given" CHECK ("form_submissions"."privacy_consent")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"submission_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"to_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_known" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "mail_outbox_attempts_non_negative" CHECK ("mail_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_created_at_idx" ON "form_submissions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_outbox_submission_idx" ON "mail_outbox" USING btree ("submission_id");