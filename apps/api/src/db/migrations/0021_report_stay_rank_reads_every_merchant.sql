-- Custom SQL (decision 057): exact percentile ranks for time in stage without a filter, read
-- like the filtered ones (decision 054) and narrowed further.
--
-- 1. report_stay_durations gets the unfiltered slice too (`dim` 0, with the nil uuid as its
--    `dim_id`, since the key's columns are NOT NULL), so a rank is read from there in key order
--    instead of from the interval duration index (a heap fetch per stay scanned there, and a
--    recheck that the merchant is live).
-- 2. report_stay_exit_steps (the generated 0020) counts the unfiltered slice's closed stays per
--    stage, bucket, step within the bucket and day, so the read starts at the step that holds the
--    rank: at most a sixteenth of the bucket (the largest bucket of the bench holds 55,000 stays of
--    a year).
--
-- A bucket's sixteen steps: equal parts of [lower, upper) of report_duration_bucket's steps (in
-- seconds); below 0 and from the last bound on (buckets 0 and 50) there is one step, 0.
-- report_duration_bucket's bounds (seconds), as a constant the planner folds in.
CREATE FUNCTION "report_duration_bounds"() RETURNS numeric[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY[0,60,300,900,1800,3600,7200,14400,21600,32400,43200,64800,86400,108000,129600,172800,216000,259200,
    345600,432000,518400,604800,864000,1209600,1814400,2592000,3888000,5184000,7776000,10368000,12960000,15552000,
    18144000,20736000,23328000,25920000,28512000,31104000,33696000,36288000,38880000,41472000,44064000,46656000,
    49248000,51840000,54432000,57024000,59616000,62208000]::numeric[]
$$;
--> statement-breakpoint
-- The first duration of every step of buckets 1-49 and the last bound, as float8 (computed from
-- the bounds here and written into the function as one constant). Every step starts at a multiple
-- of 3.75 s, exact in float8, and a duration (microseconds) is never within float8's rounding of
-- one without being on it, so float8 puts each duration in the same step as the numeric bounds.
DO $$
BEGIN
  EXECUTE format('CREATE FUNCTION "report_duration_step_bounds"() RETURNS float8[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS %L',
    format('SELECT %L::float8[]',
      (SELECT array_agg(x."b"[i] + k * (x."b"[i + 1] - x."b"[i]) / 16 ORDER BY i, k)::float8[] || x."b"[50]::float8
         FROM (SELECT "report_duration_bounds"() AS "b") x, generate_series(1, 49) i, generate_series(0, 15) k
        GROUP BY x."b")));
END $$;
--> statement-breakpoint
-- One expression without a FROM, so that PostgreSQL inlines it where it is used, with one float8
-- width_bucket over the steps (the same work as report_duration_bucket: a numeric expression took
-- 3-4 times as long over the 23,000 stays at a range's edge on the bench).
CREATE FUNCTION "report_duration_step"("seconds" numeric) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN "seconds" >= 0 AND "seconds" < 62208000
              THEN ((width_bucket("seconds"::float8, "report_duration_step_bounds"()) - 1) % 16)::smallint
              ELSE 0::smallint END
$$;
--> statement-breakpoint
-- The first duration (seconds) of a bucket's step: report_duration_step(s) >= "step" for the
-- durations s of the bucket from here on (the reads start their scan of the bucket here).
CREATE FUNCTION "report_duration_step_start"("bucket" smallint, "step" smallint) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN "bucket" BETWEEN 1 AND 49 AND "step" > 0
              THEN ("report_duration_bounds"())["bucket"]
                   + "step" * (("report_duration_bounds"())["bucket" + 1] - ("report_duration_bounds"())["bucket"]) / 16
              ELSE '-Infinity'::numeric END
$$;
--> statement-breakpoint
-- report_rollups_apply as 0019 left it, with the durations part and the delete of the keys that
-- fell to 0 taking `dim` 0 as well, and a "steps" part.
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
      SELECT "dim", coalesce("dim_id", '00000000-0000-0000-0000-000000000000'::uuid), "stage_id",
             "report_duration_bucket"("entered_at", "left_at"), extract(epoch FROM "left_at" - "entered_at"), "left_at", sum("sign")
        FROM "d" WHERE "left_at" IS NOT NULL AND ("dim" = 0 OR "dim_id" IS NOT NULL)
       GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum("sign") <> 0 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT ON CONSTRAINT "report_stay_durations_key" DO UPDATE SET "n" = r."n" + excluded."n"
  ), "steps" AS (
    INSERT INTO "report_stay_exit_steps" AS r ("stage_id", "bucket", "day", "step", "n")
      SELECT "stage_id", "report_duration_bucket"("entered_at", "left_at"), "report_day"("left_at"),
             "report_duration_step"(extract(epoch FROM "left_at" - "entered_at")), sum("sign")
        FROM "d" WHERE "left_at" IS NOT NULL AND "dim" = 0
       GROUP BY 1, 2, 3, 4 HAVING sum("sign") <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT ON CONSTRAINT "report_stay_exit_steps_key" DO UPDATE SET "n" = r."n" + excluded."n"
  )
  INSERT INTO "report_stay_exits" AS r ("dim", "dim_id", "day", "stage_id", "bucket", "n")
    SELECT "dim", "dim_id", "report_day"("left_at"), "stage_id", "report_duration_bucket"("entered_at", "left_at"), sum("sign")
      FROM "d" WHERE "left_at" IS NOT NULL GROUP BY 1, 2, 3, 4, 5 HAVING sum("sign") <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "report_stay_exits_key" DO UPDATE SET "n" = r."n" + excluded."n";

  DELETE FROM "report_stay_durations" r
   USING (SELECT DISTINCT x."dim", x."dim_id", b."stage_id", "report_duration_bucket"(b."entered_at", b."left_at") AS "bucket",
                 extract(epoch FROM b."left_at" - b."entered_at") AS "seconds", b."left_at"
            FROM unnest("before") AS b CROSS JOIN LATERAL (VALUES (0::smallint, '00000000-0000-0000-0000-000000000000'::uuid),
              (1::smallint, b."agent_id"), (2::smallint, b."lead_source_id"), (3::smallint, b."industry_id"),
              (4::smallint, b."company_id")) AS x("dim", "dim_id")
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
  DELETE FROM "report_stay_exit_steps";
  IF TG_TABLE_NAME = 'merchants' THEN
    DELETE FROM "report_new_merchants";
    DELETE FROM "report_decisions";
    DELETE FROM "report_go_lives";
    DELETE FROM "report_current_stages";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- refresh_report_stay_durations() as 0019 left it, with the unfiltered slice, and the steps
-- rebuilt too (both serve the percentile ranks). refresh_report_rollups() calls it, so a rebuild
-- (seed:bench, restores) fills the new rows.
CREATE OR REPLACE FUNCTION "refresh_report_stay_durations"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "merchants", "merchant_stage_intervals" IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM "report_stay_durations";
  INSERT INTO "report_stay_durations" ("dim", "dim_id", "stage_id", "bucket", "seconds", "left_at", "n")
    SELECT x."dim", x."dim_id", i."stage_id", "report_duration_bucket"(i."entered_at", i."left_at"),
           extract(epoch FROM i."left_at" - i."entered_at"), i."left_at", count(*)
      FROM "merchant_stage_intervals" i
      JOIN "merchants" m ON m."id" = i."merchant_id" AND m."deleted_at" IS NULL
      CROSS JOIN LATERAL (VALUES (0::smallint, '00000000-0000-0000-0000-000000000000'::uuid), (1::smallint, m."agent_id"),
        (2::smallint, m."lead_source_id"), (3::smallint, m."industry_id"), (4::smallint, m."company_id")) AS x("dim", "dim_id")
     WHERE i."left_at" IS NOT NULL AND x."dim_id" IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6;
  DELETE FROM "report_stay_exit_steps";
  INSERT INTO "report_stay_exit_steps" ("stage_id", "bucket", "day", "step", "n")
    SELECT "stage_id", "bucket", "report_day"("left_at"), "report_duration_step"("seconds"), sum("n")
      FROM "report_stay_durations" WHERE "dim" = 0
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint
-- An upgraded database: only the new rows are added (the filter slices are already there), with
-- the writers held off as the refresh functions do.
LOCK TABLE "merchants", "merchant_stage_intervals" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO "report_stay_durations" ("dim", "dim_id", "stage_id", "bucket", "seconds", "left_at", "n")
  SELECT 0, '00000000-0000-0000-0000-000000000000'::uuid, i."stage_id", "report_duration_bucket"(i."entered_at", i."left_at"),
         extract(epoch FROM i."left_at" - i."entered_at"), i."left_at", count(*)
    FROM "merchant_stage_intervals" i
    JOIN "merchants" m ON m."id" = i."merchant_id" AND m."deleted_at" IS NULL
   WHERE i."left_at" IS NOT NULL
   GROUP BY 3, 4, 5, 6 ORDER BY 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO "report_stay_exit_steps" ("stage_id", "bucket", "day", "step", "n")
  SELECT "stage_id", "bucket", "report_day"("left_at"), "report_duration_step"("seconds"), sum("n")
    FROM "report_stay_durations" WHERE "dim" = 0
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
