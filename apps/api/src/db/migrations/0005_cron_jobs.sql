CREATE TABLE "cron_job_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"job_name" text NOT NULL,
	"queue_job_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_ms" integer,
	"output" jsonb,
	"error" text,
	CONSTRAINT "cron_job_runs_attempt_unique" UNIQUE("queue_job_id","attempt"),
	CONSTRAINT "cron_job_runs_attempt_positive" CHECK ("cron_job_runs"."attempt" >= 1)
);
--> statement-breakpoint
CREATE TABLE "cron_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cron" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_run_status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cron_jobs_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "cron_job_runs" ADD CONSTRAINT "cron_job_runs_job_name_cron_jobs_name_fk" FOREIGN KEY ("job_name") REFERENCES "public"."cron_jobs"("name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "cron_job_runs_job_started_idx" ON "cron_job_runs" USING btree ("job_name","started_at");