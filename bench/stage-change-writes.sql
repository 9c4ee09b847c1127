-- What the report rollup triggers cost a stage change (decision 054): 300 stage changes, each
-- closing a merchant's open stay and opening one in a dead stage, each rolled back (a
-- subtransaction), so the database is left as it was. Run against the bench database with
-- `psql -X -q -f bench/stage-change-writes.sql` and compare the two versions of a trigger
-- function by swapping its definition between runs, in turn.
\timing on
DO $$
DECLARE r record; target uuid;
BEGIN
  SELECT id INTO target FROM stages WHERE pipeline = 'dead' AND deleted_at IS NULL LIMIT 1;
  FOR r IN SELECT m.id FROM merchants m WHERE m.deleted_at IS NULL AND m.pipeline = 'underwriting'
            ORDER BY m.id LIMIT 300 LOOP
    BEGIN
      UPDATE merchant_stage_intervals SET left_at = now() WHERE merchant_id = r.id AND left_at IS NULL;
      INSERT INTO merchant_stage_intervals (id, merchant_id, stage_id, pipeline, entered_at)
        VALUES (gen_random_uuid(), r.id, target, 'dead', now());
      RAISE EXCEPTION 'undo';
    EXCEPTION WHEN raise_exception THEN NULL;
    END;
  END LOOP;
END $$;
