-- The page store (server/pages/): every public page and generated file, rendered and finished by the server, with a version each server polls for (docs/decisions/0020-page-renderer-and-store.md).
CREATE SEQUENCE "public"."stored_pages_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "page_store_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"build_id" text NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_pages" (
	"path" text PRIMARY KEY NOT NULL,
	"build_id" text NOT NULL,
	"version" bigint DEFAULT nextval('stored_pages_version') NOT NULL,
	"status" integer NOT NULL,
	"content_type" text NOT NULL,
	"content_security_policy" text,
	"body" "bytea" NOT NULL,
	"brotli" "bytea",
	"gzip" "bytea",
	"etag" text NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stored_pages_version_idx" ON "stored_pages" USING btree ("version");