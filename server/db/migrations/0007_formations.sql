CREATE TABLE "formation_progress" (
	"user_id" integer NOT NULL,
	"formation_id" integer NOT NULL,
	"all_chapters_done" jsonb NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"quizz_result" double precision,
	"answers" jsonb,
	"correct_answers" jsonb,
	"positions" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "formation_progress_user_id_formation_id_pk" PRIMARY KEY("user_id","formation_id")
);
--> statement-breakpoint
ALTER TABLE "formation_progress" ADD CONSTRAINT "formation_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
