ALTER TABLE "publications" ADD COLUMN "continuation" text;--> statement-breakpoint
CREATE INDEX "publications_status_next_attempt_idx" ON "publications" USING btree ("status","next_attempt_at");