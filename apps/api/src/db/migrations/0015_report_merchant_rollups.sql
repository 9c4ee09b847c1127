CREATE TABLE "report_current_stages" (
	"dim" smallint NOT NULL,
	"dim_id" uuid,
	"stage_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_current_stages_key" UNIQUE NULLS NOT DISTINCT("dim","dim_id","stage_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_decisions" (
	"dim" smallint NOT NULL,
	"dim_id" uuid,
	"day" integer NOT NULL,
	"decision" "underwriting_decision" NOT NULL,
	"reason" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"volume" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "report_decisions_key" UNIQUE NULLS NOT DISTINCT("dim","dim_id","day","decision","reason")
);
--> statement-breakpoint
CREATE TABLE "report_go_lives" (
	"dim" smallint NOT NULL,
	"dim_id" uuid,
	"day" date NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_go_lives_key" UNIQUE NULLS NOT DISTINCT("dim","dim_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_new_merchants" (
	"dim" smallint NOT NULL,
	"dim_id" uuid,
	"day" integer NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_new_merchants_key" UNIQUE NULLS NOT DISTINCT("dim","dim_id","day")
);
--> statement-breakpoint
CREATE TABLE "report_stay_sla" (
	"dim" smallint NOT NULL,
	"dim_id" uuid,
	"day" integer NOT NULL,
	"stage_id" uuid NOT NULL,
	"open" bigint DEFAULT 0 NOT NULL,
	"breached" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_stay_sla_key" UNIQUE NULLS NOT DISTINCT("dim","dim_id","day","stage_id")
);
