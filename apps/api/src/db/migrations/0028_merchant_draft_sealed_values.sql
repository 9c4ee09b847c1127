ALTER TABLE "merchant_drafts" ADD COLUMN "sealed_values" jsonb;--> statement-breakpoint
CREATE INDEX "merchant_drafts_updated_idx" ON "merchant_drafts" USING btree ("updated_at");