-- report_day() as PostgreSQL can inline it (seed:bench at 1,000,000). Its body
-- used extract(epoch FROM timestamptz), which is STABLE: a function declared IMMUTABLE around a
-- STABLE expression is never inlined, so every row of a rollup refresh and every trigger called it
-- through the SQL-function machinery (about 3 µs a call; a third of refresh_report_rollups()).
-- The difference of two timestamptz values is an interval (immutable), and the epoch of that
-- interval is the same number of seconds: same day numbers for every instant, now inlined.
CREATE OR REPLACE FUNCTION "report_day"("at" timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor(extract(epoch FROM ("at" - timestamptz '1970-01-01 00:00:00+00')) / 86400)::integer
$$;
