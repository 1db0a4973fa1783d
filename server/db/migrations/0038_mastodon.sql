CREATE TABLE "mastodon_apps" (
	"instance" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mastodon_apps_instance_redirect_uri_pk" PRIMARY KEY("instance","redirect_uri")
);
--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "post_limits" jsonb;--> statement-breakpoint
ALTER TABLE "social_oauth_states" ADD COLUMN "instance" text;