-- Decision 095: search finds merchants by the whole words of their names. merchant_search_words()
-- splits the searched names (DBA, legal, contact first and last name, email) into their
-- lowercased words of three letters or more, letters only, each once: the expression of the GIN
-- index merchants_search_words_idx, and what fills the dictionary table below. IMMUTABLE: an index
-- expression must be.
CREATE FUNCTION "merchant_search_words"(VARIADIC "texts" text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT w ORDER BY w), '{}')
    FROM unnest(regexp_split_to_array(lower(array_to_string("texts", ' ')), '[^a-z]+')) AS w
   WHERE length(w) >= 3
$$;
--> statement-breakpoint
CREATE TABLE "merchant_search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "merchants_search_words_idx" ON "merchants" USING gin (merchant_search_words("dba_name", "legal_name", "contact_first_name", "contact_last_name", "contact_email")) WITH (fastupdate=false) WHERE "merchants"."deleted_at" is null;--> statement-breakpoint
-- The dictionary: every word of a name written, added in the writing transaction (sorted, so two
-- writers adding the same new words take them in one order). Only when a searched name is
-- written: a stage change never fires it.
CREATE FUNCTION "merchant_search_words_take"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "merchant_search_words" ("word")
    SELECT w FROM unnest("merchant_search_words"(NEW."dba_name", NEW."legal_name", NEW."contact_first_name",
                                                 NEW."contact_last_name", NEW."contact_email")) AS w
     ORDER BY w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "merchants_search_words" AFTER INSERT OR UPDATE OF "dba_name", "legal_name", "contact_first_name", "contact_last_name", "contact_email"
  ON "merchants" FOR EACH ROW EXECUTE FUNCTION "merchant_search_words_take"();
--> statement-breakpoint
-- Fills the dictionary from merchants: here for the merchants already there, and after a load
-- with triggers off (seed:bench).
CREATE FUNCTION "refresh_merchant_search_words"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO "merchant_search_words" ("word")
    SELECT DISTINCT unnest("merchant_search_words"("dba_name", "legal_name", "contact_first_name", "contact_last_name", "contact_email"))
      FROM "merchants"
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
SELECT "refresh_merchant_search_words"();
--> statement-breakpoint
-- Every search of a number read the phone trigram index's whole pending list (fastupdate): the
-- entries of each merchant row written since the last vacuum, thousands after a few minutes of
-- stage changes, as every stage change writes a new row version. Written straight into the index
-- instead (a phone has a dozen trigrams), and its pending list merged now. The name trigram
-- indexes keep theirs: the search reads them only for a term without a word (decision 095), and
-- writing their entries straight in cost each stage change about 3 ms.
ALTER INDEX "merchants_phone_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('merchants_phone_trgm_idx'::regclass);
