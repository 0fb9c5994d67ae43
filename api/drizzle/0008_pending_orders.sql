ALTER TABLE "contract_orders" ADD COLUMN "order_type" text DEFAULT 'market' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_orders" ADD COLUMN "limit_price" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "contract_orders" ADD COLUMN "expires_at" bigint;--> statement-breakpoint
ALTER TABLE "contract_orders" ADD COLUMN "held" numeric(38, 18);--> statement-breakpoint
CREATE INDEX "contract_orders_pending_due_idx" ON "contract_orders" USING btree ("expires_at") WHERE "contract_orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_contract_once_idx" ON "ledger_transfers" USING btree ("type","reference_kind","reference_id") WHERE "ledger_transfers"."type" in ('contract_margin', 'contract_fee', 'contract_margin_release', 'contract_profit', 'contract_loss', 'contract_hold', 'contract_hold_margin', 'contract_hold_fee', 'contract_hold_release');