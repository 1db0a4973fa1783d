CREATE TABLE "archived_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"language" text NOT NULL,
	"tone" text NOT NULL,
	"key_points" text NOT NULL,
	"image_url" text,
	"website" text,
	"generated_posts" jsonb NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "archived_posts"."key_points") || to_tsvector('simple'::regconfig, "archived_posts"."generated_posts")) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompt_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"system_prompt" text NOT NULL,
	"user_prompt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prompt_configurations_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "token_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"max_tokens" integer DEFAULT 1000 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_configurations_name_unique" UNIQUE("name"),
	CONSTRAINT "token_configurations_max_tokens_positive" CHECK ("token_configurations"."max_tokens" > 0)
);
--> statement-breakpoint
ALTER TABLE "archived_posts" ADD CONSTRAINT "archived_posts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "archived_posts_user_created_idx" ON "archived_posts" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "archived_posts_search_idx" ON "archived_posts" USING gin ("search_vector");