ALTER TABLE "social_accounts" ADD COLUMN "refresh_lease_id" text;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD COLUMN "refresh_lease_until" timestamp with time zone;