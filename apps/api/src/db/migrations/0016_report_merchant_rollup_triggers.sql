-- Custom SQL (decision 051): the functions and triggers that keep the merchant rollups
-- (report_new_merchants, report_decisions, report_go_lives, report_current_stages) and the stay
-- SLA rollup (report_stay_sla) exact in the writing transaction, and their first fill from the
-- rows already there (an upgraded database). The same five slices as decision 046.
--
-- One merchant row as the merchant rollups count it, with a sign: -1 what it counted before a
-- statement, +1 what it counts after.
CREATE TYPE "report_merchant" AS (
  "sign" integer, "created_at" timestamptz, "decided_at" timestamptz, "decision" "underwriting_decision",
  "reason" text, "volume" numeric, "go_live_on" date, "stage_id" uuid, "stage_entered_at" timestamptz,
  "agent_id" uuid, "lead_source_id" uuid, "industry_id" uuid, "company_id" uuid
);
--> statement-breakpoint
-- Adds the signed rows to the four merchant rollups; only keys whose count changes are written,
-- in key order (two writers lock rows in one order).
CREATE FUNCTION "report_merchant_rollups_apply"("rows" report_merchant[]) RETURNS void
  LANGUAGE sql AS $$
  WITH "d" AS (
    SELECT r.*, x."dim", x."dim_id"
      FROM unnest("rows") AS r CROSS JOIN LATERAL (VALUES (0::smallint, NULL::uuid), (1::smallint, r."agent_id"),
        (2::smallint, r."lead_source_id"), (3::smallint, r."industry_id"), (4::smallint, r."company_id")) AS x("dim", "dim_id")
  ), "created" AS (
    INSERT INTO "report_new_merchants" AS t ("dim", "dim_id", "day", "n")
      SELECT "dim", "dim_id", "report_day"("created_at"), sum("sign")
        FROM "d" GROUP BY 1, 2, 3 HAVING sum("sign") <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ON CONSTRAINT "report_new_merchants_key" DO UPDATE SET "n" = t."n" + excluded."n"
  ), "decided" AS (
    INSERT INTO "report_decisions" AS t ("dim", "dim_id", "day", "decision", "reason", "n", "volume")
      SELECT "dim", "dim_id", "report_day"("decided_at"), "decision", btrim("reason"), sum("sign"),
             sum("sign" * coalesce("volume", 0))
        FROM "d" WHERE "decided_at" IS NOT NULL AND "decision" <> 'pending'
       GROUP BY 1, 2, 3, 4, 5 HAVING sum("sign") <> 0 OR sum("sign" * coalesce("volume", 0)) <> 0 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT ON CONSTRAINT "report_decisions_key"
      DO UPDATE SET "n" = t."n" + excluded."n", "volume" = t."volume" + excluded."volume"
  ), "live" AS (
    INSERT INTO "report_go_lives" AS t ("dim", "dim_id", "day", "n")
      SELECT "dim", "dim_id", "go_live_on", sum("sign")
        FROM "d" WHERE "go_live_on" IS NOT NULL GROUP BY 1, 2, 3 HAVING sum("sign") <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ON CONSTRAINT "report_go_lives_key" DO UPDATE SET "n" = t."n" + excluded."n"
  )
  INSERT INTO "report_current_stages" AS t ("dim", "dim_id", "stage_id", "day", "n")
    SELECT "dim", "dim_id", "stage_id", "report_day"("stage_entered_at"), sum("sign")
      FROM "d" GROUP BY 1, 2, 3, 4 HAVING sum("sign") <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT "report_current_stages_key" DO UPDATE SET "n" = t."n" + excluded."n";
