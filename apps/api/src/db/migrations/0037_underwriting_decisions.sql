CREATE TYPE "public"."decision_outcome" AS ENUM('pending', 'approved', 'declined', 'terminated');--> statement-breakpoint
CREATE TYPE "public"."reason_code_kind" AS ENUM('risk', 'fraud', 'documents', 'financials', 'other');--> statement-breakpoint
CREATE TABLE "decision_stages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pipeline" "pipeline" NOT NULL,
	"decision" "decision_outcome" NOT NULL,
	"stage_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "merchant_decisions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"decision" "decision_outcome" NOT NULL,
	"reason_code_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"from_stage_id" uuid,
	"to_stage_id" uuid,
	"decided_by" uuid,
	"actor_label" text DEFAULT '' NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reason_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"kind" "reason_code_kind" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "screening_hits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"owner_id" uuid,
	"source" text NOT NULL,
	"strength" text NOT NULL,
	"matched_kind" text NOT NULL,
	"matched_merchant_id" uuid,
	"score" real,
	"state" text DEFAULT 'open' NOT NULL,
	"reason_code_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"resolution" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminated_identifiers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"decision_id" uuid,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "decision_stages" ADD CONSTRAINT "decision_stages_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_decisions" ADD CONSTRAINT "merchant_decisions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_decisions" ADD CONSTRAINT "merchant_decisions_reason_code_id_reason_codes_id_fk" FOREIGN KEY ("reason_code_id") REFERENCES "public"."reason_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_decisions" ADD CONSTRAINT "merchant_decisions_from_stage_id_stages_id_fk" FOREIGN KEY ("from_stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_decisions" ADD CONSTRAINT "merchant_decisions_to_stage_id_stages_id_fk" FOREIGN KEY ("to_stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_decisions" ADD CONSTRAINT "merchant_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_owner_id_merchant_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."merchant_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_matched_merchant_id_merchants_id_fk" FOREIGN KEY ("matched_merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_reason_code_id_reason_codes_id_fk" FOREIGN KEY ("reason_code_id") REFERENCES "public"."reason_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_hits" ADD CONSTRAINT "screening_hits_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminated_identifiers" ADD CONSTRAINT "terminated_identifiers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminated_identifiers" ADD CONSTRAINT "terminated_identifiers_decision_id_merchant_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."merchant_decisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "decision_stages_pipeline_decision_unique" ON "decision_stages" USING btree ("pipeline","decision");--> statement-breakpoint
CREATE INDEX "decision_stages_stage_idx" ON "decision_stages" USING btree ("stage_id");--> statement-breakpoint
CREATE INDEX "merchant_decisions_merchant_idx" ON "merchant_decisions" USING btree ("merchant_id","decided_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reason_codes_code_unique" ON "reason_codes" USING btree (lower("code")) WHERE "reason_codes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "screening_hits_merchant_idx" ON "screening_hits" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "screening_hits_list_match_unique" ON "screening_hits" USING btree ("merchant_id","source","matched_merchant_id","matched_kind") WHERE "screening_hits"."source" = 'terminated_list';--> statement-breakpoint
CREATE UNIQUE INDEX "terminated_identifiers_unique" ON "terminated_identifiers" USING btree ("merchant_id","kind","value");--> statement-breakpoint
CREATE INDEX "terminated_identifiers_value_idx" ON "terminated_identifiers" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "terminated_identifiers_name_trgm_idx" ON "terminated_identifiers" USING gin ("value" gin_trgm_ops) WHERE "terminated_identifiers"."kind" = 'name';