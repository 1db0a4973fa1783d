CREATE TABLE "publication_thread_posts" (
	"publication_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt_started_at" timestamp with time zone,
	"external_id" text,
	"external_url" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "publication_thread_posts_publication_id_position_pk" PRIMARY KEY("publication_id","position")
);
--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "post_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "publication_thread_posts" ADD CONSTRAINT "publication_thread_posts_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;