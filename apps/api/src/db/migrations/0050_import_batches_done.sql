ALTER TABLE "merchant_imports" ADD COLUMN "batches_done" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- An import stopped part way counted its finished rows as a prefix of whole 1,000-row batches:
-- those batches are the finished ones, so its retry goes on after them (decision 120).
UPDATE "merchant_imports" SET "batches_done" = ARRAY(SELECT generate_series(0, "done" / 1000 - 1))
  WHERE "done" > 0 AND "state" <> 'done';
