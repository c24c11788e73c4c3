-- E-mails are rendered by the worker when it sends them: the request stores what each template
-- needs. Rows from before this migration keep their rendered HTML and text, and no data.
ALTER TABLE "mail_outbox" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "text" DROP NOT NULL;
