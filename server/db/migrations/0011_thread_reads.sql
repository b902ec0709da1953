CREATE TABLE "thread_reads" (
	"user_id" integer NOT NULL,
	"parent_id" text NOT NULL,
	"room_id" text NOT NULL,
	"following" boolean,
	"read_at" timestamp with time zone,
	"read_id" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_reads_user_id_parent_id_pk" PRIMARY KEY("user_id","parent_id")
);
--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "thread_reads" ADD CONSTRAINT "thread_reads_parent_id_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "thread_reads_parent_idx" ON "thread_reads" USING btree ("parent_id");
--> statement-breakpoint
CREATE TABLE "mentions" (
	"user_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"room_id" text NOT NULL,
	"parent_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mentions_user_id_message_id_pk" PRIMARY KEY("user_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "mentions_user_date_idx" ON "mentions" USING btree ("user_id","created_at");
