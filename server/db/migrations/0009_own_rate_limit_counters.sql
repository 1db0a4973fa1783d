CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends_at_idx" ON "rate_limit_counters" USING btree ("window_ends_at");--> statement-breakpoint
-- Counters Postwerk kept in Better Auth's table before; the new table starts empty.
DELETE FROM "rate_limit" WHERE "key" LIKE 'postwerk:%';
