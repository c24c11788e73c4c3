ALTER TABLE "form_submissions" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "inbox_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"retention_months" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retention_last_run_at" timestamp with time zone,
	CONSTRAINT "inbox_settings_single_row" CHECK ("inbox_settings"."id" = 1),
	CONSTRAINT "inbox_settings_retention_range" CHECK ("inbox_settings"."retention_months" is null or "inbox_settings"."retention_months" between 1 and 120)
);
--> statement-breakpoint
-- Records from before this migration were all on the page already: none of them is new.
UPDATE "form_submissions" SET "read_at" = "created_at";
--> statement-breakpoint
-- Deletions by an address's erasure and by the retention rule have their own entries in the audit log.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_known";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_known" CHECK ("audit_log"."action" in ('role_granted', 'role_revoked', 'two_factor_enrolled', 'two_factor_reset', 'submission_deleted', 'submission_erased', 'submission_expired'));
