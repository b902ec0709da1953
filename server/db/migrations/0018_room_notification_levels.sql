CREATE TABLE "room_notification_levels" (
	"user_id" integer NOT NULL,
	"room_id" text NOT NULL,
	"level" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "room_notification_levels_user_id_room_id_pk" PRIMARY KEY("user_id","room_id")
);
--> statement-breakpoint
ALTER TABLE "room_notification_levels" ADD CONSTRAINT "room_notification_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "room_notification_levels_room_idx" ON "room_notification_levels" USING btree ("room_id");
