-- The first administrator's one-time set-up links (digests), and their audit log entry („první administrátor“).
CREATE TABLE "first_admin_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_known";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_known" CHECK ("audit_log"."action" in ('role_granted', 'role_revoked', 'two_factor_enrolled', 'two_factor_reset', 'password_changed', 'first_admin_created', 'submission_deleted', 'submission_erased', 'submission_expired'));