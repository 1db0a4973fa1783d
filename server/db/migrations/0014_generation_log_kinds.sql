ALTER TABLE "content_generation_logs" ADD COLUMN "kind" text DEFAULT 'charged' NOT NULL;--> statement-breakpoint
CREATE INDEX "archived_posts_created_at_idx" ON "archived_posts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "content_generation_logs_created_at_idx" ON "content_generation_logs" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "content_generation_logs" ADD CONSTRAINT "content_generation_logs_kind_known" CHECK ("content_generation_logs"."kind" in ('charged', 'refunded', 'included', 'included_refunded'));--> statement-breakpoint
-- Rows written before this migration were all 'charged'. A refund gave back exactly one credit
-- right after its charge (within the AI timeout): those rows are marked as what they were.
UPDATE "content_generation_logs" AS "log" SET "kind" = 'refunded'
FROM (
  SELECT "id",
    "credits_remaining" - lag("credits_remaining") OVER "account" AS "change",
    "created_at" - lag("created_at") OVER "account" AS "gap"
  FROM "content_generation_logs"
  WINDOW "account" AS (PARTITION BY "user_id" ORDER BY "created_at", "id")
) AS "earlier"
WHERE "log"."id" = "earlier"."id" AND "earlier"."change" = 1 AND "earlier"."gap" <= interval '1 hour';
