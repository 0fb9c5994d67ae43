CREATE TABLE "exchange_quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"fee_percent" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"received" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "exchange_quotes_amounts" CHECK ("exchange_quotes"."amount" > 0 AND "exchange_quotes"."rate" > 0 AND "exchange_quotes"."fee" >= 0 AND "exchange_quotes"."fee" < "exchange_quotes"."amount" AND "exchange_quotes"."received" > 0),
	CONSTRAINT "exchange_quotes_two_currencies" CHECK ("exchange_quotes"."from_currency" <> "exchange_quotes"."to_currency")
);
--> statement-breakpoint
CREATE TABLE "exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"received" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchanges_amounts" CHECK ("exchanges"."amount" > 0 AND "exchanges"."rate" > 0 AND "exchanges"."fee" >= 0 AND "exchanges"."fee" < "exchanges"."amount" AND "exchanges"."received" > 0),
	CONSTRAINT "exchanges_two_currencies" CHECK ("exchanges"."from_currency" <> "exchanges"."to_currency")
);
--> statement-breakpoint
ALTER TABLE "exchange_quotes" ADD CONSTRAINT "exchange_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_quote_id_exchange_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."exchange_quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_quotes_unused_idx" ON "exchange_quotes" USING btree ("expires_at") WHERE "exchange_quotes"."used_at" is null;--> statement-breakpoint
CREATE INDEX "exchanges_user_idx" ON "exchanges" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchanges_quote_idx" ON "exchanges" USING btree ("quote_id");