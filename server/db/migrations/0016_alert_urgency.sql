ALTER TABLE "alerts" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "acks_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "alert_acks" (
	"alert_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_acks_alert_id_user_id_pk" PRIMARY KEY("alert_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "alert_acks" ADD CONSTRAINT "alert_acks_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "alert_acks" ADD CONSTRAINT "alert_acks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
