CREATE TYPE "public"."business_type" AS ENUM('sole_proprietorship', 'partnership', 'llc', 'corporation', 'non_profit', 'government', 'other');--> statement-breakpoint
CREATE TYPE "public"."underwriting_decision" AS ENUM('pending', 'approved', 'declined');--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchant_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"type" text DEFAULT 'other' NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchant_drafts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"data_enc" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor_user_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchant_owners" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"ownership_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"date_of_birth_enc" text,
	"date_of_birth_last4" text DEFAULT '' NOT NULL,
	"ssn_enc" text,
	"ssn_last4" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchant_stage_intervals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"pipeline" "pipeline" NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"entered_by" uuid,
	"left_at" timestamp with time zone,
	"left_by" uuid
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"dba_name" text NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"stage_id" uuid NOT NULL,
	"pipeline" "pipeline" NOT NULL,
	"stage_entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"agent_id" uuid,
	"company_id" uuid,
	"industry_id" uuid,
	"lead_source_id" uuid,
	"assigned_user_id" uuid,
	"contact_first_name" text DEFAULT '' NOT NULL,
	"contact_last_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"address_line1" text DEFAULT '' NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"business_type" "business_type",
	"tax_id_enc" text,
	"tax_id_last4" text DEFAULT '' NOT NULL,
	"tax_id_fingerprint" text,
	"website" text DEFAULT '' NOT NULL,
	"founded_on" date,
	"monthly_volume" numeric(14, 2),
	"average_ticket" numeric(14, 2),
	"high_ticket" numeric(14, 2),
	"card_present_percent" integer,
	"bank_name" text DEFAULT '' NOT NULL,
	"routing_number_enc" text,
	"routing_number_last4" text DEFAULT '' NOT NULL,
	"account_number_enc" text,
	"account_number_last4" text DEFAULT '' NOT NULL,
	"bank_account_fingerprint" text,
	"risk_level" "risk_level",
	"underwriting_decision" "underwriting_decision" DEFAULT 'pending' NOT NULL,
	"underwriting_reason" text DEFAULT '' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"mid" text DEFAULT '' NOT NULL,
	"go_live_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "merchant_documents" ADD CONSTRAINT "merchant_documents_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_documents" ADD CONSTRAINT "merchant_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_drafts" ADD CONSTRAINT "merchant_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_events" ADD CONSTRAINT "merchant_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_events" ADD CONSTRAINT "merchant_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_notes" ADD CONSTRAINT "merchant_notes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_owners" ADD CONSTRAINT "merchant_owners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_stage_intervals" ADD CONSTRAINT "merchant_stage_intervals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_stage_intervals" ADD CONSTRAINT "merchant_stage_intervals_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_stage_intervals" ADD CONSTRAINT "merchant_stage_intervals_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_stage_intervals" ADD CONSTRAINT "merchant_stage_intervals_left_by_users_id_fk" FOREIGN KEY ("left_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_agent_id_agent_accounts_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_lead_source_id_lead_sources_id_fk" FOREIGN KEY ("lead_source_id") REFERENCES "public"."lead_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_unprocessed_idx" ON "domain_events" USING btree ("occurred_at") WHERE "domain_events"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "merchant_documents_merchant_idx" ON "merchant_documents" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "merchant_drafts_user_idx" ON "merchant_drafts" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "merchant_events_merchant_at_idx" ON "merchant_events" USING btree ("merchant_id","at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "merchant_notes_merchant_idx" ON "merchant_notes" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "merchant_owners_merchant_idx" ON "merchant_owners" USING btree ("merchant_id","position");--> statement-breakpoint
CREATE INDEX "merchant_stage_intervals_merchant_idx" ON "merchant_stage_intervals" USING btree ("merchant_id","entered_at");--> statement-breakpoint
CREATE INDEX "merchant_stage_intervals_stage_entered_idx" ON "merchant_stage_intervals" USING btree ("stage_id","entered_at");--> statement-breakpoint
CREATE INDEX "merchants_pipeline_created_idx" ON "merchants" USING btree ("pipeline","created_at" DESC NULLS LAST,"id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_updated_idx" ON "merchants" USING btree ("pipeline","updated_at" DESC NULLS LAST,"id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_created_idx" ON "merchants" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_stage_idx" ON "merchants" USING btree ("stage_id","stage_entered_at");--> statement-breakpoint
CREATE INDEX "merchants_assignee_idx" ON "merchants" USING btree ("assigned_user_id");--> statement-breakpoint
CREATE INDEX "merchants_agent_idx" ON "merchants" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "merchants_company_idx" ON "merchants" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "merchants_industry_idx" ON "merchants" USING btree ("industry_id");--> statement-breakpoint
CREATE INDEX "merchants_lead_source_idx" ON "merchants" USING btree ("lead_source_id");--> statement-breakpoint
CREATE INDEX "merchants_deleted_idx" ON "merchants" USING btree ("deleted_at") WHERE "merchants"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "merchants_tax_id_fingerprint_idx" ON "merchants" USING btree ("tax_id_fingerprint");--> statement-breakpoint
CREATE INDEX "merchants_bank_account_fingerprint_idx" ON "merchants" USING btree ("bank_account_fingerprint");--> statement-breakpoint
CREATE INDEX "merchants_dba_phone_idx" ON "merchants" USING btree (lower("dba_name"),"contact_phone");--> statement-breakpoint
CREATE INDEX "merchants_dba_trgm_idx" ON "merchants" USING gin (lower("dba_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_legal_trgm_idx" ON "merchants" USING gin (lower("legal_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_contact_trgm_idx" ON "merchants" USING gin (lower("contact_first_name" || ' ' || "contact_last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_email_trgm_idx" ON "merchants" USING gin (lower("contact_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_phone_trgm_idx" ON "merchants" USING gin ("contact_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_mid_idx" ON "merchants" USING btree ("mid");