CREATE TYPE "public"."execution_status" AS ENUM('queued', 'running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."workflow_action_type" AS ENUM('send_email', 'send_sms', 'create_todo', 'assign_user', 'webhook', 'set_field', 'change_stage', 'wait');--> statement-breakpoint
CREATE TABLE "stage_action_executions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stage_action_id" uuid,
	"stage_id" uuid,
	"merchant_id" uuid,
	"domain_event_id" uuid,
	"idempotency_key" text NOT NULL,
	"action_type" "workflow_action_type" NOT NULL,
	"action_config" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"status" "execution_status" DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"error" text,
	"result" jsonb,
	"job_id" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stage_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" "workflow_action_type" NOT NULL,
	"config" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stage_action_executions" ADD CONSTRAINT "stage_action_executions_stage_action_id_stage_actions_id_fk" FOREIGN KEY ("stage_action_id") REFERENCES "public"."stage_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_action_executions" ADD CONSTRAINT "stage_action_executions_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_action_executions" ADD CONSTRAINT "stage_action_executions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_action_executions" ADD CONSTRAINT "stage_action_executions_domain_event_id_domain_events_id_fk" FOREIGN KEY ("domain_event_id") REFERENCES "public"."domain_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_actions" ADD CONSTRAINT "stage_actions_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stage_action_executions_idempotency_key" ON "stage_action_executions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "stage_action_executions_created_idx" ON "stage_action_executions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stage_action_executions_merchant_idx" ON "stage_action_executions" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "stage_action_executions_status_idx" ON "stage_action_executions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "stage_action_executions_action_idx" ON "stage_action_executions" USING btree ("stage_action_id","status");--> statement-breakpoint
CREATE INDEX "stage_actions_stage_idx" ON "stage_actions" USING btree ("stage_id","position") WHERE "stage_actions"."deleted_at" is null;