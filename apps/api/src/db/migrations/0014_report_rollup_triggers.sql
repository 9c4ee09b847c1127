-- Custom SQL (decision 046): the functions and triggers that keep report_stay_entries and
-- report_stay_exits exact in the writing transaction, the duration index the percentiles read,
-- and the first fill of the rollups from the stays already there (an upgraded database).
--
-- A UTC day number, and the duration bucket of a closed stay: fixed steps in seconds (a minute
-- up to 60 days, then every 30 days up to 720 days; width_bucket: 0 below 0, 50 from 720 days).
CREATE FUNCTION "report_day"("at" timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor(extract(epoch FROM "at") / 86400)::integer
$$;
--> statement-breakpoint
CREATE FUNCTION "report_duration_bucket"("entered_at" timestamptz, "left_at" timestamptz) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT width_bucket(extract(epoch FROM "left_at" - "entered_at"), ARRAY[0,60,300,900,1800,3600,7200,14400,21600,
    32400,43200,64800,86400,108000,129600,172800,216000,259200,345600,432000,518400,604800,864000,1209600,1814400,
    2592000,3888000,5184000,7776000,10368000,12960000,15552000,18144000,20736000,23328000,25920000,28512000,31104000,
    33696000,36288000,38880000,41472000,44064000,46656000,49248000,51840000,54432000,57024000,59616000,62208000]::numeric[])::smallint
$$;
--> statement-breakpoint
-- The percentiles' second step: the stays of one stage and bucket in duration order.
CREATE INDEX "merchant_stage_intervals_duration_idx" ON "merchant_stage_intervals"
  ("stage_id", "report_duration_bucket"("entered_at", "left_at"), (extract(epoch FROM "left_at" - "entered_at")))
  INCLUDE ("left_at", "merchant_id") WHERE "left_at" IS NOT NULL;
--> statement-breakpoint
-- One stay with its merchant's report dimensions, as the rollups count it.
CREATE TYPE "report_stay" AS (
  "merchant_id" uuid, "stage_id" uuid, "entered_at" timestamptz, "left_at" timestamptz,
  "agent_id" uuid, "lead_source_id" uuid, "industry_id" uuid, "company_id" uuid
);
--> statement-breakpoint
-- Takes away what `before` counted and adds what `after` counts. Each array holds every stay of
-- the merchants it names (a stay's next stage is the merchant's next stay by entered_at). Only
-- the keys whose count changes are written, in key order (two writers lock rows in one order).
CREATE FUNCTION "report_rollups_apply"("before" report_stay[], "after" report_stay[]) RETURNS void
  LANGUAGE sql AS $$
  WITH "s" AS (
    SELECT -1 AS "sign", b.* FROM unnest("before") AS b
    UNION ALL
    SELECT 1, a.* FROM unnest("after") AS a
  ), "f" AS (
    SELECT s.*, lead(s."stage_id") OVER (PARTITION BY s."sign", s."merchant_id"
                                         ORDER BY s."entered_at", s."left_at" NULLS LAST, s."stage_id") AS "next_stage_id"
      FROM "s"
  ), "d" AS (
    SELECT f."sign", f."stage_id", f."next_stage_id", f."entered_at", f."left_at", x."dim", x."dim_id"
      FROM "f" CROSS JOIN LATERAL (VALUES (0::smallint, NULL::uuid), (1::smallint, f."agent_id"),
        (2::smallint, f."lead_source_id"), (3::smallint, f."industry_id"), (4::smallint, f."company_id")) AS x("dim", "dim_id")
  ), "entries" AS (
    INSERT INTO "report_stay_entries" AS r ("dim", "dim_id", "day", "stage_id", "next_stage_id", "n")
      SELECT "dim", "dim_id", "report_day"("entered_at"), "stage_id", "next_stage_id", sum("sign")
        FROM "d" GROUP BY 1, 2, 3, 4, 5 HAVING sum("sign") <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ON CONSTRAINT "report_stay_entries_key" DO UPDATE SET "n" = r."n" + excluded."n"
  )
  INSERT INTO "report_stay_exits" AS r ("dim", "dim_id", "day", "stage_id", "bucket", "n")
    SELECT "dim", "dim_id", "report_day"("left_at"), "stage_id", "report_duration_bucket"("entered_at", "left_at"), sum("sign")
      FROM "d" WHERE "left_at" IS NOT NULL GROUP BY 1, 2, 3, 4, 5 HAVING sum("sign") <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "report_stay_exits_key" DO UPDATE SET "n" = r."n" + excluded."n";
$$;
--> statement-breakpoint
-- The stays of the given merchants with their dimensions, as the table holds them now, leaving
-- out the rows `skip` (ids) and adding `extra`: the state before a statement, or after it.
-- Deleted (or hard-deleted) merchants have no stays here: they count nowhere.
CREATE FUNCTION "report_stays_of"("merchant_ids" uuid[], "skip" uuid[], "extra" report_stay[]) RETURNS report_stay[]
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(ROW(i."merchant_id", i."stage_id", i."entered_at", i."left_at",
                                m."agent_id", m."lead_source_id", m."industry_id", m."company_id")::report_stay), '{}')
    FROM (
      SELECT i."id", i."merchant_id", i."stage_id", i."entered_at", i."left_at" FROM "merchant_stage_intervals" i
       WHERE i."merchant_id" IN (SELECT unnest("merchant_ids"))
      UNION ALL
      SELECT NULL, e."merchant_id", e."stage_id", e."entered_at", e."left_at" FROM unnest("extra") AS e
    ) AS i
    JOIN "merchants" m ON m."id" = i."merchant_id" AND m."deleted_at" IS NULL
   WHERE i."id" IS NULL OR i."id" NOT IN (SELECT unnest("skip"))
