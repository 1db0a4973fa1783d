-- ADR 0031: the readable hint beside the session cookie that tells the public pages
-- whether to load the account part of the header. Necessary for the signed-in experience, holds
-- no identifier; set and removed together with postwerk.session_token.
INSERT INTO "cookie_definitions" ("name", "provider", "purpose", "duration", "category", "data_transfer_location") VALUES
('postwerk.signed_in', 'Postwerk', 'Merkt sich, dass dieser Browser angemeldet ist, damit öffentliche Seiten gleich die passenden Schaltflächen zeigen (enthält keine Kennung).', '7 Tage', 'essential', NULL);
