CREATE TABLE "password_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_history_user_idx" ON "password_history" USING btree ("user_id","id");--> statement-breakpoint
-- Hand-written (drizzle-kit does not model triggers): every stored password hash, on insert or
-- change, goes into the history in the same transaction, which keeps the newest 5 (PCI 8.3.7).
CREATE FUNCTION "record_password_history"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."password_hash" = NEW."password_hash" THEN
    RETURN NULL;
  END IF;
  INSERT INTO "password_history" ("user_id", "hash") VALUES (NEW."id", NEW."password_hash");
  DELETE FROM "password_history"
    WHERE "user_id" = NEW."id"
      AND "id" NOT IN (SELECT "id" FROM "password_history" WHERE "user_id" = NEW."id" ORDER BY "id" DESC LIMIT 5);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_password_history" AFTER INSERT OR UPDATE OF "password_hash" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "record_password_history"();--> statement-breakpoint
-- Today's passwords are the first entry of each history.
INSERT INTO "password_history" ("user_id", "hash", "created_at")
  SELECT "id", "password_hash", "updated_at" FROM "users" WHERE "deleted_at" IS NULL;
