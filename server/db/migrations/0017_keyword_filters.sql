ALTER TABLE "rooms" ADD COLUMN "keyword_filters" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
CREATE TABLE "held_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"author_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"input" jsonb NOT NULL,
	"keyword" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "held_messages" ADD CONSTRAINT "held_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "held_messages" ADD CONSTRAINT "held_messages_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "held_messages_author_client_idx" ON "held_messages" USING btree ("author_id","client_id");
--> statement-breakpoint
CREATE INDEX "held_messages_open_idx" ON "held_messages" USING btree ("decided_at","created_at");
