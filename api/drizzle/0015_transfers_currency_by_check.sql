-- A transfer's currency and places are checked by a CHECK over an immutable function instead of the
-- 0014 trigger, which read the currency table once per transfer row: on PostgreSQL that read cost a
-- transfer insert about half as much again (bench/orders-bench.ts). The function states the table's
-- places (test/currencies checks the two agree for every currency); a currency not in it (NULL) is
-- refused. The table keeps each currency's places for good, as it keeps its code: a change of places
-- is a migration that changes both.
CREATE FUNCTION "currency_places"("code" text) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE "code" WHEN 'USD' THEN 8 WHEN 'USDT' THEN 6 WHEN 'BTC' THEN 8 WHEN 'ETH' THEN 8 END)::smallint
$$;--> statement-breakpoint
DROP TRIGGER "ledger_transfers_currency_places" ON "ledger_transfers";--> statement-breakpoint
DROP FUNCTION "ledger_transfers_currency_places"();--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_currency_places"
  CHECK ("currency_places"("currency") IS NOT NULL AND "amount" = trunc("amount", "currency_places"("currency")));--> statement-breakpoint
CREATE FUNCTION "currencies_keep_places"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a currency keeps its places (%): change them in a migration with currency_places', OLD."code"
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "currencies_keep_places" BEFORE UPDATE OF "places" ON "currencies"
FOR EACH ROW WHEN (OLD."places" IS DISTINCT FROM NEW."places") EXECUTE FUNCTION "currencies_keep_places"();
