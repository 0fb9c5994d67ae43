CREATE TABLE "charities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_bids" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nft_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"bidder" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'leading' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "nft_bids_status" CHECK ("nft_bids"."status" in ('leading', 'outbid', 'won')),
	CONSTRAINT "nft_bids_amount" CHECK ("nft_bids"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "nfts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"art_seed" text NOT NULL,
	"creator" text NOT NULL,
	"chain" text NOT NULL,
	"charity_id" integer NOT NULL,
	"currency" text NOT NULL,
	"reserve_price" numeric(38, 18) NOT NULL,
	"buy_now_price" numeric(38, 18),
	"min_increment" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'live' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"listed_ends_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"current_bid" numeric(38, 18),
	"leading_bid_id" bigint,
	"leader_id" uuid,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"bidders" integer DEFAULT 0 NOT NULL,
	"owner_id" uuid,
	"sold_price" numeric(38, 18),
	"sold_by" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nfts_status" CHECK ("nfts"."status" in ('live', 'sold', 'unsold')),
	CONSTRAINT "nfts_prices" CHECK ("nfts"."reserve_price" > 0 and "nfts"."min_increment" > 0 and ("nfts"."buy_now_price" is null or "nfts"."buy_now_price" > "nfts"."reserve_price")),
	CONSTRAINT "nfts_leader" CHECK (("nfts"."current_bid" is null) = ("nfts"."leader_id" is null) and ("nfts"."current_bid" is null) = ("nfts"."leading_bid_id" is null)),
	CONSTRAINT "nfts_sold" CHECK (("nfts"."status" = 'sold') = ("nfts"."owner_id" is not null and "nfts"."sold_price" is not null))
);
--> statement-breakpoint
DROP INDEX "ledger_transfers_once_idx";--> statement-breakpoint
ALTER TABLE "nft_bids" ADD CONSTRAINT "nft_bids_nft_id_nfts_id_fk" FOREIGN KEY ("nft_id") REFERENCES "public"."nfts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nft_bids" ADD CONSTRAINT "nft_bids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfts" ADD CONSTRAINT "nfts_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfts" ADD CONSTRAINT "nfts_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfts" ADD CONSTRAINT "nfts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nft_bids_nft_idx" ON "nft_bids" USING btree ("nft_id","id");--> statement-breakpoint
CREATE INDEX "nft_bids_user_idx" ON "nft_bids" USING btree ("user_id","nft_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_bids_leading_idx" ON "nft_bids" USING btree ("nft_id") WHERE "nft_bids"."status" = 'leading';--> statement-breakpoint
CREATE INDEX "nfts_due_idx" ON "nfts" USING btree ("ends_at") WHERE "nfts"."status" = 'live';--> statement-breakpoint
CREATE INDEX "nfts_charity_idx" ON "nfts" USING btree ("charity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_once_idx" ON "ledger_transfers" USING btree ("type","reference_kind","reference_id") WHERE "ledger_transfers"."type" in ('contract_margin', 'contract_fee', 'contract_margin_release', 'contract_profit', 'contract_loss', 'contract_hold', 'contract_hold_margin', 'contract_hold_fee', 'contract_hold_release', 'deposit_credit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_fee', 'withdrawal_paid', 'withdrawal_return', 'withdrawal_fee_refund', 'exchange_out', 'exchange_fee', 'exchange_in', 'plan_principal', 'plan_principal_return', 'plan_income', 'loan_disbursement', 'loan_interest', 'nft_bid_hold', 'nft_bid_release', 'nft_sale', 'charity_donation', 'invite_reward', 'correction');