CREATE TABLE "photo_variants" (
	"photo_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea",
	CONSTRAINT "photo_variants_photo_id_width_format_pk" PRIMARY KEY("photo_id","width","format"),
	CONSTRAINT "photo_variants_format_known" CHECK ("photo_variants"."format" in ('avif', 'webp', 'jpeg'))
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"original_name" text,
	"alt" text NOT NULL,
	"focus_x" real DEFAULT 0.5 NOT NULL,
	"focus_y" real DEFAULT 0.5 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "photos_alt_given" CHECK (length(btrim("photos"."alt")) > 0),
	CONSTRAINT "photos_focus_inside" CHECK ("photos"."focus_x" between 0 and 1 and "photos"."focus_y" between 0 and 1),
	CONSTRAINT "photos_size_positive" CHECK ("photos"."width" > 0 and "photos"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "photo_variants" ADD CONSTRAINT "photo_variants_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_variants" ALTER COLUMN "data" SET STORAGE EXTERNAL;
