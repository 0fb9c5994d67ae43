CREATE TABLE "smart_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"status" text DEFAULT 'earning' NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"term_days" integer NOT NULL,
	"daily_yield_percent" numeric(10, 4) NOT NULL,
	"profit_sharing_days" integer NOT NULL,
	"early_exit_penalty_percent" numeric(10, 4) NOT NULL,
	"daily_income" numeric(38, 18) NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"next_profit_at" timestamp with time zone,
	"days_run" integer DEFAULT 0 NOT NULL,
	"total_profit" numeric(38, 18) DEFAULT '0' NOT NULL,
	"accrued" numeric(38, 18) DEFAULT '0' NOT NULL,
	"penalty" numeric(38, 18),
	"returned" numeric(38, 18),
	"ended_at" timestamp with time zone,
	CONSTRAINT "smart_orders_amount_positive" CHECK ("smart_orders"."amount" > 0),
	CONSTRAINT "smart_orders_figures" CHECK ("smart_orders"."accrued" >= 0 and "smart_orders"."total_profit" >= "smart_orders"."accrued" and "smart_orders"."days_run" between 0 and "smart_orders"."term_days"),
	CONSTRAINT "smart_orders_status_known" CHECK ("smart_orders"."status" in ('earning', 'profit_shared', 'completed', 'ended_early'))
);
--> statement-breakpoint
CREATE TABLE "smart_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"term_days" integer NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"daily_yield_percent" numeric(10, 4) NOT NULL,
	"profit_sharing_days" integer NOT NULL,
	"early_exit_penalty_percent" numeric(10, 4) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "smart_products_range" CHECK ("smart_products"."min_amount" > 0 and "smart_products"."min_amount" <= "smart_products"."max_amount"),
	CONSTRAINT "smart_products_days" CHECK ("smart_products"."term_days" >= 1 and "smart_products"."profit_sharing_days" >= 1 and "smart_products"."profit_sharing_days" <= "smart_products"."term_days"),
	CONSTRAINT "smart_products_percents" CHECK ("smart_products"."daily_yield_percent" >= 0 and "smart_products"."early_exit_penalty_percent" >= 0 and "smart_products"."early_exit_penalty_percent" <= 100)
);
--> statement-breakpoint
DROP INDEX "ledger_transfers_once_idx";--> statement-breakpoint
ALTER TABLE "smart_orders" ADD CONSTRAINT "smart_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "smart_orders" ADD CONSTRAINT "smart_orders_product_id_smart_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."smart_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "smart_orders_user_idx" ON "smart_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_orders_running_idx" ON "smart_orders" USING btree ("user_id","product_id") WHERE "smart_orders"."status" in ('earning', 'profit_shared');--> statement-breakpoint
CREATE INDEX "smart_orders_due_idx" ON "smart_orders" USING btree ("next_profit_at") WHERE "smart_orders"."status" in ('earning', 'profit_shared');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_once_idx" ON "ledger_transfers" USING btree ("type","reference_kind","reference_id") WHERE "ledger_transfers"."type" in ('contract_margin', 'contract_fee', 'contract_margin_release', 'contract_profit', 'contract_loss', 'contract_hold', 'contract_hold_margin', 'contract_hold_fee', 'contract_hold_release', 'deposit_credit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_fee', 'withdrawal_paid', 'withdrawal_return', 'withdrawal_fee_refund', 'exchange_out', 'exchange_fee', 'exchange_in', 'plan_principal', 'plan_principal_return', 'plan_income', 'loan_disbursement', 'loan_interest', 'nft_sale', 'charity_donation', 'invite_reward', 'correction');