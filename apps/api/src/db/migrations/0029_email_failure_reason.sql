ALTER TABLE "emails" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "failure_code" text;