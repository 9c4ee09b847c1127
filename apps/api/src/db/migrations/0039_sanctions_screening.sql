CREATE TABLE "sanctions_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"list_id" uuid NOT NULL,
	"ent_num" integer NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT '' NOT NULL,
	"programs" text DEFAULT '' NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"birth_dates" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sanctions_lists" (
	"id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"file_hash" text NOT NULL,
	"row_count" integer NOT NULL,
	"alias_count" integer DEFAULT 0 NOT NULL,
	"address_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"imported_by" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"list_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sanctions_entries" ADD CONSTRAINT "sanctions_entries_list_id_sanctions_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."sanctions_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sanctions_lists" ADD CONSTRAINT "sanctions_lists_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_runs" ADD CONSTRAINT "screening_runs_list_id_sanctions_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."sanctions_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sanctions_entries_list_ent_unique" ON "sanctions_entries" USING btree ("list_id","ent_num");--> statement-breakpoint
CREATE UNIQUE INDEX "sanctions_lists_active_unique" ON "sanctions_lists" USING btree ("source") WHERE "sanctions_lists"."active";--> statement-breakpoint
CREATE INDEX "screening_runs_list_idx" ON "screening_runs" USING btree ("list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_hits_sanctions_unique" ON "screening_hits" USING btree ("merchant_id",("detail" ->> 'key')) WHERE "screening_hits"."source" = 'sanctions';