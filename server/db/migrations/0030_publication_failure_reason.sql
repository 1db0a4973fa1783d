ALTER TABLE "publications" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "publications" ADD COLUMN "failure_original" text;