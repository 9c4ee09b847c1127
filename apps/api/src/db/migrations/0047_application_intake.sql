ALTER TYPE "public"."automation_trigger_type" ADD VALUE 'application_submitted' BEFORE 'stage_entered';--> statement-breakpoint
ALTER TYPE "public"."automation_trigger_type" ADD VALUE 'application_signed' BEFORE 'stage_entered';--> statement-breakpoint
CREATE TABLE "application_change_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_key" text NOT NULL,
	"reason" text NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_conflicts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"field" text NOT NULL,
	"ours" jsonb NOT NULL,
	"theirs" jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"settled_by" uuid,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_owner_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"draft_key" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_pauses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_change_requests" ADD CONSTRAINT "application_change_requests_request_id_application_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."application_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_change_requests" ADD CONSTRAINT "application_change_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_conflicts" ADD CONSTRAINT "application_conflicts_request_id_application_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."application_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_conflicts" ADD CONSTRAINT "application_conflicts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_conflicts" ADD CONSTRAINT "application_conflicts_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_owner_keys" ADD CONSTRAINT "application_owner_keys_request_id_application_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."application_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_owner_keys" ADD CONSTRAINT "application_owner_keys_owner_id_merchant_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."merchant_owners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_pauses" ADD CONSTRAINT "application_pauses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_pauses" ADD CONSTRAINT "application_pauses_request_id_application_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."application_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_change_requests_request_idx" ON "application_change_requests" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "application_conflicts_merchant_idx" ON "application_conflicts" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_owner_keys_idx" ON "application_owner_keys" USING btree ("request_id","draft_key");--> statement-breakpoint
CREATE INDEX "application_pauses_merchant_idx" ON "application_pauses" USING btree ("merchant_id","started_at");--> statement-breakpoint
CREATE INDEX "application_pauses_open_idx" ON "application_pauses" USING btree ("merchant_id") WHERE "application_pauses"."ended_at" is null;