$$;
--> statement-breakpoint
CREATE FUNCTION "report_rollups_stays_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "ids" uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    "ids" := ARRAY(SELECT DISTINCT "merchant_id" FROM new_rows);
    PERFORM "report_rollups_apply"(
      "report_stays_of"("ids", ARRAY(SELECT "id" FROM new_rows), '{}'),
      "report_stays_of"("ids", '{}', '{}'));
  ELSIF TG_OP = 'DELETE' THEN
    "ids" := ARRAY(SELECT DISTINCT "merchant_id" FROM old_rows);
    PERFORM "report_rollups_apply"(
      "report_stays_of"("ids", '{}', ARRAY(SELECT ROW(o."merchant_id", o."stage_id", o."entered_at", o."left_at",
                                                       NULL, NULL, NULL, NULL)::report_stay FROM old_rows o)),
      "report_stays_of"("ids", '{}', '{}'));
  ELSE
    "ids" := ARRAY(SELECT "merchant_id" FROM new_rows UNION SELECT "merchant_id" FROM old_rows);
    PERFORM "report_rollups_apply"(
      "report_stays_of"("ids", ARRAY(SELECT "id" FROM new_rows),
                        ARRAY(SELECT ROW(o."merchant_id", o."stage_id", o."entered_at", o."left_at",
                                         NULL, NULL, NULL, NULL)::report_stay FROM old_rows o)),
      "report_stays_of"("ids", '{}', '{}'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchant_stage_intervals_rollups_insert" AFTER INSERT ON "merchant_stage_intervals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_rollups_stays_changed"();
--> statement-breakpoint
CREATE TRIGGER "merchant_stage_intervals_rollups_update" AFTER UPDATE ON "merchant_stage_intervals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_rollups_stays_changed"();
--> statement-breakpoint
CREATE TRIGGER "merchant_stage_intervals_rollups_delete" AFTER DELETE ON "merchant_stage_intervals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_rollups_stays_changed"();
--> statement-breakpoint
-- A merchant's stays move between slices when it is deleted or restored, or when its agent, lead
-- source, industry or company changes. Other updates write nothing.
CREATE FUNCTION "report_rollups_merchants_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "report_rollups_apply"(
    coalesce((SELECT array_agg(ROW(i."merchant_id", i."stage_id", i."entered_at", i."left_at",
                                   o."agent_id", o."lead_source_id", o."industry_id", o."company_id")::report_stay)
                FROM old_rows o JOIN new_rows n ON n."id" = o."id"
                JOIN "merchant_stage_intervals" i ON i."merchant_id" = o."id"
               WHERE o."deleted_at" IS NULL
                 AND (n."deleted_at" IS NOT NULL OR (o."agent_id", o."lead_source_id", o."industry_id", o."company_id")
                      IS DISTINCT FROM (n."agent_id", n."lead_source_id", n."industry_id", n."company_id"))), '{}'),
    coalesce((SELECT array_agg(ROW(i."merchant_id", i."stage_id", i."entered_at", i."left_at",
                                   n."agent_id", n."lead_source_id", n."industry_id", n."company_id")::report_stay)
                FROM old_rows o JOIN new_rows n ON n."id" = o."id"
                JOIN "merchant_stage_intervals" i ON i."merchant_id" = n."id"
               WHERE n."deleted_at" IS NULL
                 AND (o."deleted_at" IS NOT NULL OR (o."agent_id", o."lead_source_id", o."industry_id", o."company_id")
                      IS DISTINCT FROM (n."agent_id", n."lead_source_id", n."industry_id", n."company_id"))), '{}'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchants_rollups_update" AFTER UPDATE ON "merchants"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_rollups_merchants_changed"();
--> statement-breakpoint
-- A live merchant removed for good takes its stays' counts with it (its stays, if any, go first
-- or the foreign key refuses; this catches a merchant whose stays are removed after it).
CREATE FUNCTION "report_rollups_merchant_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."deleted_at" IS NULL THEN
    PERFORM "report_rollups_apply"(
      coalesce((SELECT array_agg(ROW(i."merchant_id", i."stage_id", i."entered_at", i."left_at",
                                     OLD."agent_id", OLD."lead_source_id", OLD."industry_id", OLD."company_id")::report_stay)
                  FROM "merchant_stage_intervals" i WHERE i."merchant_id" = OLD."id"), '{}'),
      '{}');
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchants_rollups_delete" BEFORE DELETE ON "merchants"
  FOR EACH ROW EXECUTE FUNCTION "report_rollups_merchant_deleting"();
--> statement-breakpoint
CREATE FUNCTION "report_rollups_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_stay_entries";
  DELETE FROM "report_stay_exits";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchants_rollups_truncate" AFTER TRUNCATE ON "merchants"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_rollups_truncate"();
--> statement-breakpoint
CREATE TRIGGER "merchant_stage_intervals_rollups_truncate" AFTER TRUNCATE ON "merchant_stage_intervals"
  FOR EACH STATEMENT EXECUTE FUNCTION "report_rollups_truncate"();
--> statement-breakpoint
-- Rebuilds both rollups from the stays (the first fill below; after a restore or a bulk load with
-- triggers off, as seed:bench does). Writers wait while it runs, so what it writes is exact.
CREATE FUNCTION "refresh_report_rollups"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "merchants", "merchant_stage_intervals" IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM "report_stay_entries";
  DELETE FROM "report_stay_exits";
  CREATE TEMP TABLE "report_rollup_fill" ON COMMIT DROP AS
    SELECT i."stage_id", i."entered_at", i."left_at",
           lead(i."stage_id") OVER (PARTITION BY i."merchant_id" ORDER BY i."entered_at", i."left_at" NULLS LAST, i."stage_id") AS "next_stage_id",
           m."agent_id", m."lead_source_id", m."industry_id", m."company_id"
      FROM "merchant_stage_intervals" i JOIN "merchants" m ON m."id" = i."merchant_id" AND m."deleted_at" IS NULL;
  INSERT INTO "report_stay_entries" ("dim", "dim_id", "day", "stage_id", "next_stage_id", "n")
    SELECT x."dim", x."dim_id", "report_day"(f."entered_at"), f."stage_id", f."next_stage_id", count(*)
      FROM "report_rollup_fill" f CROSS JOIN LATERAL (VALUES (0::smallint, NULL::uuid), (1::smallint, f."agent_id"),
        (2::smallint, f."lead_source_id"), (3::smallint, f."industry_id"), (4::smallint, f."company_id")) AS x("dim", "dim_id")
     GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO "report_stay_exits" ("dim", "dim_id", "day", "stage_id", "bucket", "n")
    SELECT x."dim", x."dim_id", "report_day"(f."left_at"), f."stage_id", "report_duration_bucket"(f."entered_at", f."left_at"), count(*)
      FROM "report_rollup_fill" f CROSS JOIN LATERAL (VALUES (0::smallint, NULL::uuid), (1::smallint, f."agent_id"),
        (2::smallint, f."lead_source_id"), (3::smallint, f."industry_id"), (4::smallint, f."company_id")) AS x("dim", "dim_id")
     WHERE f."left_at" IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5;
  DROP TABLE "report_rollup_fill";
END $$;
--> statement-breakpoint
SELECT "refresh_report_rollups"();
