CREATE TABLE "assignment_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pipeline" "pipeline",
	"stage_id" uuid,
	"user_ids" uuid[] NOT NULL,
	"method" text NOT NULL,
	"capacity" integer,
	"risk_levels" "risk_level"[] DEFAULT '{}' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	CONSTRAINT "assignment_rules_one_scope" CHECK (("assignment_rules"."pipeline" is null) <> ("assignment_rules"."stage_id" is null)),
	CONSTRAINT "assignment_rules_method" CHECK ("assignment_rules"."method" in ('round_robin', 'fewest_open'))
);
--> statement-breakpoint
CREATE TABLE "user_away_periods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_away_periods_order" CHECK ("user_away_periods"."ends_on" >= "user_away_periods"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "assigned_manually" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written: assignments made before rules existed were made by people (or an automation a person set up): rules leave them alone.
UPDATE "merchants" SET "assigned_manually" = true WHERE "assigned_user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "assignment_rules" ADD CONSTRAINT "assignment_rules_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_away_periods" ADD CONSTRAINT "user_away_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_rules_stage_idx" ON "assignment_rules" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "assignment_rules_pipeline_idx" ON "assignment_rules" USING btree ("pipeline");--> statement-breakpoint
CREATE INDEX "user_away_periods_user_idx" ON "user_away_periods" USING btree ("user_id","ends_on");