CREATE TABLE "candle_backfills" (
	"instrument_id" integer NOT NULL,
	"interval" text NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candles" (
	"instrument_id" integer NOT NULL,
	"interval" text NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"open" numeric(38, 18) NOT NULL,
	"high" numeric(38, 18) NOT NULL,
	"low" numeric(38, 18) NOT NULL,
	"close" numeric(38, 18) NOT NULL,
	"volume" numeric(38, 18) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" smallint NOT NULL,
	"name" text NOT NULL,
	"logo" text,
	"tick_size" numeric(38, 18) NOT NULL,
	"contract_size" numeric(38, 18) NOT NULL,
	"leverages" jsonb NOT NULL,
	"session" text NOT NULL,
	"volatility" numeric(38, 18) NOT NULL,
	"daily_volume_usd" numeric(38, 18) NOT NULL,
	"rank" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"anchor_price" numeric(38, 18) NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist" (
	"user_id" uuid NOT NULL,
	"instrument_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "candle_backfills_pk" ON "candle_backfills" USING btree ("instrument_id","interval");--> statement-breakpoint
CREATE UNIQUE INDEX "candles_pk" ON "candles" USING btree ("instrument_id","interval","open_time");--> statement-breakpoint
CREATE UNIQUE INDEX "instruments_code_idx" ON "instruments" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlist_pk" ON "watchlist" USING btree ("user_id","instrument_id");