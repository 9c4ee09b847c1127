-- Decision 078: one workflow engine. A stage action's runs move into automation_executions (origin
-- 'stage_action'), each with the one action it ran; nothing is lost: the id (pg-boss jobs still name
-- it), merchant, stage, event, status, attempts, error, result and times are kept. The table of
-- stage-action runs and its status type go once the rows are copied.
ALTER TABLE "automation_executions" ADD COLUMN "origin" text DEFAULT 'automation' NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_executions" ADD COLUMN "stage_action_id" uuid;--> statement-breakpoint
ALTER TABLE "automation_executions" ADD COLUMN "stage_id" uuid;--> statement-breakpoint
ALTER TABLE "automation_executions" ADD CONSTRAINT "automation_executions_stage_action_id_stage_actions_id_fk" FOREIGN KEY ("stage_action_id") REFERENCES "public"."stage_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_executions" ADD CONSTRAINT "automation_executions_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "automation_executions" (
  "id", "origin", "automation_id", "automation_name", "stage_action_id", "stage_id", "merchant_id",
  "domain_event_id", "trigger_type", "trigger_key", "trigger_data", "depth", "idempotency_key",
  "actions", "results", "next_position", "status", "attempt", "error", "job_id", "started_at",
  "finished_at", "created_at", "updated_at"
)
SELECT
  s."id", 'stage_action', NULL, 'Stage action', s."stage_action_id", s."stage_id", s."merchant_id",
  s."domain_event_id",
  CASE WHEN d."type" = 'merchant.created' THEN 'merchant_created' ELSE 'stage_changed' END::"automation_trigger_type",
  coalesce(s."domain_event_id"::text, s."id"::text),
  CASE WHEN d."id" IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('event', d."type") || d."payload" END,
  0,
  'stage-action:' || s."idempotency_key",
  jsonb_build_array(jsonb_build_object('type', s."action_type"::text, 'config', s."action_config")),
  jsonb_build_array(jsonb_build_object(
    'position', 0,
    'type', s."action_type"::text,
    'summary', '',
    'status', CASE s."status"::text WHEN 'succeeded' THEN 'succeeded' WHEN 'failed' THEN 'failed' ELSE 'pending' END,
    'result', s."result",
    'error', s."error",
    'startedAt', to_jsonb(s."started_at"),
    'finishedAt', to_jsonb(s."finished_at")
  )),
  CASE WHEN s."status"::text = 'succeeded' THEN 1 ELSE 0 END,
  s."status"::text::"automation_execution_status",
  s."attempt", s."error", s."job_id", s."started_at", s."finished_at", s."created_at", s."updated_at"
FROM "stage_action_executions" s
LEFT JOIN "domain_events" d ON d."id" = s."domain_event_id";--> statement-breakpoint
DROP TABLE "stage_action_executions" CASCADE;--> statement-breakpoint
DROP INDEX "automation_executions_created_idx";--> statement-breakpoint
CREATE INDEX "automation_executions_stage_action_idx" ON "automation_executions" USING btree ("stage_action_id","status");--> statement-breakpoint
CREATE INDEX "automation_executions_created_idx" ON "automation_executions" USING btree ("origin","created_at","id");--> statement-breakpoint
DROP TYPE "public"."execution_status";
