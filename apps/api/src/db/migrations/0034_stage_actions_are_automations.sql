-- Decision 089: a stage's action is an automation with the trigger 'stage_entered'. Each row of
-- stage_actions becomes one automations row with the same id (the stage-action routes and the runs
-- already recorded keep naming it), its stage, position, one action (type and config as stored: a
-- webhook's secret stays encrypted), active flag, soft delete and who/when. The runs' link moves
-- from stage_actions to automations, then stage_actions and its action-type enum go.
-- Hand-written: the enum gets its new value by being made again, not by ADD VALUE, because the
-- migrator runs in one transaction and PostgreSQL refuses a value added in the same transaction.
ALTER TYPE "public"."automation_trigger_type" RENAME TO "automation_trigger_type_before_0034";--> statement-breakpoint
CREATE TYPE "public"."automation_trigger_type" AS ENUM('merchant_created', 'stage_changed', 'fields_updated', 'time_in_stage', 'schedule', 'stage_entered');--> statement-breakpoint
ALTER TABLE "automations" ALTER COLUMN "trigger_type" SET DATA TYPE "public"."automation_trigger_type" USING "trigger_type"::text::"public"."automation_trigger_type";--> statement-breakpoint
ALTER TABLE "automation_executions" ALTER COLUMN "trigger_type" SET DATA TYPE "public"."automation_trigger_type" USING "trigger_type"::text::"public"."automation_trigger_type";--> statement-breakpoint
DROP TYPE "public"."automation_trigger_type_before_0034";--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "stage_id" uuid;--> statement-breakpoint
ALTER TABLE "automations" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "automations" (
  "id", "name", "description", "is_active", "trigger_type", "trigger", "conditions", "actions",
  "stage_id", "position", "created_at", "updated_at", "created_by", "updated_by", "deleted_at"
)
SELECT
  a."id", 'Stage action', '', a."is_active", 'stage_entered',
  jsonb_build_object('type', 'stage_entered', 'stageId', a."stage_id"),
  '[]'::jsonb,
  jsonb_build_array(jsonb_build_object('type', a."type"::text, 'config', a."config")),
  a."stage_id", a."position", a."created_at", a."updated_at", a."created_by", a."updated_by", a."deleted_at"
FROM "stage_actions" a;--> statement-breakpoint
ALTER TABLE "automation_executions" DROP CONSTRAINT "automation_executions_stage_action_id_stage_actions_id_fk";--> statement-breakpoint
ALTER TABLE "automation_executions" ADD CONSTRAINT "automation_executions_stage_action_id_automations_id_fk" FOREIGN KEY ("stage_action_id") REFERENCES "public"."automations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
DROP TABLE "stage_actions";--> statement-breakpoint
CREATE INDEX "automations_stage_idx" ON "automations" USING btree ("stage_id","position") WHERE "automations"."deleted_at" is null;--> statement-breakpoint
DROP TYPE "public"."workflow_action_type";
