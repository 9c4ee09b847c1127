CREATE TYPE "public"."execution_status" AS ENUM('queued', 'running', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."workflow_action_type" AS ENUM('send_email', 'send_sms', 'create_todo', 'assign_user', 'webhook', 'set_field', 'change_stage', 'wait');--> statement-breakpoint
CREATE TABLE "emails" (
	"id" uuid PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"cc" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"template_id" uuid,
	"merchant_id" uuid,
	"recipient" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"transport" text,
	"transport_message_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sending_started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"cause_type" text NOT NULL,
	"cause_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
DROP INDEX "merchant_stage_intervals_merchant_idx";--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_action_executions" ADD CONSTRAINT "stage_action_executions_stage_action_id_stage_actions_id_fk" FOREIGN KEY ("stage_action_id") REFERENCES "public"."stage_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_action_executions" ADD CONSTRAINT "stage_action_executions_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_action_executions" ADD CONSTRAINT "stage_action_executions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_action_executions" ADD CONSTRAINT "stage_action_executions_domain_event_id_domain_events_id_fk" FOREIGN KEY ("domain_event_id") REFERENCES "public"."domain_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_actions" ADD CONSTRAINT "stage_actions_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "emails_idempotency_key_idx" ON "emails" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "emails_created_idx" ON "emails" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "emails_status_created_idx" ON "emails" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "emails_merchant_created_idx" ON "emails" USING btree ("merchant_id","created_at") WHERE "emails"."merchant_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stage_action_executions_idempotency_key" ON "stage_action_executions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "stage_action_executions_created_idx" ON "stage_action_executions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stage_action_executions_merchant_idx" ON "stage_action_executions" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "stage_action_executions_status_idx" ON "stage_action_executions" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "stage_action_executions_action_idx" ON "stage_action_executions" USING btree ("stage_action_id","status");--> statement-breakpoint
CREATE INDEX "stage_actions_stage_idx" ON "stage_actions" USING btree ("stage_id","position") WHERE "stage_actions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchant_stage_intervals_merchant_idx" ON "merchant_stage_intervals" USING btree ("merchant_id","entered_at","stage_id");