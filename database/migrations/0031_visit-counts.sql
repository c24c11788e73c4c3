CREATE TABLE "visit_campaigns" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "visit_campaigns_day_source_medium_campaign_pk" PRIMARY KEY("day","source","medium","campaign"),
	CONSTRAINT "visit_campaigns_lengths" CHECK (char_length("visit_campaigns"."source") <= 100 and char_length("visit_campaigns"."medium") <= 100 and char_length("visit_campaigns"."campaign") <= 100),
	CONSTRAINT "visit_campaigns_views_not_negative" CHECK ("visit_campaigns"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "visit_days" (
	"day" date PRIMARY KEY NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_days_visitors_not_negative" CHECK ("visit_days"."visitors" >= 0)
);
--> statement-breakpoint
CREATE TABLE "visit_hashes" (
	"day" date NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "visit_hashes_day_hash_pk" PRIMARY KEY("day","hash")
);
--> statement-breakpoint
CREATE TABLE "visit_pages" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "visit_pages_day_path_pk" PRIMARY KEY("day","path"),
	CONSTRAINT "visit_pages_path_shape" CHECK ("visit_pages"."path" like '/%' and char_length("visit_pages"."path") <= 300),
	CONSTRAINT "visit_pages_views_not_negative" CHECK ("visit_pages"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "visit_referrers" (
	"day" date NOT NULL,
	"domain" text NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "visit_referrers_day_domain_pk" PRIMARY KEY("day","domain"),
	CONSTRAINT "visit_referrers_domain_length" CHECK (char_length("visit_referrers"."domain") between 1 and 253),
	CONSTRAINT "visit_referrers_views_not_negative" CHECK ("visit_referrers"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "visit_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"keep_months" integer DEFAULT 25 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_settings_single_row" CHECK ("visit_settings"."id" = 1),
	CONSTRAINT "visit_settings_keep_months" CHECK ("visit_settings"."keep_months" between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weekly_summary_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_hashes" ADD CONSTRAINT "visit_hashes_day_visit_salts_day_fk" FOREIGN KEY ("day") REFERENCES "public"."visit_salts"("day") ON DELETE cascade ON UPDATE no action;