-- 0016_deposits was recorded with an earlier time than 0015, so a database migrated up to 0015 before 0016
-- existed skipped it (the migrator runs only migrations newer than the last one it applied). This makes
-- the deposits table as 0016 does where it is missing; where 0016 ran, it changes nothing.
CREATE TABLE IF NOT EXISTS "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"chain" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"tx_hash" text NOT NULL,
	"last6" text NOT NULL,
	"proof_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rejected_at" timestamp with time zone,
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount" > 0)
);
--> statement-breakpoint
DO $$ BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'deposits_user_id_users_id_fk') THEN
		ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
	END IF;
	IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'deposits_proof_id_uploads_id_fk') THEN
		ALTER TABLE "deposits" ADD CONSTRAINT "deposits_proof_id_uploads_id_fk" FOREIGN KEY ("proof_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;
	END IF;
END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deposits_user_idx" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "deposits_tx_hash_idx" ON "deposits" USING btree ("chain",lower("tx_hash")) WHERE "deposits"."rejected_at" is null;
