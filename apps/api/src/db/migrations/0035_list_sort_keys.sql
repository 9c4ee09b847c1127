ALTER TABLE "merchants" ADD COLUMN "stage_sort" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "agent_sort" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "industry_sort" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "assignee_sort" text;--> statement-breakpoint
-- Decision 091: the list's sorts over joined names read a key kept on the merchant, lower(name)
-- of its stage, agent, industry and assignee (a user as lists name one). Kept in the writing
-- transaction whoever writes: a merchant inserted or pointed elsewhere takes the names, a stage,
-- agent, industry or user renamed rewrites its merchants' keys. seed:bench loads with triggers
-- off and writes the keys itself.
CREATE FUNCTION "merchant_user_sort_name"("u" "users") RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(coalesce(nullif(u."display_name", ''), nullif(trim(u."first_name" || ' ' || u."last_name"), ''), u."email"))
$$;
--> statement-breakpoint
CREATE FUNCTION "merchant_sort_keys_take"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "is_insert" boolean := TG_OP = 'INSERT';
BEGIN
  IF "is_insert" OR NEW."stage_id" IS DISTINCT FROM OLD."stage_id" THEN
    NEW."stage_sort" := (SELECT lower(s."name") FROM "stages" s WHERE s."id" = NEW."stage_id");
  END IF;
  IF "is_insert" OR NEW."agent_id" IS DISTINCT FROM OLD."agent_id" THEN
    NEW."agent_sort" := (SELECT lower(a."name") FROM "agent_accounts" a WHERE a."id" = NEW."agent_id");
  END IF;
  IF "is_insert" OR NEW."industry_id" IS DISTINCT FROM OLD."industry_id" THEN
    NEW."industry_sort" := (SELECT lower(i."name") FROM "industries" i WHERE i."id" = NEW."industry_id");
  END IF;
  IF "is_insert" OR NEW."assigned_user_id" IS DISTINCT FROM OLD."assigned_user_id" THEN
    NEW."assignee_sort" := (SELECT "merchant_user_sort_name"(u) FROM "users" u WHERE u."id" = NEW."assigned_user_id");
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchants_sort_keys_insert" BEFORE INSERT ON "merchants"
  FOR EACH ROW EXECUTE FUNCTION "merchant_sort_keys_take"();
--> statement-breakpoint
CREATE TRIGGER "merchants_sort_keys_update" BEFORE UPDATE OF "stage_id", "agent_id", "industry_id", "assigned_user_id" ON "merchants"
  FOR EACH ROW EXECUTE FUNCTION "merchant_sort_keys_take"();
--> statement-breakpoint
CREATE FUNCTION "merchant_sort_keys_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'stages' THEN
    UPDATE "merchants" SET "stage_sort" = lower(NEW."name") WHERE "stage_id" = NEW."id";
  ELSIF TG_TABLE_NAME = 'agent_accounts' THEN
    UPDATE "merchants" SET "agent_sort" = lower(NEW."name") WHERE "agent_id" = NEW."id";
  ELSIF TG_TABLE_NAME = 'industries' THEN
    UPDATE "merchants" SET "industry_sort" = lower(NEW."name") WHERE "industry_id" = NEW."id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "stages_merchant_sort_keys" AFTER UPDATE OF "name" ON "stages"
  FOR EACH ROW WHEN (lower(OLD."name") IS DISTINCT FROM lower(NEW."name")) EXECUTE FUNCTION "merchant_sort_keys_follow"();
--> statement-breakpoint
CREATE TRIGGER "agent_accounts_merchant_sort_keys" AFTER UPDATE OF "name" ON "agent_accounts"
  FOR EACH ROW WHEN (lower(OLD."name") IS DISTINCT FROM lower(NEW."name")) EXECUTE FUNCTION "merchant_sort_keys_follow"();
--> statement-breakpoint
CREATE TRIGGER "industries_merchant_sort_keys" AFTER UPDATE OF "name" ON "industries"
  FOR EACH ROW WHEN (lower(OLD."name") IS DISTINCT FROM lower(NEW."name")) EXECUTE FUNCTION "merchant_sort_keys_follow"();
--> statement-breakpoint
CREATE FUNCTION "merchant_sort_keys_follow_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "merchants" SET "assignee_sort" = "merchant_user_sort_name"(NEW) WHERE "assigned_user_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_merchant_sort_keys" AFTER UPDATE OF "display_name", "first_name", "last_name", "email" ON "users"
  FOR EACH ROW WHEN ("merchant_user_sort_name"(OLD) IS DISTINCT FROM "merchant_user_sort_name"(NEW))
  EXECUTE FUNCTION "merchant_sort_keys_follow_user"();
