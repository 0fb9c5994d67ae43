CREATE TABLE "close_triggers" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"time" bigint NOT NULL,
	"reason" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"token" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"reference" text NOT NULL,
	"period" text NOT NULL,
	"period_start" bigint NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_job_reference_period_pk" PRIMARY KEY("job","reference","period")
);
--> statement-breakpoint
CREATE TABLE "price_points" (
	"instrument_id" integer NOT NULL,
	"time" bigint NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	CONSTRAINT "price_points_instrument_id_time_pk" PRIMARY KEY("instrument_id","time")
);
--> statement-breakpoint
CREATE INDEX "price_points_time_idx" ON "price_points" USING btree ("time");