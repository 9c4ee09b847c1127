CREATE TABLE "report_stay_entries" (
	"dim" smallint NOT NULL,
	"dim_id" uuid,
	"day" integer NOT NULL,
	"stage_id" uuid NOT NULL,
	"next_stage_id" uuid,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_stay_entries_key" UNIQUE NULLS NOT DISTINCT("dim","dim_id","day","stage_id","next_stage_id")
);
--> statement-breakpoint
CREATE TABLE "report_stay_exits" (
	"dim" smallint NOT NULL,
	"dim_id" uuid,
	"day" integer NOT NULL,
	"stage_id" uuid NOT NULL,
	"bucket" smallint NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_stay_exits_key" UNIQUE NULLS NOT DISTINCT("dim","dim_id","day","stage_id","bucket")
);
--> statement-breakpoint
CREATE INDEX "merchants_deleted_id_idx" ON "merchants" USING btree ("id") WHERE "merchants"."deleted_at" is not null;