-- Custom SQL (decision 054): report_stay_durations kept by the stay rollups' triggers of decision
-- 046 in the writing transaction, emptied with them, rebuilt with them, and filled once from the
-- stays already there (an upgraded database).
--
-- report_rollups_apply as 0016 left it, plus the closed stays of each filter slice by duration
-- (the "durations" part), then a second statement that deletes the keys `before` held whose
-- count fell to 0 (it sees the first statement's writes; a duration row is one stay, not a day).
CREATE OR REPLACE FUNCTION "report_rollups_apply"("before" report_stay[], "after" report_stay[]) RETURNS void
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
  ), "sla" AS (
    INSERT INTO "report_stay_sla" AS r ("dim", "dim_id", "day", "stage_id", "open", "breached")
      SELECT d."dim", d."dim_id", "report_day"(d."entered_at"), d."stage_id",
             coalesce(sum(d."sign") FILTER (WHERE d."left_at" IS NULL), 0),
             coalesce(sum(d."sign") FILTER (WHERE d."left_at" - d."entered_at" > make_interval(hours => st."sla_hours")), 0)
        FROM "d" JOIN "stages" st ON st."id" = d."stage_id"
       GROUP BY 1, 2, 3, 4
      HAVING coalesce(sum(d."sign") FILTER (WHERE d."left_at" IS NULL), 0) <> 0
          OR coalesce(sum(d."sign") FILTER (WHERE d."left_at" - d."entered_at" > make_interval(hours => st."sla_hours")), 0) <> 0
       ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "report_stay_sla_key"
      DO UPDATE SET "open" = r."open" + excluded."open", "breached" = r."breached" + excluded."breached"
  ), "durations" AS (
    INSERT INTO "report_stay_durations" AS r ("dim", "dim_id", "stage_id", "bucket", "seconds", "left_at", "n")
      SELECT "dim", "dim_id", "stage_id", "report_duration_bucket"("entered_at", "left_at"),
             extract(epoch FROM "left_at" - "entered_at"), "left_at", sum("sign")
        FROM "d" WHERE "left_at" IS NOT NULL AND "dim" > 0 AND "dim_id" IS NOT NULL
       GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum("sign") <> 0 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT ON CONSTRAINT "report_stay_durations_key" DO UPDATE SET "n" = r."n" + excluded."n"
  )
  INSERT INTO "report_stay_exits" AS r ("dim", "dim_id", "day", "stage_id", "bucket", "n")
    SELECT "dim", "dim_id", "report_day"("left_at"), "stage_id", "report_duration_bucket"("entered_at", "left_at"), sum("sign")
      FROM "d" WHERE "left_at" IS NOT NULL GROUP BY 1, 2, 3, 4, 5 HAVING sum("sign") <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "report_stay_exits_key" DO UPDATE SET "n" = r."n" + excluded."n";

  DELETE FROM "report_stay_durations" r
   USING (SELECT DISTINCT x."dim", x."dim_id", b."stage_id", "report_duration_bucket"(b."entered_at", b."left_at") AS "bucket",
                 extract(epoch FROM b."left_at" - b."entered_at") AS "seconds", b."left_at"
            FROM unnest("before") AS b CROSS JOIN LATERAL (VALUES (1::smallint, b."agent_id"), (2::smallint, b."lead_source_id"),
              (3::smallint, b."industry_id"), (4::smallint, b."company_id")) AS x("dim", "dim_id")
           WHERE b."left_at" IS NOT NULL AND x."dim_id" IS NOT NULL) AS k
   WHERE r."dim" = k."dim" AND r."dim_id" = k."dim_id" AND r."stage_id" = k."stage_id" AND r."bucket" = k."bucket"
     AND r."seconds" = k."seconds" AND r."left_at" = k."left_at" AND r."n" = 0;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_rollups_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_stay_entries";
  DELETE FROM "report_stay_exits";
  DELETE FROM "report_stay_sla";
  DELETE FROM "report_stay_durations";
  IF TG_TABLE_NAME = 'merchants' THEN
    DELETE FROM "report_new_merchants";
    DELETE FROM "report_decisions";
    DELETE FROM "report_go_lives";
    DELETE FROM "report_current_stages";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rebuilds report_stay_durations from the stays of the live merchants, in key order (the unique
-- index is then written in order).
CREATE FUNCTION "refresh_report_stay_durations"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "merchants", "merchant_stage_intervals" IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM "report_stay_durations";
  INSERT INTO "report_stay_durations" ("dim", "dim_id", "stage_id", "bucket", "seconds", "left_at", "n")
    SELECT x."dim", x."dim_id", i."stage_id", "report_duration_bucket"(i."entered_at", i."left_at"),
           extract(epoch FROM i."left_at" - i."entered_at"), i."left_at", count(*)
      FROM "merchant_stage_intervals" i
      JOIN "merchants" m ON m."id" = i."merchant_id" AND m."deleted_at" IS NULL
      CROSS JOIN LATERAL (VALUES (1::smallint, m."agent_id"), (2::smallint, m."lead_source_id"),
        (3::smallint, m."industry_id"), (4::smallint, m."company_id")) AS x("dim", "dim_id")
     WHERE i."left_at" IS NOT NULL AND x."dim_id" IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6;
END $$;
--> statement-breakpoint
-- refresh_report_rollups() as 0016 left it, rebuilding the durations too.
CREATE OR REPLACE FUNCTION "refresh_report_rollups"() RETURNS void LANGUAGE plpgsql AS $$
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
  PERFORM "refresh_report_stay_durations"();
  PERFORM "refresh_report_merchant_rollups"();
END $$;
--> statement-breakpoint
SELECT "refresh_report_stay_durations"();
