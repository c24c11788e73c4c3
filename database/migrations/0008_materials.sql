CREATE TABLE "materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place" text NOT NULL,
	"kind" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"link_url" text,
	"embed_url" text,
	"file_name" text,
	"content_type" text,
	"size" bigint,
	"file_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materials_place_known" CHECK ("materials"."place" in ('gift_ritual', 'gift_fragrance', 'members')),
	CONSTRAINT "materials_kind_known" CHECK ("materials"."kind" in ('video', 'audio', 'pdf', 'image', 'link', 'guide'))
);
--> statement-breakpoint
CREATE INDEX "materials_place_idx" ON "materials" USING btree ("place","position");--> statement-breakpoint
CREATE TABLE "material_chunks" (
	"material_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "material_chunks_material_id_version_seq_pk" PRIMARY KEY("material_id","version","seq")
);
--> statement-breakpoint
ALTER TABLE "material_chunks" ADD CONSTRAINT "material_chunks_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Media does not compress: stored as it is, without TOAST trying to.
ALTER TABLE "material_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE TABLE "gift_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"submission_id" uuid NOT NULL,
	"gift" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "gift_links_gift_known" CHECK ("gift_links"."gift" in ('gift_ritual', 'gift_fragrance'))
);
--> statement-breakpoint
ALTER TABLE "gift_links" ADD CONSTRAINT "gift_links_submission_id_form_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."form_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_links_submission_idx" ON "gift_links" USING btree ("submission_id");--> statement-breakpoint
-- A gift e-mail waits (stored, neither sent nor failed) until its gift has a material.
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_status_known";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_known" CHECK ("mail_outbox"."status" in ('pending', 'sent', 'failed', 'waiting'));