CREATE TYPE "public"."automation_execution_status" AS ENUM('queued', 'running', 'waiting', 'succeeded', 'failed', 'stopped');--> statement-breakpoint
CREATE TYPE "public"."automation_trigger_type" AS ENUM('merchant_created', 'stage_changed', 'fields_updated', 'time_in_stage', 'schedule');--> statement-breakpoint
CREATE TABLE "automation_executions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"automation_id" uuid,
	"automation_name" text NOT NULL,
	"merchant_id" uuid,
	"domain_event_id" uuid,
	"trigger_type" "automation_trigger_type" NOT NULL,
	"trigger_key" text NOT NULL,
	"trigger_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"depth" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"actions" jsonb NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_position" integer DEFAULT 0 NOT NULL,
	"status" "automation_execution_status" DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"error" text,
	"job_id" uuid,
	"resume_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"trigger_type" "automation_trigger_type" NOT NULL,
	"trigger" jsonb NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_run_at" timestamp with time zone,
	"run_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "automation_executions" ADD CONSTRAINT "automation_executions_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_executions" ADD CONSTRAINT "automation_executions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_executions" ADD CONSTRAINT "automation_executions_domain_event_id_domain_events_id_fk" FOREIGN KEY ("domain_event_id") REFERENCES "public"."domain_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_executions_idempotency_key" ON "automation_executions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "automation_executions_created_idx" ON "automation_executions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "automation_executions_automation_idx" ON "automation_executions" USING btree ("automation_id","created_at");--> statement-breakpoint
CREATE INDEX "automation_executions_merchant_idx" ON "automation_executions" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "automation_executions_status_idx" ON "automation_executions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "automations_trigger_idx" ON "automations" USING btree ("trigger_type") WHERE "automations"."deleted_at" is null and "automations"."is_active";