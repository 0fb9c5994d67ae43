CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"places" smallint NOT NULL,
	"display_places" smallint NOT NULL,
	"networks" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "currencies_places_range" CHECK ("currencies"."places" BETWEEN 0 AND 18),
	CONSTRAINT "currencies_display_places_range" CHECK ("currencies"."display_places" BETWEEN 0 AND "currencies"."places")
);
--> statement-breakpoint
-- The currency table of @meridian/contracts (CURRENCIES); test/currencies checks the two agree.
INSERT INTO "currencies" ("code", "places", "display_places", "networks") VALUES
  ('USD', 8, 2, '{}'),
  ('USDT', 6, 2, '{"ERC-20","TRC-20"}'),
  ('BTC', 8, 8, '{"Bitcoin"}'),
  ('ETH', 8, 6, '{"Ethereum"}');--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_currency_currencies_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A transfer's amount has no more places than its currency accepts: the ledger refuses it first with
-- code 10111; this is the backstop, never a rounding.
CREATE FUNCTION "ledger_transfers_currency_places"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  allowed smallint;
BEGIN
  SELECT "places" INTO allowed FROM "currencies" WHERE "code" = NEW."currency";
  IF allowed IS NOT NULL AND NEW."amount" <> trunc(NEW."amount", allowed) THEN
    RAISE EXCEPTION 'a % amount has at most % decimal places (%)', NEW."currency", allowed, NEW."amount"
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_currency_places" BEFORE INSERT ON "ledger_transfers"
FOR EACH ROW EXECUTE FUNCTION "ledger_transfers_currency_places"();
