-- The outbox carries header fields for the mail server, and may belong to any record, not only a form submission.
ALTER TABLE "mail_outbox" ADD COLUMN "owner_type" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
CREATE INDEX "mail_outbox_owner_idx" ON "mail_outbox" USING btree ("owner_type","owner_id") WHERE "mail_outbox"."owner_type" is not null;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_one_owner" CHECK (("mail_outbox"."owner_type" is null) = ("mail_outbox"."owner_id" is null) and ("mail_outbox"."submission_id" is null or "mail_outbox"."owner_type" is null));
