CREATE TYPE "public"."scorecard_status" AS ENUM('draft', 'active', 'retired');--> statement-breakpoint
CREATE TABLE "scorecards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pipeline" "pipeline" NOT NULL,
	"version" integer NOT NULL,
	"status" "scorecard_status" DEFAULT 'draft' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"rules" jsonb NOT NULL,
	"thresholds" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"activated_by" uuid,
	"activated_at" timestamp with time zone,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_activated_by_users_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scorecards_pipeline_version_unique" ON "scorecards" USING btree ("pipeline","version");--> statement-breakpoint
CREATE UNIQUE INDEX "scorecards_one_active" ON "scorecards" USING btree ("pipeline") WHERE "scorecards"."status" = 'active';--> statement-breakpoint
CREATE INDEX "merchant_decisions_decided_idx" ON "merchant_decisions" USING btree ("decided_at" DESC NULLS LAST);