DROP INDEX "ledger_transfers_once_idx";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "paid_by_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payout_hash_idx" ON "withdrawals" USING btree (lower("payout_hash")) WHERE "withdrawals"."payout_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_once_idx" ON "ledger_transfers" USING btree ("type","reference_kind","reference_id") WHERE "ledger_transfers"."type" in ('contract_margin', 'contract_fee', 'contract_margin_release', 'contract_profit', 'contract_loss', 'contract_hold', 'contract_hold_margin', 'contract_hold_fee', 'contract_hold_release', 'deposit_credit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_fee', 'withdrawal_paid', 'withdrawal_return', 'withdrawal_fee_refund', 'exchange_out', 'exchange_fee', 'exchange_in', 'plan_income', 'loan_disbursement', 'loan_interest', 'nft_sale', 'charity_donation', 'invite_reward', 'correction');--> statement-breakpoint
-- The withdrawal's new step (REVIEW_STEPS): approved → failed, when an approved withdrawal is not paid after
-- all (its address revoked, a security hold); its hold returns to the customer.
CREATE OR REPLACE FUNCTION "reviews_money_decided_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."kind" IN ('deposit', 'withdrawal', 'loan', 'correction') AND OLD."state" <> 'pending' THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'a decided money review cannot be deleted (review %)', OLD."id";
    END IF;
    IF NEW."state" = 'pending' THEN
      RAISE EXCEPTION 'a decided money review cannot be reopened (review %)', OLD."id";
    END IF;
    IF NEW."state" <> OLD."state" AND NOT (
      (OLD."kind" = 'withdrawal' AND OLD."state" = 'approved' AND NEW."state" = 'paid')
      OR (OLD."kind" = 'withdrawal' AND OLD."state" = 'paid' AND NEW."state" = 'failed')
      OR (OLD."kind" = 'withdrawal' AND OLD."state" = 'approved' AND NEW."state" = 'failed')
      OR (OLD."kind" = 'loan' AND OLD."state" = 'approved' AND NEW."state" = 'disbursed')
    ) THEN
      RAISE EXCEPTION 'review % (%) cannot move from % to %', OLD."id", OLD."kind", OLD."state", NEW."state";
    END IF;
    IF NEW."kind" IS DISTINCT FROM OLD."kind" OR NEW."subject_id" IS DISTINCT FROM OLD."subject_id"
      OR NEW."user_id" IS DISTINCT FROM OLD."user_id" OR NEW."decided_by_id" IS DISTINCT FROM OLD."decided_by_id"
      OR NEW."decided_at" IS DISTINCT FROM OLD."decided_at" OR NEW."reason_code" IS DISTINCT FROM OLD."reason_code"
      OR NOT (NEW."payload" @> OLD."payload") THEN
      RAISE EXCEPTION 'the decision of review % cannot change', OLD."id";
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
