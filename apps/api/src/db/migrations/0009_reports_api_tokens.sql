CREATE TABLE "api_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"token_id" uuid,
	"user_id" uuid,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status" smallint NOT NULL,
	"duration_ms" double precision NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"token_hash" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"rotated_from_id" uuid,
	"grace_ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_requests_at_idx" ON "api_requests" USING btree ("at");--> statement-breakpoint
CREATE INDEX "api_requests_token_at_idx" ON "api_requests" USING btree ("token_id","at") WHERE "api_requests"."token_id" is not null;--> statement-breakpoint
CREATE INDEX "api_requests_user_at_idx" ON "api_requests" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_idx" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_created_by_idx" ON "api_tokens" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_end_idx" ON "rate_limit_counters" USING btree ("window_end");--> statement-breakpoint
CREATE INDEX "merchant_stage_intervals_report_entered_idx" ON "merchant_stage_intervals" USING btree ("entered_at","stage_id","merchant_id","left_at");--> statement-breakpoint
CREATE INDEX "merchant_stage_intervals_report_left_idx" ON "merchant_stage_intervals" USING btree ("left_at","stage_id","entered_at","merchant_id") WHERE "merchant_stage_intervals"."left_at" is not null;--> statement-breakpoint
CREATE INDEX "merchants_live_stage_entered_idx" ON "merchants" USING btree ("stage_id","stage_entered_at") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_report_created_idx" ON "merchants" USING btree ("created_at","agent_id","lead_source_id","industry_id","company_id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_report_decided_idx" ON "merchants" USING btree ("decided_at","underwriting_decision","underwriting_reason") WHERE "merchants"."deleted_at" is null and "merchants"."decided_at" is not null;--> statement-breakpoint
CREATE INDEX "merchants_report_approved_idx" ON "merchants" USING btree ("decided_at","agent_id","lead_source_id","industry_id","company_id","monthly_volume","created_at") WHERE "merchants"."deleted_at" is null and "merchants"."underwriting_decision" = 'approved';--> statement-breakpoint
CREATE INDEX "merchants_report_go_live_idx" ON "merchants" USING btree ("go_live_on","agent_id","lead_source_id","industry_id","company_id") WHERE "merchants"."deleted_at" is null and "merchants"."go_live_on" is not null;