ALTER TABLE "merchant_stage_intervals" ADD COLUMN "live_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "merchant_stage_intervals" ADD COLUMN "live_lead_source_id" uuid;--> statement-breakpoint
ALTER TABLE "merchant_stage_intervals" ADD COLUMN "live_industry_id" uuid;--> statement-breakpoint
ALTER TABLE "merchant_stage_intervals" ADD COLUMN "live_company_id" uuid;