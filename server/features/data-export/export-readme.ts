// LIESMICH.txt inside every export (ADR 0026): what each file holds, field by field,
// in German. The JSON keys stay English, so programs can read every export the same way.
export const EXPORT_README = `Ihre Daten bei Postwerk
=======================

Dieser Export enthält alles, was Postwerk zu Ihrem Konto speichert (Art. 15 und 20 DSGVO).
Alle Dateien sind JSON (UTF-8); Zeitpunkte stehen im Format ISO 8601 in UTC.

konto.json
  exportedAt        Zeitpunkt des Exports
  profile           Ihr Profil:
    id              Kennung Ihres Kontos
    fullName        Name
    email           E-Mail-Adresse
    credits         verbleibende Credits
    subscriptionStatus, subscriptionPeriodEnd
                    Abo-Status des Beitragsgenerators ("active" = Pro) und Ende des Zeitraums
    lastCreditUpdate  letzte Änderung der Credits
    isAdmin         Administrator ja/nein
    trialStartedAt, trialEndsAt
                    Beginn und Ende des kostenlosen Testzeitraums des X-Post Optimizers
    createdAt       Registrierung
  plans             Ihre Pläne: plan (generator_pro = Beitragsgenerator Pro,
                    optimizer_premium = X-Post Optimizer Premium), status (Status bei Stripe),
                    currentPeriodEnd (Ende des bezahlten Zeitraums), cancelAtPeriodEnd (gekündigt
                    zum Zeitraumende), runsInPeriod (genutzte Pro-Durchläufe im Zeitraum),
                    grantedByHand (von einem Administrator vergeben)
  billingInfo       Rechnungsdaten als Firma: companyName, street, postalCode, city, country,
                    vatId (USt-IdNr.); null, wenn Sie nicht als Firma gekauft haben
  signIn            Ihr Anmeldekonto: name (Name, wie Sie ihn zuletzt eingegeben haben), email,
                    emailVerified (E-Mail-Adresse bestätigt ja/nein), image (Profilbild, z. B. von
                    Google), createdAt (angelegt), updatedAt (zuletzt geändert)

sitzungen.json      Ihre angemeldeten Geräte (Sitzungen), die noch nicht abgemeldet sind:
  createdAt         Anmeldung
  lastActiveAt      zuletzt aktiv (auf wenige Minuten genau)
  expiresAt         läuft ab
  ipAddress         IP-Adresse bei der Anmeldung
  userAgent         Browser und Betriebssystem, wie der Browser sie meldet

passkeys.json       Ihre Passkeys: name (Ihr Name dafür), createdAt (hinzugefügt), lastUsedAt
                    (zuletzt zur Anmeldung genutzt), credentialId und publicKey (Kennung und
                    öffentlicher Schlüssel; der private Schlüssel bleibt auf Ihrem Gerät),
                    deviceType und backedUp (synchronisiert, z. B. über iCloud oder Google),
                    transports (wie der Browser den Schlüssel erreicht)

webhooks.json       Ihre Webhooks: id, url (Adresse, an die Postwerk sendet), events (post.sent,
                    post.failed, post.unconfirmed), createdAt (angelegt), disabledAt (von Postwerk
                    ausgeschaltet nach wiederholten Fehlern); das Signatur-Geheimnis nicht

zugelassene-apps.json
                    Apps, denen Sie per OAuth Zugriff gegeben haben: clientId, name, scopes
                    (Berechtigungen), directScheduling (darf direkt planen), authorisedAt
                    (zugelassen am); ihre Tokens nicht

archiv.json         Jede Generierung, älteste zuerst:
  id, createdAt     Kennung und Zeitpunkt
  platform          Netzwerk (facebook, instagram, linkedin, twitter)
  language, tone    Sprache und Tonalität der Beiträge
  keyPoints         Ihre Stichpunkte
  website           die angegebene Website
  imageUrl          Adresse des hochgeladenen Bildes; imageFile: die Datei in diesem Export
  format            post (drei einzelne Beiträge) oder thread (drei Threads für X)
  generatedPosts    die drei erzeugten Beiträge; bei format thread die drei Threads, jeder
                    als Liste seiner Beiträge in der Reihenfolge des Threads
  threadsAsText     nur bei format thread: jeder Thread als ein Text, die Beiträge nummeriert
  provenance        Herkunft (soweit gespeichert): KI-Anbieter, Modell, Prompt- und
                    Token-Konfiguration, Demo-Modus

bilder/             Die Bilder, die Sie zu Generierungen hochgeladen haben

credit-verlauf.json Jede Abbuchung und Gutschrift eines Credits und jeder Pro-Durchlauf:
  kind              charged (Credit abgebucht), refunded (Credit erstattet), included
                    (Pro-Durchlauf), included_refunded (Pro-Durchlauf zurückgegeben)
  creditsRemaining  Credits danach
  runState          bei charged und included: open (Generierung läuft), archived (im Archiv),
                    refunded (erstattet); sonst leer
  subscriptionStatus  Abo-Status zu dem Zeitpunkt
  createdAt         Zeitpunkt

einwilligungen.json Ihre Cookie-Einstellungen, jede Speicherung einzeln: essential,
                    analytics, authentication, aiServices (zugestimmt ja/nein), version,
                    expiresAt (gültig bis), ipAddress (IP-Adresse bei der Speicherung)

kennzahlen.json     Die Kennzahlen Ihrer gesendeten Beiträge, wie die Netzwerke sie melden, je
                    Abruf (15 Minuten, 1 Stunde, 24 Stunden, 7 und 30 Tage nach dem Senden):
                    publicationId, position (Beitrag im Thread), round (Abruf 0–4), takenAt,
                    deleted (im Netzwerk gelöscht), likes, reposts, replies, quotes,
                    bookmarks und views (leer, wo das Netzwerk sie nicht meldet)

kontaktanfragen.json  Nachrichten, die über das Kontaktformular mit Ihrer E-Mail-Adresse
                    gesendet wurden: name, email, message, status (new, read, responded)

kuendigungen.json   Kündigungen über „Verträge hier kündigen“: plan, kind (ordinary =
                    ordentlich, extraordinary = außerordentlich), effective (Zeitpunkt),
                    reason (Grund), status (executed = ausgeführt, received = eingegangen)

veroeffentlichungen.json  Veröffentlichen und Planen:
  connectedAccounts verbundene Konten bei X, LinkedIn, Bluesky, Facebook, Instagram, Threads
                    und Mastodon: network, handle, displayName, profileUrl, status (connected =
                    verbunden, reconnect_required = neu verbinden nötig), connectionExpiresAt
                    (Ende der Verbindung, LinkedIn), createdAt. Die
                    Zugangsschlüssel (Tokens) der Netzwerke sind nicht enthalten: Sie sind
                    verschlüsselt gespeichert und kein Teil Ihrer Daten, sondern ein Schlüssel.
  notifications     Ihre Benachrichtigungen: kind, message, readAt (gelesen), createdAt
  posts             Ihre geplanten, gesendeten und gescheiterten Beiträge und Threads, nach dem
                    geplanten Zeitpunkt: network (Netzwerk), account (Konto), text, imageUrl,
                    imageAlt (Bildbeschreibung), contentWarning (Inhaltswarnung, Mastodon),
                    scheduledAt (geplanter Zeitpunkt), status (planned, sending, sent, failed,
                    unconfirmed, missed, cancelled, drafted), statusLabel (der Status auf Deutsch: Geplant,
                    Wird gesendet, Gesendet, Fehlgeschlagen, Unbestätigt, Verpasst, Abgebrochen,
                    Als Entwurf übernommen),
                    detail (Grund), failureReason (Art der Ablehnung durch das Netzwerk:
                    duplicate, too-long, media-invalid, usage-limit, rate-limited, permission-missing,
                    account-suspended, token-invalid, unknown), failureOriginal (die Meldung des
                    Netzwerks im Original),
                    externalUrl (Link zum Beitrag im Netzwerk), sentAt (gesendet), createdAt
    threadPosts     nur bei einem Thread (sonst null); text oben ist dann sein erster Beitrag.
                    Jeder Beitrag des Threads in seiner Reihenfolge: position, text, status
                    (pending, sending, sent, unconfirmed), statusLabel (Ausstehend, Wird gesendet,
                    Gesendet, Unbestätigt), sentAt (gesendet), externalUrl (Link zum Beitrag).
                    Netzwerk, Konto und geplanter Zeitpunkt sind die des Threads.

entwuerfe.json      Ihre Entwürfe, ältester zuerst: source (Herkunft: composer = Beitrag,
                    optimizer = X-Post Optimizer, optimizer-thread = Thread im Optimizer),
                    content (accountIds: gewählte Konten, text, perAccountText: Text je Konto,
                    threadPosts: die Beiträge eines Threads, image: Bild mit Alternativtext,
                    plannedFor: gewünschter Zeitpunkt), createdAt, updatedAt (letzte Änderung)

admin-protokoll.json  Änderungen, die Administratoren an Ihrem Konto vorgenommen haben:
                    action (z. B. credits.update), before, after (vorher, nachher)

Fragen zu Ihren Daten beantworten wir über das Kontaktformular.
`;
