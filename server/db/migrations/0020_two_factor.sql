CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "two_factor_user_id_idx" ON "two_factor" USING btree ("user_id");--> statement-breakpoint
-- ADR 0041: the two cookies of the two-factor sign-in (Better Auth's plugin, our prefix), needed
-- for the sign-in the visitor asked for, so essential like the session cookie (ADR 0010).
INSERT INTO "cookie_definitions" ("name", "provider", "purpose", "duration", "category", "data_transfer_location") VALUES
('postwerk.two_factor', 'Postwerk', 'Merkt sich während der Anmeldung, dass nach dem Passwort noch der Code Ihrer Authenticator-App fehlt (nur für den Server lesbar).', '10 Minuten', 'essential', NULL),
('postwerk.trust_device', 'Postwerk', 'Wird nur gesetzt, wenn Sie bei der Zwei-Faktor-Anmeldung „Dieses Gerät 30 Tage lang merken“ wählen: dieser Browser braucht dann keinen Code (nur für den Server lesbar).', '30 Tage', 'essential', NULL);
