CREATE TABLE "billing_boxes" (
	"id" integer PRIMARY KEY NOT NULL,
	"libelle" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_offers" (
	"id" integer PRIMARY KEY NOT NULL,
	"box_id" integer NOT NULL,
	"position" integer NOT NULL,
	"libelle" text NOT NULL,
	"name" text NOT NULL,
	"sslibelle" text DEFAULT '' NOT NULL,
	"prix_cents" integer NOT NULL,
	"avantages" text DEFAULT '' NOT NULL,
	"desavantages" text DEFAULT '' NOT NULL,
	"main_product_id" integer NOT NULL,
	"optional_product_id" integer,
	"included_product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"charge_ht_cents" integer NOT NULL,
	"charges_made" integer DEFAULT 0 NOT NULL,
	"charges_total" integer,
	"interval_months" smallint NOT NULL,
	"next_charge_at" timestamp with time zone,
	"card_id" text,
	"mobile" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_products" (
	"id" integer PRIMARY KEY NOT NULL,
	"libelle_interne" text NOT NULL,
	"libelle_public" text NOT NULL,
	"nb_mois" smallint NOT NULL,
	"nb_paiements" smallint NOT NULL,
	"prix_cents" integer NOT NULL,
	"recurrent" boolean NOT NULL,
	"grants" jsonb NOT NULL,
	"upgrade" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name_fr" text NOT NULL,
	"tva" double precision NOT NULL,
	"tva_entreprise" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"code" text PRIMARY KEY NOT NULL,
	"new_prices" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"ref" text NOT NULL,
	"user_id" integer NOT NULL,
	"payment_id" text NOT NULL,
	"lib" text NOT NULL,
	"ht_cents" integer NOT NULL,
	"tva_cents" integer NOT NULL,
	"vat_rate" double precision NOT NULL,
	"billing" jsonb,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"status" text NOT NULL,
	"ht_cents" integer NOT NULL,
	"ttc_cents" integer NOT NULL,
	"vat_rate" double precision NOT NULL,
	"order" jsonb NOT NULL,
	"plan_id" text,
	"card_id" text,
	"client_key" text,
	"client_secret" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "billing_offers" ADD CONSTRAINT "billing_offers_box_id_billing_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."billing_boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_offers" ADD CONSTRAINT "billing_offers_main_product_id_billing_products_id_fk" FOREIGN KEY ("main_product_id") REFERENCES "public"."billing_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_offers" ADD CONSTRAINT "billing_offers_optional_product_id_billing_products_id_fk" FOREIGN KEY ("optional_product_id") REFERENCES "public"."billing_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_plans" ADD CONSTRAINT "billing_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_plans" ADD CONSTRAINT "billing_plans_product_id_billing_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."billing_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_offers_box_idx" ON "billing_offers" USING btree ("box_id","position");--> statement-breakpoint
CREATE INDEX "billing_plans_user_idx" ON "billing_plans" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "billing_plans_due_idx" ON "billing_plans" USING btree ("status","next_charge_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_ref_key" ON "invoices" USING btree ("ref");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_key" ON "invoices" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_cards_user_idx" ON "payment_cards" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_client_secret_key" ON "payments" USING btree ("client_secret");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_client_key" ON "payments" USING btree ("user_id","client_key");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
-- Countries of the billing form and their VAT (percent); tva_entreprise applies with a VAT number
-- (reverse charge inside the EU outside France). Reference data, present in every database.
INSERT INTO "countries" ("code", "name_fr", "tva", "tva_entreprise") VALUES
	('FR', 'France', 20, 20),
	('BE', 'Belgique', 21, 0),
	('LU', 'Luxembourg', 17, 0),
	('CH', 'Suisse', 8.1, 0),
	('MC', 'Monaco', 20, 20),
	('DE', 'Allemagne', 19, 0),
	('AT', 'Autriche', 20, 0),
	('ES', 'Espagne', 21, 0),
	('IT', 'Italie', 22, 0),
	('PT', 'Portugal', 23, 0),
	('NL', 'Pays-Bas', 21, 0),
	('IE', 'Irlande', 23, 0),
	('GR', 'Grèce', 24, 0),
	('PL', 'Pologne', 23, 0),
	('RO', 'Roumanie', 19, 0),
	('SE', 'Suède', 25, 0),
	('DK', 'Danemark', 25, 0),
	('FI', 'Finlande', 25.5, 0),
	('CZ', 'Tchéquie', 21, 0),
	('HU', 'Hongrie', 27, 0),
	('GP', 'Guadeloupe', 8.5, 8.5),
	('MQ', 'Martinique', 8.5, 8.5),
	('RE', 'La Réunion', 8.5, 8.5),
	('GF', 'Guyane', 0, 0),
	('YT', 'Mayotte', 0, 0),
	('NC', 'Nouvelle-Calédonie', 0, 0),
	('PF', 'Polynésie française', 0, 0),
	('GB', 'Royaume-Uni', 0, 0),
	('US', 'États-Unis', 0, 0),
	('CA', 'Canada', 0, 0),
	('MA', 'Maroc', 0, 0),
	('DZ', 'Algérie', 0, 0),
	('TN', 'Tunisie', 0, 0),
	('SN', 'Sénégal', 0, 0),
	('CI', 'Côte d''Ivoire', 0, 0),
	('CM', 'Cameroun', 0, 0),
	('MU', 'Maurice', 0, 0),
	('AE', 'Émirats arabes unis', 0, 0);
