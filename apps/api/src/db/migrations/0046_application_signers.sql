CREATE TABLE "application_signers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"signer_key" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"link_sent_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_sent_at" timestamp with time zone,
	"failed_codes" integer DEFAULT 0 NOT NULL,
	"code_locked_until" timestamp with time zone,
	"typed_name" text,
	"drawing" text,
	"signed_at" timestamp with time zone,
	"signed_ip" text,
	"signed_user_agent" text,
	"content_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_ip" text,
	"consent_user_agent" text,
	"consent_text" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_document_id" uuid,
	"signed_content" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_devices" ADD COLUMN "signer_id" uuid;--> statement-breakpoint
ALTER TABLE "application_signers" ADD CONSTRAINT "application_signers_request_id_application_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."application_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_submissions" ADD CONSTRAINT "application_submissions_request_id_application_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."application_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_submissions" ADD CONSTRAINT "application_submissions_signed_document_id_merchant_documents_id_fk" FOREIGN KEY ("signed_document_id") REFERENCES "public"."merchant_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_signers_token_hash_idx" ON "application_signers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "application_signers_request_key_idx" ON "application_signers" USING btree ("request_id","signer_key");--> statement-breakpoint
CREATE UNIQUE INDEX "application_submissions_request_idx" ON "application_submissions" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "application_submissions_doc_idx" ON "application_submissions" USING btree ("signed_document_id");