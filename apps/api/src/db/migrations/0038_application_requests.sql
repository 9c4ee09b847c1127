CREATE TABLE "application_devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"secret_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"asks" jsonb NOT NULL,
	"token_hash" text NOT NULL,
	"token_version" integer DEFAULT 1 NOT NULL,
	"sent_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_sent_at" timestamp with time zone,
	"failed_codes" integer DEFAULT 0 NOT NULL,
	"code_locked_until" timestamp with time zone,
	"draft" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_devices" ADD CONSTRAINT "application_devices_request_id_application_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."application_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_requests" ADD CONSTRAINT "application_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_requests" ADD CONSTRAINT "application_requests_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_requests" ADD CONSTRAINT "application_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_requests" ADD CONSTRAINT "application_requests_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_devices_secret_idx" ON "application_devices" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "application_devices_request_idx" ON "application_devices" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_requests_token_hash_idx" ON "application_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "application_requests_merchant_idx" ON "application_requests" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_requests_live_idx" ON "application_requests" USING btree ("merchant_id") WHERE "application_requests"."state" in ('sent', 'opened', 'in_progress');