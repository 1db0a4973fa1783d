ALTER TABLE "site_settings" ALTER COLUMN "site_title" SET DEFAULT 'Postwerk';--> statement-breakpoint
-- ADR 0100: a site still on the spec's slug title gets the product's name; a title an admin chose stays.
UPDATE "site_settings" SET "site_title" = 'Postwerk' WHERE "site_title" = 'postwerk-content-creator';
