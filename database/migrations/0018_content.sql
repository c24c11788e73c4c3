-- Her content in the database (issue 34): one row an item (published and draft) and every published revision; the audit log names the item of a publish or restore.
CREATE TABLE "content_entries" (
	"key" text PRIMARY KEY NOT NULL,
	"published" jsonb NOT NULL,
	"draft" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "content_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"data" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" uuid,
	"restored_from" bigint
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_known";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "content_key" text;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_key_content_entries_key_fk" FOREIGN KEY ("key") REFERENCES "public"."content_entries"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revisions_key_idx" ON "content_revisions" USING btree ("key","id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_known" CHECK ("audit_log"."action" in ('role_granted', 'role_revoked', 'two_factor_enrolled', 'two_factor_reset', 'password_changed', 'first_admin_created', 'submission_deleted', 'submission_erased', 'submission_expired', 'content_published', 'content_restored'));