$$;
--> statement-breakpoint
-- Live merchants only; an update counts only the rows whose counted columns changed.
CREATE FUNCTION "report_merchant_rollups_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "report_merchant_rollups_apply"(coalesce((SELECT array_agg(ROW(1, n."created_at", n."decided_at",
        n."underwriting_decision", n."underwriting_reason", n."monthly_volume", n."go_live_on", n."stage_id",
        n."stage_entered_at", n."agent_id", n."lead_source_id", n."industry_id", n."company_id")::report_merchant)
      FROM new_rows n WHERE n."deleted_at" IS NULL), '{}'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "report_merchant_rollups_apply"(coalesce((SELECT array_agg(ROW(-1, o."created_at", o."decided_at",
        o."underwriting_decision", o."underwriting_reason", o."monthly_volume", o."go_live_on", o."stage_id",
        o."stage_entered_at", o."agent_id", o."lead_source_id", o."industry_id", o."company_id")::report_merchant)
      FROM old_rows o WHERE o."deleted_at" IS NULL), '{}'));
  ELSE
    PERFORM "report_merchant_rollups_apply"(coalesce((SELECT array_agg(v."r")
      FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      CROSS JOIN LATERAL (VALUES
        (ROW(-1, o."created_at", o."decided_at", o."underwriting_decision", o."underwriting_reason", o."monthly_volume",
             o."go_live_on", o."stage_id", o."stage_entered_at", o."agent_id", o."lead_source_id", o."industry_id",
             o."company_id")::report_merchant, o."deleted_at" IS NULL),
        (ROW(1, n."created_at", n."decided_at", n."underwriting_decision", n."underwriting_reason", n."monthly_volume",
             n."go_live_on", n."stage_id", n."stage_entered_at", n."agent_id", n."lead_source_id", n."industry_id",
             n."company_id")::report_merchant, n."deleted_at" IS NULL)) AS v("r", "live")
     WHERE v."live"
       AND (o."deleted_at" IS NULL, o."created_at", o."decided_at", o."underwriting_decision", btrim(o."underwriting_reason"),
            o."monthly_volume", o."go_live_on", o."stage_id", o."stage_entered_at", o."agent_id", o."lead_source_id",
            o."industry_id", o."company_id")
           IS DISTINCT FROM
           (n."deleted_at" IS NULL, n."created_at", n."decided_at", n."underwriting_decision", btrim(n."underwriting_reason"),
            n."monthly_volume", n."go_live_on", n."stage_id", n."stage_entered_at", n."agent_id", n."lead_source_id",
            n."industry_id", n."company_id")), '{}'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchants_merchant_rollups_insert" AFTER INSERT ON "merchants"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_merchant_rollups_changed"();
--> statement-breakpoint
CREATE TRIGGER "merchants_merchant_rollups_update" AFTER UPDATE ON "merchants"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_merchant_rollups_changed"();
--> statement-breakpoint
CREATE TRIGGER "merchants_merchant_rollups_delete" AFTER DELETE ON "merchants"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_merchant_rollups_changed"();
--> statement-breakpoint
-- The stay rollups of decision 046, now also writing report_stay_sla: per entry day and stage, the
-- open stays and the closed ones longer than the stage's SLA. Every stay writer already calls it.
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
  )
  INSERT INTO "report_stay_exits" AS r ("dim", "dim_id", "day", "stage_id", "bucket", "n")
    SELECT "dim", "dim_id", "report_day"("left_at"), "stage_id", "report_duration_bucket"("entered_at", "left_at"), sum("sign")
      FROM "d" WHERE "left_at" IS NOT NULL GROUP BY 1, 2, 3, 4, 5 HAVING sum("sign") <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT "report_stay_exits_key" DO UPDATE SET "n" = r."n" + excluded."n";
$$;
--> statement-breakpoint
-- report_stay_sla rows of the given stages, recounted from their stays (the breached count
-- depends on the stage's SLA as it is now).
CREATE FUNCTION "report_stay_sla_recount"("stage_ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "report_stay_sla" WHERE "stage_id" = ANY("stage_ids");
  INSERT INTO "report_stay_sla" ("dim", "dim_id", "day", "stage_id", "open", "breached")
    SELECT x."dim", x."dim_id", "report_day"(i."entered_at"), i."stage_id",
           count(*) FILTER (WHERE i."left_at" IS NULL),
           count(*) FILTER (WHERE i."left_at" - i."entered_at" > make_interval(hours => st."sla_hours"))
      FROM "merchant_stage_intervals" i
      JOIN "merchants" m ON m."id" = i."merchant_id" AND m."deleted_at" IS NULL
      JOIN "stages" st ON st."id" = i."stage_id"
      CROSS JOIN LATERAL (VALUES (0::smallint, NULL::uuid), (1::smallint, m."agent_id"), (2::smallint, m."lead_source_id"),
        (3::smallint, m."industry_id"), (4::smallint, m."company_id")) AS x("dim", "dim_id")
     WHERE i."stage_id" = ANY("stage_ids")
       AND (i."left_at" IS NULL OR i."left_at" - i."entered_at" > make_interval(hours => st."sla_hours"))
     GROUP BY 1, 2, 3, 4;
$$;
--> statement-breakpoint
-- A stage whose SLA changes has its breached stays recounted (an admin edit; it reads the
-- stage's stays once, in the writing transaction).
CREATE FUNCTION "report_rollups_stages_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "ids" uuid[];
BEGIN
  "ids" := ARRAY(SELECT n."id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
                  WHERE o."sla_hours" IS DISTINCT FROM n."sla_hours");
  IF cardinality("ids") > 0 THEN
    PERFORM "report_stay_sla_recount"("ids");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stages_rollups_update" AFTER UPDATE ON "stages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_rollups_stages_changed"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_rollups_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_stay_entries";
  DELETE FROM "report_stay_exits";
  DELETE FROM "report_stay_sla";
  IF TG_TABLE_NAME = 'merchants' THEN
    DELETE FROM "report_new_merchants";
    DELETE FROM "report_decisions";
    DELETE FROM "report_go_lives";
    DELETE FROM "report_current_stages";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Rebuilds the rollups of decision 051 from the merchants and the stays.
CREATE FUNCTION "refresh_report_merchant_rollups"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "merchants", "merchant_stage_intervals", "stages" IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM "report_new_merchants";
  DELETE FROM "report_decisions";
  DELETE FROM "report_go_lives";
  DELETE FROM "report_current_stages";
  CREATE TEMP TABLE "report_merchant_fill" ON COMMIT DROP AS
    SELECT m."created_at", m."decided_at", m."underwriting_decision" AS "decision", btrim(m."underwriting_reason") AS "reason",
           m."monthly_volume" AS "volume", m."go_live_on", m."stage_id", m."stage_entered_at", x."dim", x."dim_id"
      FROM "merchants" m CROSS JOIN LATERAL (VALUES (0::smallint, NULL::uuid), (1::smallint, m."agent_id"),
        (2::smallint, m."lead_source_id"), (3::smallint, m."industry_id"), (4::smallint, m."company_id")) AS x("dim", "dim_id")
     WHERE m."deleted_at" IS NULL;
  INSERT INTO "report_new_merchants" ("dim", "dim_id", "day", "n")
    SELECT "dim", "dim_id", "report_day"("created_at"), count(*) FROM "report_merchant_fill" GROUP BY 1, 2, 3;
  INSERT INTO "report_decisions" ("dim", "dim_id", "day", "decision", "reason", "n", "volume")
    SELECT "dim", "dim_id", "report_day"("decided_at"), "decision", "reason", count(*), coalesce(sum("volume"), 0)
      FROM "report_merchant_fill" WHERE "decided_at" IS NOT NULL AND "decision" <> 'pending' GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO "report_go_lives" ("dim", "dim_id", "day", "n")
    SELECT "dim", "dim_id", "go_live_on", count(*) FROM "report_merchant_fill" WHERE "go_live_on" IS NOT NULL GROUP BY 1, 2, 3;
  INSERT INTO "report_current_stages" ("dim", "dim_id", "stage_id", "day", "n")
    SELECT "dim", "dim_id", "stage_id", "report_day"("stage_entered_at"), count(*) FROM "report_merchant_fill" GROUP BY 1, 2, 3, 4;
  DROP TABLE "report_merchant_fill";
  PERFORM "report_stay_sla_recount"(ARRAY(SELECT "id" FROM "stages"));
END $$;
--> statement-breakpoint
-- refresh_report_rollups() (decision 046: after a bulk load with triggers off, a restore)
-- rebuilds these too.
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
  PERFORM "refresh_report_merchant_rollups"();
END $$;
--> statement-breakpoint
SELECT "refresh_report_merchant_rollups"();
