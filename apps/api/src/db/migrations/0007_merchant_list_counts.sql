CREATE TABLE "merchant_counts" (
	"pipeline" "pipeline" NOT NULL,
	"stage_id" uuid NOT NULL,
	"assigned_user_id" uuid,
	"deleted" boolean NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "merchant_counts_key" UNIQUE NULLS NOT DISTINCT("pipeline","stage_id","assigned_user_id","deleted")
);
--> statement-breakpoint
DROP INDEX "merchants_pipeline_created_idx";--> statement-breakpoint
DROP INDEX "merchants_pipeline_updated_idx";--> statement-breakpoint
DROP INDEX "merchants_created_idx";--> statement-breakpoint
CREATE INDEX "merchants_pipeline_dba_idx" ON "merchants" USING btree ("pipeline",lower("dba_name"),"id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_stage_entered_idx" ON "merchants" USING btree ("pipeline","stage_entered_at","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_updated_idx" ON "merchants" USING btree ("updated_at","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_dba_idx" ON "merchants" USING btree (lower("dba_name"),"id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_mid_trgm_idx" ON "merchants" USING gin (lower("mid") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_pipeline_created_idx" ON "merchants" USING btree ("pipeline","created_at","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_updated_idx" ON "merchants" USING btree ("pipeline","updated_at","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_created_idx" ON "merchants" USING btree ("created_at","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
-- Exact totals of the unfiltered list views (decision 022): merchant_counts holds one row per
-- (pipeline, stage, assignee, deleted), kept by statement-level triggers whose transition tables
-- are summed per key, so a bulk statement costs one upsert per key, not one per row. Keys are
-- upserted in key order so that two transactions touching the same keys lock them in the same
-- order (no deadlock between them). An UPDATE that moves nothing between keys writes nothing.
CREATE FUNCTION "merchant_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "merchant_counts" AS c ("pipeline", "stage_id", "assigned_user_id", "deleted", "n")
      SELECT "pipeline", "stage_id", "assigned_user_id", "deleted_at" IS NOT NULL, count(*)
        FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "merchant_counts_key" DO UPDATE SET "n" = c."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "merchant_counts" AS c ("pipeline", "stage_id", "assigned_user_id", "deleted", "n")
      SELECT "pipeline", "stage_id", "assigned_user_id", "deleted_at" IS NOT NULL, -count(*)
        FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "merchant_counts_key" DO UPDATE SET "n" = c."n" + excluded."n";
  ELSE
    INSERT INTO "merchant_counts" AS c ("pipeline", "stage_id", "assigned_user_id", "deleted", "n")
      SELECT "pipeline", "stage_id", "assigned_user_id", "deleted", sum("d")
        FROM (
          SELECT "pipeline", "stage_id", "assigned_user_id", "deleted_at" IS NOT NULL AS "deleted", 1 AS "d" FROM new_rows
          UNION ALL
          SELECT "pipeline", "stage_id", "assigned_user_id", "deleted_at" IS NOT NULL, -1 FROM old_rows
        ) AS moved
        GROUP BY 1, 2, 3, 4 HAVING sum("d") <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "merchant_counts_key" DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchants_counts_insert" AFTER INSERT ON "merchants"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "merchant_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "merchants_counts_update" AFTER UPDATE ON "merchants"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "merchant_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "merchants_counts_delete" AFTER DELETE ON "merchants"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "merchant_counts_apply"();
--> statement-breakpoint
CREATE FUNCTION "merchant_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "merchant_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchants_counts_truncate" AFTER TRUNCATE ON "merchants"
  FOR EACH STATEMENT EXECUTE FUNCTION "merchant_counts_truncate"();
--> statement-breakpoint
-- Rebuilds the counts from merchants (the first fill below; after a restore or a bulk load with
-- triggers off). Writers wait while it runs, so the counts it writes are exact.
CREATE FUNCTION "refresh_merchant_counts"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "merchants" IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM "merchant_counts";
  INSERT INTO "merchant_counts" ("pipeline", "stage_id", "assigned_user_id", "deleted", "n")
    SELECT "pipeline", "stage_id", "assigned_user_id", "deleted_at" IS NOT NULL, count(*)
      FROM "merchants" GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
SELECT "refresh_merchant_counts"();
