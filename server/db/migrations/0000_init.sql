CREATE TABLE "content_entries" (
	"type" text NOT NULL,
	"id" integer NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_entries_type_id_pk" PRIMARY KEY("type","id")
);
--> statement-breakpoint
CREATE TABLE "live_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"speaker" text NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" smallint NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"room_click_id" text,
	"direct_link" text
);
--> statement-breakpoint
CREATE TABLE "message_likes" (
	"message_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_likes_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text,
	"parent_id" text,
	"conversation_id" text,
	"alert_id" text,
	"author_id" integer NOT NULL,
	"client_id" text,
	"content" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"replies_count" integer DEFAULT 0 NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"pin_title" text,
	"pinned_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text,
	"position" integer NOT NULL,
	"read_subscription" smallint NOT NULL,
	"staff_only_write" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"user_id" integer NOT NULL,
	"subscription_id" smallint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_subscriptions_user_id_subscription_id_pk" PRIMARY KEY("user_id","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"picture" jsonb,
	"tradingview" text DEFAULT '' NOT NULL,
	"billing" jsonb,
	"is_new_vip" boolean DEFAULT false NOT NULL,
	"display_avis" boolean DEFAULT false NOT NULL,
	"stripe_connect_id" text,
	"can_write_news" boolean DEFAULT false NOT NULL,
	"is_staff" boolean DEFAULT false NOT NULL,
	"mention" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_likes" ADD CONSTRAINT "message_likes_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_likes" ADD CONSTRAINT "message_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_author_client_key" ON "messages" USING btree ("author_id","client_id");--> statement-breakpoint
CREATE INDEX "messages_room_date_idx" ON "messages" USING btree ("room_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_parent_date_idx" ON "messages" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_conversation_date_idx" ON "messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));