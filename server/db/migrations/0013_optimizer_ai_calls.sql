CREATE TABLE "optimizer_ai_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"demo" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "optimizer_ai_calls_created_at_idx" ON "optimizer_ai_calls" USING btree ("created_at");