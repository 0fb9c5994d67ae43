ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_currency_currencies_code_fk";
--> statement-breakpoint
-- Why no foreign key: its check locked the currency's row FOR KEY SHARE at every transfer, so every order
-- of every user queued on the one 'USD' row (bench/orders-bench.ts). The places trigger, which reads that
-- row anyway, now also refuses a currency the table does not list, and the table keeps its codes for good.
CREATE OR REPLACE FUNCTION "ledger_transfers_currency_places"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  allowed smallint;
BEGIN
  SELECT "places" INTO allowed FROM "currencies" WHERE "code" = NEW."currency";
  IF allowed IS NULL THEN
    RAISE EXCEPTION 'currency % is not in the currency table', NEW."currency"
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF NEW."amount" <> trunc(NEW."amount", allowed) THEN
    RAISE EXCEPTION 'a % amount has at most % decimal places (%)', NEW."currency", allowed, NEW."amount"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "currencies_keep_codes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'the currency table keeps every currency' USING ERRCODE = 'restrict_violation';
  END IF;
  RAISE EXCEPTION 'a currency stays in the table with its code (%)', OLD."code" USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "currencies_keep_codes" BEFORE DELETE ON "currencies"
FOR EACH ROW EXECUTE FUNCTION "currencies_keep_codes"();--> statement-breakpoint
CREATE TRIGGER "currencies_keep_codes_renamed" BEFORE UPDATE OF "code" ON "currencies"
FOR EACH ROW WHEN (OLD."code" IS DISTINCT FROM NEW."code") EXECUTE FUNCTION "currencies_keep_codes"();--> statement-breakpoint
CREATE TRIGGER "currencies_keep_codes_truncate" BEFORE TRUNCATE ON "currencies"
FOR EACH STATEMENT EXECUTE FUNCTION "currencies_keep_codes"();
