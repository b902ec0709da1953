CREATE TABLE "team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"picture" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replays" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"video_file" text NOT NULL,
	"picture" text,
	"category" text NOT NULL,
	"author_id" integer,
	"duration_seconds" double precision
);
--> statement-breakpoint
CREATE TABLE "replay_positions" (
	"user_id" integer NOT NULL,
	"replay_id" integer NOT NULL,
	"second" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "replay_positions_user_id_replay_id_pk" PRIMARY KEY("user_id","replay_id")
);
--> statement-breakpoint
CREATE TABLE "poll_answers" (
	"user_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_answers_user_id_question_pk" PRIMARY KEY("user_id","question")
);
--> statement-breakpoint
CREATE TABLE "article_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"picture_url" text,
	"content" text NOT NULL,
	"with_html" boolean DEFAULT false NOT NULL,
	"category_id" integer NOT NULL,
	"audio_path" text
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"picture" text,
	"price" double precision,
	"payment_link" text,
	"page" text,
	"ordre" integer DEFAULT 0 NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "replays" ADD CONSTRAINT "replays_author_id_team_members_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replay_positions" ADD CONSTRAINT "replay_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replay_positions" ADD CONSTRAINT "replay_positions_replay_id_replays_id_fk" FOREIGN KEY ("replay_id") REFERENCES "public"."replays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_article_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."article_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "replays_slug_key" ON "replays" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "replays_published_idx" ON "replays" USING btree ("published_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_key" ON "articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at","id");
