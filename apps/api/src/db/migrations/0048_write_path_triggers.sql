-- Decision 118: the merchants table's triggers do their work only when a write needs it.
--
-- The two report rollup triggers of an UPDATE called their SQL functions whatever changed: each
-- call plans four writing CTEs anew (SQL functions keep no plan), about 12 ms for an edit of the
-- legal name that moves no count. They now look at the transition tables first and call the
-- rollups only for rows whose counted columns changed.
CREATE OR REPLACE FUNCTION "report_rollups_merchants_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id"
     WHERE (o."deleted_at" IS NULL OR n."deleted_at" IS NULL)
       AND ((o."deleted_at" IS NULL) <> (n."deleted_at" IS NULL)
            OR (o."agent_id", o."lead_source_id", o."industry_id", o."company_id")
               IS DISTINCT FROM (n."agent_id", n."lead_source_id", n."industry_id", n."company_id"))
  ) THEN
    RETURN NULL;
  END IF;
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
CREATE OR REPLACE FUNCTION "report_merchant_rollups_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "changes" report_merchant[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(1, n."created_at", n."decided_at",
        n."underwriting_decision", n."underwriting_reason", n."monthly_volume", n."go_live_on", n."stage_id",
        n."stage_entered_at", n."agent_id", n."lead_source_id", n."industry_id", n."company_id")::report_merchant)
      INTO "changes" FROM new_rows n WHERE n."deleted_at" IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(ROW(-1, o."created_at", o."decided_at",
        o."underwriting_decision", o."underwriting_reason", o."monthly_volume", o."go_live_on", o."stage_id",
        o."stage_entered_at", o."agent_id", o."lead_source_id", o."industry_id", o."company_id")::report_merchant)
      INTO "changes" FROM old_rows o WHERE o."deleted_at" IS NULL;
  ELSE
    SELECT array_agg(v."r") INTO "changes"
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
            n."industry_id", n."company_id");
  END IF;
  IF "changes" IS NOT NULL THEN
    PERFORM "report_merchant_rollups_apply"("changes");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The list's sort keys: a merchant without an agent, industry or assignee has no key to look up
-- (most new leads and imported rows), so no query runs for it.
CREATE OR REPLACE FUNCTION "merchant_sort_keys_take"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "is_insert" boolean := TG_OP = 'INSERT';
BEGIN
  IF "is_insert" OR NEW."stage_id" IS DISTINCT FROM OLD."stage_id" THEN
    NEW."stage_sort" := (SELECT lower(s."name") FROM "stages" s WHERE s."id" = NEW."stage_id");
  END IF;
  IF NEW."agent_id" IS NULL THEN
    NEW."agent_sort" := NULL;
  ELSIF "is_insert" OR NEW."agent_id" IS DISTINCT FROM OLD."agent_id" THEN
    NEW."agent_sort" := (SELECT lower(a."name") FROM "agent_accounts" a WHERE a."id" = NEW."agent_id");
  END IF;
  IF NEW."industry_id" IS NULL THEN
    NEW."industry_sort" := NULL;
  ELSIF "is_insert" OR NEW."industry_id" IS DISTINCT FROM OLD."industry_id" THEN
    NEW."industry_sort" := (SELECT lower(i."name") FROM "industries" i WHERE i."id" = NEW."industry_id");
  END IF;
  IF NEW."assigned_user_id" IS NULL THEN
    NEW."assignee_sort" := NULL;
  ELSIF "is_insert" OR NEW."assigned_user_id" IS DISTINCT FROM OLD."assigned_user_id" THEN
    NEW."assignee_sort" := (SELECT "merchant_user_sort_name"(u) FROM "users" u WHERE u."id" = NEW."assigned_user_id");
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The search dictionary takes an insert's words once for the statement (a thousand imported rows
-- in one INSERT), not row by row. An update keeps its row trigger: a statement trigger with a
-- transition table cannot name columns, and a stage change must not fire it.
DROP TRIGGER "merchants_search_words" ON "merchants";
--> statement-breakpoint
CREATE TRIGGER "merchants_search_words" AFTER UPDATE OF "dba_name", "legal_name", "contact_first_name", "contact_last_name", "contact_email"
  ON "merchants" FOR EACH ROW EXECUTE FUNCTION "merchant_search_words_take"();
--> statement-breakpoint
CREATE FUNCTION "merchant_search_words_take_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "merchant_search_words" ("word")
    SELECT DISTINCT w FROM new_rows n
     CROSS JOIN LATERAL unnest("merchant_search_words"(n."dba_name", n."legal_name", n."contact_first_name",
                                                       n."contact_last_name", n."contact_email")) AS w
     ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchants_search_words_insert" AFTER INSERT ON "merchants"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "merchant_search_words_take_inserted"();
