CREATE TYPE "public"."company_type" AS ENUM('processor', 'sponsor_bank', 'partner_iso', 'other');--> statement-breakpoint
CREATE TYPE "public"."risk_level" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TYPE "public"."pipeline" AS ENUM('sales', 'underwriting', 'operations', 'withdrawn', 'terminated', 'dead');--> statement-breakpoint
CREATE TYPE "public"."template_channel" AS ENUM('email', 'sms');--> statement-breakpoint
CREATE TABLE "agent_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"agent_code" text NOT NULL,
	"company_id" uuid,
	"user_id" uuid,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"split_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" "company_type" NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mcc" text NOT NULL,
	"risk_level" "risk_level" DEFAULT 'low' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_sources" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pipeline" "pipeline" NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"color" text DEFAULT '#9155fd' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sla_hours" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "stages_default_in_sales" CHECK (not "stages"."is_default" or ("stages"."pipeline" = 'sales' and "stages"."is_active" and "stages"."deleted_at" is null))
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"channel" "template_channel" NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_accounts" ADD CONSTRAINT "agent_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_accounts" ADD CONSTRAINT "agent_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_accounts_code_unique" ON "agent_accounts" USING btree (lower("agent_code")) WHERE "agent_accounts"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_accounts_user_unique" ON "agent_accounts" USING btree ("user_id") WHERE "agent_accounts"."deleted_at" is null and "agent_accounts"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "agent_accounts_company_idx" ON "agent_accounts" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "industries_mcc_unique" ON "industries" USING btree ("mcc") WHERE "industries"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_sources_name_unique" ON "lead_sources" USING btree (lower("name")) WHERE "lead_sources"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stages_pipeline_name_unique" ON "stages" USING btree ("pipeline",lower("name")) WHERE "stages"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stages_single_default" ON "stages" USING btree ("is_default") WHERE "stages"."is_default" and "stages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "stages_pipeline_position_idx" ON "stages" USING btree ("pipeline","position");