CREATE TABLE "kyc_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birthdate" text NOT NULL,
	"sex" text NOT NULL,
	"country" text NOT NULL,
	"address" text NOT NULL,
	"area_code" text NOT NULL,
	"phone" text NOT NULL,
	"document_type" text NOT NULL,
	"front_id" uuid NOT NULL,
	"back_id" uuid,
	"hand_id" uuid NOT NULL,
	"signature_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"term_days" integer NOT NULL,
	"daily_rate_percent" numeric(10, 4) NOT NULL,
	"interest_free_days" integer NOT NULL,
	"total_interest" numeric(38, 18) NOT NULL,
	"repayment_amount" numeric(38, 18) NOT NULL,
	"principal_due" numeric(38, 18) DEFAULT '0' NOT NULL,
	"interest_due" numeric(38, 18) DEFAULT '0' NOT NULL,
	"accrued_days" integer DEFAULT 0 NOT NULL,
	"language" text NOT NULL,
	"borrower_name" text NOT NULL,
	"borrower_country" text NOT NULL,
	"borrower_address" text NOT NULL,
	"signature_id" uuid NOT NULL,
	"agreement_sha256" text NOT NULL,
	"agreement_pdf" "bytea" NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"disbursed_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"overdue_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "loans_amount_positive" CHECK ("loans"."amount" > 0),
	CONSTRAINT "loans_due_not_negative" CHECK ("loans"."principal_due" >= 0 and "loans"."interest_due" >= 0),
	CONSTRAINT "loans_status_known" CHECK ("loans"."status" in ('pending', 'repaying', 'overdue', 'repaid', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "sealed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_front_id_uploads_id_fk" FOREIGN KEY ("front_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_back_id_uploads_id_fk" FOREIGN KEY ("back_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_hand_id_uploads_id_fk" FOREIGN KEY ("hand_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_signature_id_uploads_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_signature_id_uploads_id_fk" FOREIGN KEY ("signature_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_submissions_user_idx" ON "kyc_submissions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_open_idx" ON "loans" USING btree ("user_id") WHERE "loans"."status" in ('pending', 'repaying', 'overdue');--> statement-breakpoint
CREATE INDEX "loans_accruing_idx" ON "loans" USING btree ("id") WHERE "loans"."status" in ('repaying', 'overdue');