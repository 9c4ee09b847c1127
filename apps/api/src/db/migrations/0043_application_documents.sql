CREATE TABLE "application_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_request_id_application_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."application_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_document_id_merchant_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."merchant_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_documents_document_idx" ON "application_documents" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "application_documents_merchant_idx" ON "application_documents" USING btree ("merchant_id","item_key");