-- Custom SQL (decision 052): the read cache of the merchant list, search and view answers is
-- emptied in every API process when a statement that can change one of them commits, whoever ran
-- it (an API process, a worker, psql). Statement-level triggers on every table whose values those
-- answers show notify the channel `merchant_reads` with the table's name; PostgreSQL delivers a
-- notification only when its transaction commits, once per distinct payload, and never for a
-- rolled-back one. A trigger runs for every writer unless triggers are off
-- (session_replication_role = replica, as seed:bench loads): such a writer must restart the API
-- processes or write once more with triggers on.
CREATE FUNCTION "notify_merchant_reads"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('merchant_reads', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The merchants themselves, their owners (the view), and the counts the totals are read from.
CREATE TRIGGER "merchants_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "merchants"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_merchant_reads"();
--> statement-breakpoint
CREATE TRIGGER "merchant_owners_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "merchant_owners"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_merchant_reads"();
--> statement-breakpoint
CREATE TRIGGER "merchant_counts_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "merchant_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_merchant_reads"();
--> statement-breakpoint
-- What a merchant answer names: its stage, agent, company, industry and lead source.
CREATE TRIGGER "stages_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stages"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_merchant_reads"();
--> statement-breakpoint
CREATE TRIGGER "agent_accounts_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "agent_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_merchant_reads"();
--> statement-breakpoint
CREATE TRIGGER "companies_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_merchant_reads"();
--> statement-breakpoint
CREATE TRIGGER "industries_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "industries"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_merchant_reads"();
--> statement-breakpoint
CREATE TRIGGER "lead_sources_notify_reads" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lead_sources"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_merchant_reads"();
--> statement-breakpoint
-- Users: an assignee's and a decider's name (display name, else first and last, else email).
-- Only a statement that sets one of those columns: sign-ins and session changes update other
-- columns of users and must not empty the cache.
CREATE TRIGGER "users_notify_reads" AFTER UPDATE OF "display_name", "first_name", "last_name", "email" OR DELETE OR TRUNCATE
  ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_merchant_reads"();
