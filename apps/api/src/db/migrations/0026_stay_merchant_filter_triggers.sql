-- Decision 061: each stay carries its merchant's report filters while the merchant is live
-- (live_agent_id, live_lead_source_id, live_industry_id, live_company_id; all null once it is
-- deleted), so a report with two filters or more reads the matching stays alone. Kept exact in
-- the writing transaction, whoever writes (routes, bulk moves, workflow actions, hand-run SQL):
--   * a stay inserted (or moved to another merchant) takes its merchant's filters;
--   * a merchant whose agent, lead source, industry or company changes, or that is deleted or
--     restored, rewrites its stays' copies.
-- seed:bench and bench/report-history.sql load with triggers off and write the copies themselves.
CREATE FUNCTION "merchant_stay_filters_take"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT m."agent_id", m."lead_source_id", m."industry_id", m."company_id"
    INTO NEW."live_agent_id", NEW."live_lead_source_id", NEW."live_industry_id", NEW."live_company_id"
    FROM "merchants" m WHERE m."id" = NEW."merchant_id" AND m."deleted_at" IS NULL;
  IF NOT FOUND THEN
    NEW."live_agent_id" := NULL;
    NEW."live_lead_source_id" := NULL;
    NEW."live_industry_id" := NULL;
    NEW."live_company_id" := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchant_stage_intervals_filters_insert" BEFORE INSERT ON "merchant_stage_intervals"
  FOR EACH ROW EXECUTE FUNCTION "merchant_stay_filters_take"();
--> statement-breakpoint
CREATE TRIGGER "merchant_stage_intervals_filters_update" BEFORE UPDATE OF "merchant_id" ON "merchant_stage_intervals"
  FOR EACH ROW WHEN (OLD."merchant_id" IS DISTINCT FROM NEW."merchant_id") EXECUTE FUNCTION "merchant_stay_filters_take"();
--> statement-breakpoint
CREATE FUNCTION "merchant_stay_filters_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "merchant_stage_intervals" i
     SET "live_agent_id" = CASE WHEN NEW."deleted_at" IS NULL THEN NEW."agent_id" END,
         "live_lead_source_id" = CASE WHEN NEW."deleted_at" IS NULL THEN NEW."lead_source_id" END,
         "live_industry_id" = CASE WHEN NEW."deleted_at" IS NULL THEN NEW."industry_id" END,
         "live_company_id" = CASE WHEN NEW."deleted_at" IS NULL THEN NEW."company_id" END
   WHERE i."merchant_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No column list: the WHEN clause compares the values, whatever the statement's SET named.
CREATE TRIGGER "merchants_stay_filters_update" AFTER UPDATE ON "merchants"
  FOR EACH ROW WHEN ((OLD."agent_id", OLD."lead_source_id", OLD."industry_id", OLD."company_id", OLD."deleted_at" IS NULL)
                     IS DISTINCT FROM (NEW."agent_id", NEW."lead_source_id", NEW."industry_id", NEW."company_id", NEW."deleted_at" IS NULL))
  EXECUTE FUNCTION "merchant_stay_filters_follow"();
--> statement-breakpoint
-- The rollup trigger on the stays (0014) recounted every stay of the merchants an UPDATE touched;
-- an update that changes none of what the rollups count (the copies above) now returns at once.
CREATE OR REPLACE FUNCTION "report_rollups_stays_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    IF NOT EXISTS (SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n."id" = o."id"
                    WHERE o."id" IS NULL OR n."id" IS NULL
                       OR (o."merchant_id", o."stage_id", o."entered_at", o."left_at")
                          IS DISTINCT FROM (n."merchant_id", n."stage_id", n."entered_at", n."left_at")) THEN
      RETURN NULL;
    END IF;
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
-- The stays already there take their merchants' filters once (the rollup trigger off for it: it
-- would only find that nothing it counts changed, after holding every row twice).
LOCK TABLE "merchants", "merchant_stage_intervals" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "merchant_stage_intervals" DISABLE TRIGGER "merchant_stage_intervals_rollups_update";
--> statement-breakpoint
UPDATE "merchant_stage_intervals" i
   SET "live_agent_id" = m."agent_id", "live_lead_source_id" = m."lead_source_id",
       "live_industry_id" = m."industry_id", "live_company_id" = m."company_id"
  FROM "merchants" m
 WHERE m."id" = i."merchant_id" AND m."deleted_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "merchant_stage_intervals" ENABLE TRIGGER "merchant_stage_intervals_rollups_update";
