CREATE TABLE "report_stay_exit_steps" (
	"stage_id" uuid NOT NULL,
	"bucket" smallint NOT NULL,
	"day" integer NOT NULL,
	"step" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_stay_exit_steps_key" UNIQUE("stage_id","bucket","day","step")
);