--> statement-breakpoint
-- The merchants already there take their keys once, before the keys' indexes are built.
UPDATE "merchants" m SET
  "stage_sort" = (SELECT lower(s."name") FROM "stages" s WHERE s."id" = m."stage_id"),
  "agent_sort" = (SELECT lower(a."name") FROM "agent_accounts" a WHERE a."id" = m."agent_id"),
  "industry_sort" = (SELECT lower(i."name") FROM "industries" i WHERE i."id" = m."industry_id"),
  "assignee_sort" = (SELECT "merchant_user_sort_name"(u) FROM "users" u WHERE u."id" = m."assigned_user_id");
--> statement-breakpoint
-- Which values go together (a stage lies in one pipeline, a declined merchant is dead, a merchant
-- in sales has no risk level): without this the planner multiplies the filters' shares, misjudges
-- how many rows a filtered page finds, and walks a sort index for matches that are not there.
CREATE STATISTICS "merchants_list_filters_stats" (dependencies, mcv) ON "pipeline", "stage_id", "underwriting_decision", "risk_level" FROM "merchants";
--> statement-breakpoint
CREATE INDEX "merchants_stage_entered_idx" ON "merchants" USING btree ("stage_entered_at","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_legal_idx" ON "merchants" USING btree ("pipeline",lower("legal_name"),"id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_legal_idx" ON "merchants" USING btree (lower("legal_name"),"id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_stage_sort_idx" ON "merchants" USING btree ("pipeline","stage_sort","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_stage_sort_idx" ON "merchants" USING btree ("stage_sort","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_agent_sort_idx" ON "merchants" USING btree ("pipeline","agent_sort","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_agent_sort_idx" ON "merchants" USING btree ("agent_sort","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_agent_sort_empty_idx" ON "merchants" USING btree ("pipeline","id") WHERE "merchants"."deleted_at" is null and "merchants"."agent_sort" is null;--> statement-breakpoint
CREATE INDEX "merchants_agent_sort_empty_idx" ON "merchants" USING btree ("id") WHERE "merchants"."deleted_at" is null and "merchants"."agent_sort" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_industry_sort_idx" ON "merchants" USING btree ("pipeline","industry_sort","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_industry_sort_idx" ON "merchants" USING btree ("industry_sort","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_industry_sort_empty_idx" ON "merchants" USING btree ("pipeline","id") WHERE "merchants"."deleted_at" is null and "merchants"."industry_sort" is null;--> statement-breakpoint
CREATE INDEX "merchants_industry_sort_empty_idx" ON "merchants" USING btree ("id") WHERE "merchants"."deleted_at" is null and "merchants"."industry_sort" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_assignee_sort_idx" ON "merchants" USING btree ("pipeline","assignee_sort","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_assignee_sort_idx" ON "merchants" USING btree ("assignee_sort","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_assignee_sort_empty_idx" ON "merchants" USING btree ("pipeline","id") WHERE "merchants"."deleted_at" is null and "merchants"."assignee_sort" is null;--> statement-breakpoint
CREATE INDEX "merchants_assignee_sort_empty_idx" ON "merchants" USING btree ("id") WHERE "merchants"."deleted_at" is null and "merchants"."assignee_sort" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_volume_idx" ON "merchants" USING btree ("pipeline","monthly_volume","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_volume_idx" ON "merchants" USING btree ("monthly_volume","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_volume_empty_idx" ON "merchants" USING btree ("pipeline","id") WHERE "merchants"."deleted_at" is null and "merchants"."monthly_volume" is null;--> statement-breakpoint
CREATE INDEX "merchants_volume_empty_idx" ON "merchants" USING btree ("id") WHERE "merchants"."deleted_at" is null and "merchants"."monthly_volume" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_decision_idx" ON "merchants" USING btree ("pipeline","underwriting_decision","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_decision_idx" ON "merchants" USING btree ("underwriting_decision","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_risk_idx" ON "merchants" USING btree ("pipeline","risk_level","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_risk_idx" ON "merchants" USING btree ("risk_level","id") WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchants_pipeline_risk_empty_idx" ON "merchants" USING btree ("pipeline","id") WHERE "merchants"."deleted_at" is null and "merchants"."risk_level" is null;--> statement-breakpoint
CREATE INDEX "merchants_risk_empty_idx" ON "merchants" USING btree ("id") WHERE "merchants"."deleted_at" is null and "merchants"."risk_level" is null;