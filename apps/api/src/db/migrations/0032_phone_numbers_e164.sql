-- Custom SQL (decision 083): phone numbers are stored in E.164 from now on (the API normalises
-- every write with libphonenumber, default region US). The numbers already stored are normalised
-- here the same way for the numbers that are there: a North American number (ten digits, or
-- eleven after a 1, with or without "+") becomes "+1" and its ten digits; a number written with
-- "+" and 8 to 15 digits becomes "+" and its digits. Anything else (a number too short to dial,
-- an international one typed with 011 in front) stays as typed: the API normalises it the next
-- time it is saved, and search finds it by its digits meanwhile. updated_at is left alone: no
-- one changed the number.
CREATE FUNCTION "phone_e164_us"(typed text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN btrim(typed) !~ '^\+?[0-9[:space:]().-]+$' THEN typed
    WHEN btrim(typed) ~ '^\+1' THEN CASE WHEN digits ~ '^1[0-9]{10}$' THEN '+' || digits ELSE typed END
    WHEN btrim(typed) ~ '^\+' THEN CASE WHEN digits ~ '^[0-9]{8,15}$' THEN '+' || digits ELSE typed END
    WHEN digits ~ '^[0-9]{10}$' THEN '+1' || digits
    WHEN digits ~ '^1[0-9]{10}$' THEN '+' || digits
    ELSE typed
  END
  FROM (SELECT regexp_replace(typed, '[^0-9]', '', 'g') AS digits) AS d
$$;
--> statement-breakpoint
UPDATE "merchants" SET "contact_phone" = "phone_e164_us"("contact_phone") WHERE "contact_phone" <> '' AND "contact_phone" IS DISTINCT FROM "phone_e164_us"("contact_phone");
--> statement-breakpoint
UPDATE "merchant_owners" SET "phone" = "phone_e164_us"("phone") WHERE "phone" <> '' AND "phone" IS DISTINCT FROM "phone_e164_us"("phone");
--> statement-breakpoint
UPDATE "agent_accounts" SET "phone" = "phone_e164_us"("phone") WHERE "phone" <> '' AND "phone" IS DISTINCT FROM "phone_e164_us"("phone");
--> statement-breakpoint
UPDATE "companies" SET "contact_phone" = "phone_e164_us"("contact_phone") WHERE "contact_phone" <> '' AND "contact_phone" IS DISTINCT FROM "phone_e164_us"("contact_phone");
--> statement-breakpoint
UPDATE "users" SET "phone" = "phone_e164_us"("phone") WHERE "phone" <> '' AND "phone" IS DISTINCT FROM "phone_e164_us"("phone");
--> statement-breakpoint
DROP FUNCTION "phone_e164_us"(text);
--> statement-breakpoint
CREATE INDEX "merchants_search_phone_digits_idx" ON "merchants" USING btree ((reverse(regexp_replace("contact_phone", '[^0-9]', '', 'g')) collate "C"),"id") WHERE "merchants"."deleted_at" is null;
