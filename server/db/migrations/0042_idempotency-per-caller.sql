-- The answers kept for Idempotency-Key belong to a caller (an API key or an OAuth app and its user) and
-- to its user (ADR 0109, 0113). Kept answers live a day at most: the few still here are dropped
-- rather than given a caller they never had.
DELETE FROM "api_idempotency";--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD COLUMN "caller_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD COLUMN "user_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD CONSTRAINT "api_idempotency_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_idempotency" DROP CONSTRAINT "api_idempotency_key_id_api_keys_id_fk";
--> statement-breakpoint
ALTER TABLE "api_idempotency" DROP CONSTRAINT "api_idempotency_key_id_idempotency_key_pk";--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD CONSTRAINT "api_idempotency_caller_key_idempotency_key_pk" PRIMARY KEY("caller_key","idempotency_key");--> statement-breakpoint
ALTER TABLE "api_idempotency" DROP COLUMN "key_id";