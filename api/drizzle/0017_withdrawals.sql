CREATE TABLE "authorization_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"chain" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"usable_at" timestamp with time zone NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"auth_message" text,
	"auth_signature" text,
	"auth_signed_at" timestamp with time zone,
	"auth_revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"link_id" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"received" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "withdrawals_amounts" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0 and "withdrawals"."received" > 0 and "withdrawals"."amount" = "withdrawals"."fee" + "withdrawals"."received"),
	CONSTRAINT "withdrawals_status" CHECK ("withdrawals"."status" in ('pending', 'approved', 'rejected', 'paid', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "authorization_nonces" ADD CONSTRAINT "authorization_nonces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_links" ADD CONSTRAINT "wallet_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_link_id_wallet_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."wallet_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_links_user_idx" ON "wallet_links" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_links_address_idx" ON "wallet_links" USING btree ("user_id","chain",lower("address")) WHERE "wallet_links"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_links_cancel_token_idx" ON "wallet_links" USING btree ("cancel_token_hash");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");