-- ADR 0044: the browser's device id, so a sign-in from a browser the account has not used
-- before can be told to the owner. Necessary for the account's security; set at sign-in.
INSERT INTO "cookie_definitions" ("name", "provider", "purpose", "duration", "category", "data_transfer_location") VALUES
('postwerk.device', 'Postwerk', 'Erkennt diesen Browser bei der Anmeldung wieder, damit wir Sie bei einer Anmeldung von einem neuen Gerät per E-Mail warnen können (zufällige Kennung, keine Nachverfolgung).', '400 Tage', 'essential', NULL);
