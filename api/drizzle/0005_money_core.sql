CREATE TABLE "contract_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"instrument_id" integer NOT NULL,
	"side" text NOT NULL,
	"lots" numeric(38, 18) NOT NULL,
	"leverage" integer NOT NULL,
	"contract_size" numeric(38, 18) NOT NULL,
	"margin" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"open_price" numeric(38, 18) NOT NULL,
	"open_time" bigint NOT NULL,
	"stop_loss" numeric(38, 18),
	"take_profit" numeric(38, 18),
	"liquidation_price" numeric(38, 18) NOT NULL,
	"status" text NOT NULL,
	"close_price" numeric(38, 18),
	"close_time" bigint,
	"close_reason" text,
	"realized_profit" numeric(38, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"allow_negative" boolean NOT NULL,
	"balance" numeric(38, 18) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_not_overdrawn" CHECK ("ledger_accounts"."allow_negative" OR "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"debit_account_id" integer NOT NULL,
	"credit_account_id" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"user_id" uuid,
	"reference_kind" text NOT NULL,
	"reference_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id")
);
--> statement-breakpoint
CREATE TABLE "options_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"instrument_id" integer NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"period" integer NOT NULL,
	"payout_percent" numeric(10, 4) NOT NULL,
	"open_price" numeric(38, 18) NOT NULL,
	"open_time" bigint NOT NULL,
	"settle_at" bigint NOT NULL,
	"settle_price" numeric(38, 18),
	"settle_time" bigint,
	"profit" numeric(38, 18),
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "options_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"instrument_id" integer NOT NULL,
	"period" integer NOT NULL,
	"payout_percent" numeric(10, 4) NOT NULL,
	"min_stake" numeric(38, 18) NOT NULL,
	"max_stake" numeric(38, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "ledger_entries" CASCADE;--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "profit" SET DATA TYPE numeric(38, 18);--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "profit" SET DEFAULT '0';--> statement-breakpoint
CREATE INDEX "contract_orders_user_idx" ON "contract_orders" USING btree ("user_id","mode","status","id");--> statement-breakpoint
CREATE INDEX "contract_orders_open_idx" ON "contract_orders" USING btree ("status","instrument_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_key_idx" ON "ledger_accounts" USING btree ("owner_id","mode","kind","currency","shard");--> statement-breakpoint
CREATE INDEX "ledger_transfers_user_idx" ON "ledger_transfers" USING btree ("user_id","mode","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_reference_idx" ON "ledger_transfers" USING btree ("reference_kind","reference_id");--> statement-breakpoint
CREATE INDEX "options_orders_user_idx" ON "options_orders" USING btree ("user_id","mode","status","id");--> statement-breakpoint
CREATE INDEX "options_orders_due_idx" ON "options_orders" USING btree ("status","settle_at");--> statement-breakpoint
CREATE UNIQUE INDEX "options_products_idx" ON "options_products" USING btree ("instrument_id","period");--> statement-breakpoint
-- Balances from before the ledger: each user's cash account opens with its balance, against the
-- platform's 'opening' account of the same mode, so every currency still sums to zero.
INSERT INTO "ledger_accounts" ("owner_id", "mode", "kind", "currency", "shard", "allow_negative", "balance")
SELECT "user_id", "mode", 'cash', 'USD', 0, false, "base_balance" FROM "accounts";--> statement-breakpoint
INSERT INTO "ledger_accounts" ("owner_id", "mode", "kind", "currency", "shard", "allow_negative", "balance")
SELECT '00000000-0000-0000-0000-000000000000', v.m, 'opening', 'USD', 0, true,
  -(SELECT coalesce(sum("base_balance"), 0) FROM "accounts" WHERE "mode" = v.m)
FROM (VALUES ('demo'), ('real')) AS v(m);--> statement-breakpoint
INSERT INTO "ledger_transfers" ("type", "mode", "currency", "debit_account_id", "credit_account_id", "amount", "user_id", "reference_kind", "reference_id")
SELECT 'opening_balance', c."mode", 'USD', o."id", c."id", c."balance", c."owner_id", 'migration', '0005'
FROM "ledger_accounts" c JOIN "ledger_accounts" o ON o."kind" = 'opening' AND o."mode" = c."mode"
WHERE c."kind" = 'cash' AND c."balance" > 0;--> statement-breakpoint
-- Transfers are append-only.
CREATE FUNCTION "ledger_transfers_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger transfers are append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_no_change" BEFORE UPDATE OR DELETE ON "ledger_transfers"
FOR EACH STATEMENT EXECUTE FUNCTION "ledger_transfers_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_no_truncate" BEFORE TRUNCATE ON "ledger_transfers"
FOR EACH STATEMENT EXECUTE FUNCTION "ledger_transfers_append_only"();--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "base_balance";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "floating_pnl";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "loan_amount";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "bond_amount";