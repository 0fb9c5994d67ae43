-- A review's state is one of the known states (REVIEW_STATES in @meridian/contracts).
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_state_known" CHECK ("state" IN ('pending', 'approved', 'rejected', 'completed', 'failed', 'paid', 'disbursed'));--> statement-breakpoint
-- A decided money review (MONEY_REVIEW_KINDS) is never pending again, never leaves a final state, never
-- changes its decision, kind, subject or owner, never loses a fact of its payload and is never deleted.
-- The review service refuses all of this first with a coded error (10211 / 10212); this is the backstop.
CREATE FUNCTION "reviews_money_decided_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."kind" IN ('deposit', 'withdrawal', 'loan', 'correction') AND OLD."state" <> 'pending' THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'a decided money review cannot be deleted (review %)', OLD."id";
    END IF;
    IF NEW."state" = 'pending' THEN
      RAISE EXCEPTION 'a decided money review cannot be reopened (review %)', OLD."id";
    END IF;
    IF OLD."state" IN ('rejected', 'completed', 'failed') AND NEW."state" <> OLD."state" THEN
      RAISE EXCEPTION 'review % is final (%)', OLD."id", OLD."state";
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
$$;--> statement-breakpoint
CREATE TRIGGER "reviews_money_decided_once" BEFORE UPDATE OR DELETE ON "reviews"
FOR EACH ROW EXECUTE FUNCTION "reviews_money_decided_once"();
