-- Spec section 3 "cookie_definitions", ADR 0010: every cookie and browser storage entry Postwerk
-- really sets or causes, with provider, purpose, duration and, where data leaves the EU, where to.
-- Better Auth's cookies carry our prefix "postwerk." (server/auth.ts); over HTTPS the browser sees
-- them with the prefix "__Secure-".
INSERT INTO "cookie_definitions" ("name", "provider", "purpose", "duration", "category", "data_transfer_location") VALUES
('postwerk.session_token', 'Postwerk', 'Hält Sie nach der Anmeldung angemeldet (Sitzungs-Cookie, für Skripte unlesbar).', '7 Tage', 'essential', NULL),
('cookie-consent', 'Postwerk', 'Speichert Ihre Auswahl in diesem Dialog (Local Storage Ihres Browsers).', '12 Monate', 'essential', NULL),
('cookie-consent-visitor-id', 'Postwerk', 'Zufällige Kennung dieses Browsers (Local Storage), damit Sie den Verlauf Ihrer Cookie-Einstellungen einsehen können.', 'Bis Sie die Websitedaten im Browser löschen', 'essential', NULL),
('postwerk.state', 'Postwerk', 'Schützt die Anmeldung mit Google vor Fälschung (OAuth-Status). Wird nur gesetzt, wenn Sie auf „Mit Google anmelden“ klicken.', '5 Minuten', 'authentication', NULL),
('Google-Konto (accounts.google.com)', 'Google Ireland Limited, Google LLC', 'Anmeldung mit Ihrem Google-Konto. Google setzt dabei auf seinen eigenen Seiten Cookies und übermittelt uns Ihre E-Mail-Adresse und Ihren Namen.', 'Nach den Bestimmungen von Google', 'authentication', 'USA'),
('_ga', 'Google Ireland Limited, Google LLC', 'Unterscheidet Besucher für anonyme Nutzungsstatistiken (Google Analytics 4).', '2 Jahre', 'analytics', 'USA'),
('_ga_<ID>', 'Google Ireland Limited, Google LLC', 'Speichert den Stand der aktuellen Sitzung für anonyme Nutzungsstatistiken (Google Analytics 4).', '2 Jahre', 'analytics', 'USA'),
('KI-Textgenerierung', 'KI-Anbieter (je nach Konfiguration)', 'Ihre Eingaben werden zur Erzeugung und Verbesserung von Texten an den KI-Anbieter übermittelt. Im Browser wird dafür nichts gespeichert.', 'Keine Speicherung im Browser', 'ai_services', 'Je nach Anbieter, ggf. USA');
