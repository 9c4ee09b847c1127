CREATE TABLE "report_stay_durations" (
	"dim" smallint NOT NULL,
	"dim_id" uuid NOT NULL,
	"stage_id" uuid NOT NULL,
	"bucket" smallint NOT NULL,
	"seconds" numeric NOT NULL,
	"left_at" timestamp with time zone NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_stay_durations_key" UNIQUE("dim","dim_id","stage_id","bucket","seconds","left_at")
);
