CREATE TABLE "merchant_external_ids" (
	"external_id" text PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_import_mappings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"header" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"mapping" jsonb,
	"skip_bad_rows" boolean DEFAULT false NOT NULL,
	"quiet_automations" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'uploaded' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "merchant_external_ids" ADD CONSTRAINT "merchant_external_ids_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_import_mappings" ADD CONSTRAINT "merchant_import_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_imports" ADD CONSTRAINT "merchant_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_external_ids_merchant_idx" ON "merchant_external_ids" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "merchant_imports_created_by_idx" ON "merchant_imports" USING btree ("created_by","created_at");