-- Spec section 3: site_settings is a single row with id 1; its column defaults are the spec's defaults.
INSERT INTO "site_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
