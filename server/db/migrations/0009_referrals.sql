ALTER TABLE "users" ADD COLUMN "referred_by" integer;
--> statement-breakpoint
CREATE TABLE "affiliations" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referral_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer,
	"free_months" integer,
	"stripe_connect_id" text,
	"idempotency_key" text NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"referee_id" integer NOT NULL,
	"payment_id" text NOT NULL,
	"ht_cents" integer NOT NULL,
	"vat_rate" double precision NOT NULL,
	"commission_cents" integer,
	"free_months" integer,
	"transfer_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referrals_referee_id_unique" UNIQUE("referee_id"),
	CONSTRAINT "referrals_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
ALTER TABLE "affiliations" ADD CONSTRAINT "affiliations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "referral_transfers" ADD CONSTRAINT "referral_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_transfer_id_referral_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."referral_transfers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "referral_transfers_user_idx" ON "referral_transfers" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id","created_at");
