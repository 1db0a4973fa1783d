CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_status_known" CHECK ("contact_messages"."status" in ('new', 'read', 'responded'))
);
--> statement-breakpoint
CREATE TABLE "cookie_consent_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text NOT NULL,
	"user_id" text,
	"visitor_id" text NOT NULL,
	"essential" boolean DEFAULT true NOT NULL,
	"analytics" boolean DEFAULT false NOT NULL,
	"authentication" boolean DEFAULT false NOT NULL,
	"ai_services" boolean DEFAULT false NOT NULL,
	"version" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cookie_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"duration" text NOT NULL,
	"category" text NOT NULL,
	"data_transfer_location" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cookie_definitions_category_known" CHECK (lower("cookie_definitions"."category") in ('essential', 'authentication', 'analytics', 'ai_services'))
);
--> statement-breakpoint
ALTER TABLE "cookie_consent_history" ADD CONSTRAINT "cookie_consent_history_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "cookie_consent_history_user_idx" ON "cookie_consent_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cookie_consent_history_visitor_idx" ON "cookie_consent_history" USING btree ("visitor_id","created_at");