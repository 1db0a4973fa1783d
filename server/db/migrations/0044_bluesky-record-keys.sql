-- The name a post gets on a network that lets the sender choose it (Bluesky's record key, ADR 0119),
-- committed before the first call and kept for every later attempt.
ALTER TABLE "publication_thread_posts" ADD COLUMN "network_post_key" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "network_post_key" text;
