-- After its decision a money review moves only by the steps of its kind (REVIEW_STEPS in @meridian/contracts):
-- a withdrawal approved → paid → failed, a loan approved → disbursed. Any other move of a decided money
-- review (approved → rejected, paid → approved, disbursed → approved, …) is refused here too, so no step
-- can be taken twice by moving the state back. The review service refuses all of this first (10211 / 10212).
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
