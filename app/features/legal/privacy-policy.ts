import { CONSENT_VALIDITY_MONTHS } from "#shared/consent.ts";
import { ROUTES } from "#shared/routes.ts";
import { AI_PROVIDER_DISCLOSURES } from "./ai-providers.ts";
import { COMPANY, LEGAL_CONFIG } from "./legal-config.ts";
import {
  BR,
  companyAddress,
  companyContactLines,
  companyEmailLink,
  type LegalBlock,
  type LegalDocument,
  when,
} from "./legal-content.ts";

// The privacy policy (spec section 2 "Legal pages"). It describes what this product really
// does: the cookies it sets, the consent dialog, the AI provider configured at build time.

const THIRD_COUNTRY_SAFEGUARDS =
  "Soweit dabei Daten in die USA gelangen, stützt sich die Übermittlung auf den Angemessenheitsbeschluss der EU-Kommission zum EU-US Data Privacy Framework (Art. 45 DSGVO), soweit der Empfänger danach zertifiziert ist, und im Übrigen auf die Standardvertragsklauseln der EU-Kommission (Art. 46 Abs. 2 lit. c DSGVO).";

const CONTACT_FORM_LINK = { link: "Kontaktformular", to: ROUTES.contact } as const;
const AI_SECTION = { id: "ki-anbieter", title: "KI-Anbieter" };

function aiProviderBlocks(): LegalBlock[] {
  if (!LEGAL_CONFIG.aiProvider) {
    return [
      {
        p: "Derzeit ist kein externer KI-Anbieter angebunden. Postwerk läuft im gekennzeichneten „Demo-Modus“: Texte entstehen durch ein einfaches Verfahren auf unseren eigenen Servern, und Ihre Eingaben verlassen unsere Server nicht. Sobald wir einen KI-Anbieter einsetzen, nennen wir ihn hier.",
      },
    ];
  }
  const disclosure = AI_PROVIDER_DISCLOSURES[LEGAL_CONFIG.aiProvider];
  return [
    {
      p: [
        "Für die Generierung von Beiträgen sowie für die KI-Grammatikprüfung und die KI-Verbesserung im X-Post Optimizer übermitteln wir Ihre Eingaben an unseren KI-Anbieter: ",
        { strong: disclosure?.recipient ?? "einen von uns beauftragten Anbieter von Sprachmodellen" },
        ". Übermittelt werden:",
      ],
    },
    {
      ul: [
        "beim Beitragsgenerator: Ihre Stichworte, die gewählten Optionen (Netzwerk, Tonalität, Sprache), falls Sie eine Website angeben, deren Titel, Beschreibung und gelesener Text, und falls Sie ein Bild hochladen, das neu kodierte Bild ohne Metadaten, sofern das eingesetzte Modell Bilder verarbeitet;",
        "beim X-Post Optimizer: der Text Ihres Posts für die KI-Grammatikprüfung oder die KI-Verbesserung.",
      ],
    },
    {
      p: "Zusammen damit gehen unsere Anweisungen an das Modell (der Prompt). Ihren Namen, Ihre E-Mail-Adresse oder Ihre IP-Adresse übermitteln wir nicht.",
    },
    {
      p: "Der Anbieter verarbeitet die Daten als unser Auftragsverarbeiter (Art. 28 DSGVO) ausschließlich, um die Antwort zu erzeugen. Rechtsgrundlage ist die Erfüllung des Nutzungsvertrags (Art. 6 Abs. 1 lit. b DSGVO). Bitte geben Sie in Ihre Texte keine sensiblen Daten über andere Personen ein.",
    },
    ...when<LegalBlock>(disclosure?.thirdCountry !== false, { p: THIRD_COUNTRY_SAFEGUARDS }),
  ];
}

export const PRIVACY_POLICY: LegalDocument = {
  title: "Datenschutzerklärung",
  toc: true,
  intro:
    "Wir nehmen den Schutz Ihrer Daten ernst. Diese Erklärung beschreibt, welche personenbezogenen Daten wir beim Besuch unserer Website und bei der Nutzung von Postwerk verarbeiten, wofür und auf welcher Rechtsgrundlage, wie lange wir sie speichern und welche Rechte Sie nach der Datenschutz-Grundverordnung (DSGVO) haben.",
  sections: {
    controller: {
      id: "verantwortlicher",
      title: "Verantwortlicher",
      blocks: [
        { p: "Verantwortlich für die Datenverarbeitung auf dieser Website und in der Anwendung Postwerk ist:" },
        companyAddress,
        { p: [`Vertreten durch: ${COMPANY.representative}`, BR, ...companyContactLines] },
        COMPANY.dataProtectionOfficer
          ? { p: `Unseren Datenschutzbeauftragten erreichen Sie unter: ${COMPANY.dataProtectionOfficer}` }
          : {
              p: [
                "Fragen zum Datenschutz richten Sie bitte an die oben genannte E-Mail-Adresse oder über unser ",
                CONTACT_FORM_LINK,
                ".",
              ],
            },
      ],
    },
    hosting: {
      id: "hosting",
      title: "Hosting und Server-Protokolle",
      blocks: [
        {
          p: `Postwerk läuft auf Servern ${COMPANY.hostingProvider ? `von ${COMPANY.hostingProvider}` : "eines Hosting-Dienstleisters"}, der in unserem Auftrag tätig ist (Auftragsverarbeitung nach Art. 28 DSGVO). Beim Aufruf einer Seite überträgt Ihr Browser technisch bedingt Ihre IP-Adresse, Datum und Uhrzeit, die aufgerufene Adresse sowie Angaben zu Browser und Betriebssystem.`,
        },
        {
          p: "Unsere Anwendung protokolliert jede Anfrage mit Zeitpunkt, Art der Anfrage, aufgerufenem Pfad, Statuscode, Bearbeitungsdauer und einer zufälligen Anfrage-Kennung. IP-Adressen, Passwörter und die Inhalte Ihrer Beiträge schreiben wir nicht in diese Protokolle. Um Missbrauch wie das Durchprobieren von Passwörtern zu verhindern, zählen wir Anmelde- und Registrierungsversuche sowie Nachrichten über das Kontaktformular je IP-Adresse in kurzen Zeitfenstern.",
        },
        {
          p: "Rechtsgrundlage ist unser berechtigtes Interesse an einem sicheren und stabilen Betrieb (Art. 6 Abs. 1 lit. f DSGVO). Server-Protokolle löschen wir nach spätestens 14 Tagen.",
        },
      ],
    },
    account: {
      id: "konto",
      title: "Registrierung und Benutzerkonto",
      blocks: [
        {
          p: "Für den Beitragsgenerator und den X-Post Optimizer benötigen Sie ein Konto. Dafür verarbeiten wir Ihre E-Mail-Adresse, Ihr Passwort (nur als kryptografischen Hash, wir kennen es nicht), einen Anzeigenamen, den Zeitpunkt der Registrierung und ob Sie Ihre E-Mail-Adresse bestätigt haben. Zu Ihrem Konto gehören außerdem Ihr Credit-Stand, Ihr Abo-Status mit Laufzeitende und gegebenenfalls Beginn und Ende Ihres Testzeitraums.",
        },
        {
          p: "Für jede Anmeldung speichern wir eine Sitzung mit Zeitpunkt, Ablaufdatum, IP-Adresse und Browserkennung, damit Sie angemeldet bleiben und wir missbräuchliche Anmeldungen erkennen können. Fügen Sie einen Passkey hinzu, speichern wir seinen Namen, seinen öffentlichen Schlüssel (der private bleibt auf Ihrem Gerät), einen Zähler, ob er synchronisiert ist, und wann er angelegt und zuletzt genutzt wurde, bis Sie ihn entfernen. Jede Änderung Ihres Credit-Stands protokollieren wir mit Abo-Status und verbleibenden Credits, damit Abbuchungen und Erstattungen nachvollziehbar bleiben.",
        },
        {
          p: "Rechtsgrundlage ist die Erfüllung des Nutzungsvertrags (Art. 6 Abs. 1 lit. b DSGVO), für die Sitzungsdaten zusätzlich unser berechtigtes Interesse an der Sicherheit Ihres Kontos (Art. 6 Abs. 1 lit. f DSGVO).",
        },
      ],
    },
    generator: {
      id: "generator",
      title: "Beitragsgenerator, Archiv und Bilder",
      blocks: [
        {
          p: "Wenn Sie Beiträge erzeugen, verarbeiten wir Ihre Stichworte oder Ihren Text, das gewählte Netzwerk, die Tonalität und die Sprache sowie – falls angegeben – eine Website-Adresse und ein Bild. Die Website ruft unser Server ab und liest Titel, Beschreibung und Haupttext; der Betreiber der Website sieht dabei die Adresse unseres Servers, nicht Ihre. Bilder prüfen wir anhand ihres Inhalts, speichern sie neu kodiert ohne Metadaten (etwa ohne Standortangaben der Kamera) und unter einem zufälligen Namen.",
        },
        {
          p: [
            "Jeder Durchlauf wird mit Ihren Eingaben, dem Bild und den erzeugten Beiträgen in Ihrem Archiv gespeichert, bis Sie den Eintrag oder Ihr Konto löschen. Zu jedem Eintrag speichern wir außerdem, wie er entstanden ist: KI-Anbieter und Modell oder den Demo-Modus, die Kennung und eine Prüfsumme der verwendeten Prompt-Vorlage, das Token-Limit und den Zeitpunkt. Diese Angaben zeigt Ihr Archiv beim Eintrag an; sie machen nachvollziehbar, dass und womit die Texte durch KI erzeugt wurden. Ihr Archiv sehen nur Sie. Rechtsgrundlage ist die Erfüllung des Nutzungsvertrags (Art. 6 Abs. 1 lit. b DSGVO). Wie die Texte erzeugt werden, beschreibt der Abschnitt ",
            { link: AI_SECTION.title, href: `#${AI_SECTION.id}` },
            ".",
          ],
        },
      ],
    },
    optimizer: {
      id: "optimizer",
      title: "X-Post Optimizer",
      blocks: [
        {
          p: "Zähler, Bewertung und Vorschau des X-Post Optimizers berechnet Ihr Browser. Für die Rechtschreibhinweise senden wir Ihren Text an unseren Server, der ihn mit einem Wörterbuch prüft und nicht weitergibt. Für die KI-Grammatikprüfung und die KI-Verbesserung geht der Text an unseren KI-Anbieter. Die Texte, die Sie im Optimizer bearbeiten, speichern wir nicht. Rechtsgrundlage ist die Erfüllung des Nutzungsvertrags (Art. 6 Abs. 1 lit. b DSGVO).",
        },
      ],
    },
    publishing: {
      id: "veroeffentlichen",
      title: "Veröffentlichen bei X, LinkedIn, Bluesky, Facebook, Instagram, Threads und Mastodon",
      blocks: [
        {
          p: "Wenn Sie unter „Verbundene Konten“ ein Konto bei X, LinkedIn, Bluesky, Facebook, Instagram, Threads oder Mastodon mit Postwerk verbinden, erhalten wir vom Netzwerk Zugangsschlüssel (Tokens), die Kennung Ihres Kontos, Ihren Namen oder Handle und die Adresse Ihres Profils; bei Bluesky geben Sie dafür ein App-Passwort ein, das wir nur für diese Anmeldung verwenden und nicht speichern. Bei Facebook und Instagram erhalten wir nach Ihrer Anmeldung bei Meta die Liste Ihrer Facebook-Seiten und der damit verknüpften Instagram-Konten; gespeichert werden nur die Seiten und Konten, die Sie auswählen, mit dem Zugangsschlüssel der Seite. Die Zugangsschlüssel speichern wir verschlüsselt (AES-256-GCM) und nutzen sie ausschließlich, um in Ihrem Auftrag zu veröffentlichen und die Kennzahlen Ihrer Beiträge abzurufen. Sie erscheinen in keinem Protokoll und nicht im Datenexport.",
        },
        {
          p: "Kennzahlen („Erfolg“): Etwa 15 Minuten, 1 Stunde, 24 Stunden, 7 und 30 Tage nach dem Senden fragen wir beim Netzwerk die Zahlen Ihres Beitrags ab und speichern sie mit dem Zeitpunkt des Abrufs: bei X Likes, Reposts, Antworten, Zitate, Lesezeichen und Aufrufe; bei Bluesky Likes, Reposts, Antworten und Zitate; bei LinkedIn (nur wenn der Betreiber die Beitragsstatistik freigeschaltet hat) Impressionen, Reaktionen, Kommentare und Reposts; bei Facebook Reaktionen, Kommentare, geteilte Beiträge und Aufrufe; bei Instagram Aufrufe, Likes, Kommentare, Speicherungen und geteilte Beiträge; bei Threads Aufrufe, Likes, Antworten, Reposts und Zitate; bei Mastodon Favoriten, geteilte Beiträge, Antworten und Zitate. Es sind Summen je Beitrag, keine Angaben darüber, wer reagiert hat. Danach und nach dem Löschen des Beitrags oder dem Trennen des Kontos fragen wir nichts mehr ab. Die Zahlen sind Teil Ihres Datenexports und werden mit dem Beitrag bzw. Ihrem Konto gelöscht.",
        },
        {
          p: "Ihre Kennzahlen als Beispiele: Nur wenn Sie im Generator „Schreibe wie meine erfolgreichsten Beiträge“ einschalten (voreingestellt ist aus), geben wir bei jeder Generierung bis zu drei Ihrer gesendeten Beiträge mit der besten Interaktionsrate – Text, Netzwerk und Interaktionsrate bzw. Interaktionen – als Beispiele an das KI-Modell; welche, zeigt der Generator vorher an. Ihre Wahl speichern wir in Ihrem Profil. Der X-Post Optimizer zeigt Ihnen Durchschnittswerte Ihrer eigenen ähnlichen X-Beiträge; dafür geht nichts an die KI.",
        },
        {
          p: "Wenn Sie einen Beitrag veröffentlichen oder planen, speichern wir Text, Bild, Zeitpunkt, Konto, bei Mastodon eine Inhaltswarnung, wenn Sie eine angeben, und den Stand des Versands. Zum gewählten Zeitpunkt übermitteln wir an das jeweilige Netzwerk den Text, das Bild (falls vorhanden) mit seiner Beschreibung, bei Mastodon die Inhaltswarnung und die Kennung Ihres Kontos. Empfänger ist dann je nach Netzwerk:",
        },
        {
          ul: [
            ["für X: X Corp., USA (", { link: "Datenschutzerklärung von X", href: "https://x.com/de/privacy" }, ");"],
            [
              "für Facebook und Instagram: Meta Platforms Ireland Limited, Merrion Road, Dublin 4, D04 X2K5, Irland (",
              { link: "Datenschutzrichtlinie von Meta", href: "https://de-de.facebook.com/privacy/policy/" },
              "). Für Instagram lädt Meta das Bild des Beitrags über einen Link, der nur dieses eine Bild eine Stunde lang öffnet;",
            ],
            [
              "für LinkedIn: LinkedIn Ireland Unlimited Company, Wilton Place, Dublin 2, Irland (",
              { link: "Datenschutzrichtlinie von LinkedIn", href: "https://de.linkedin.com/legal/privacy-policy" },
              ");",
            ],
            [
              "für Bluesky: Bluesky Social PBC, USA (",
              { link: "Datenschutzerklärung von Bluesky", href: "https://bsky.social/about/support/privacy-policy" },
              ");",
            ],
            [
              "für Threads: Meta Platforms Ireland Limited, Irland (",
              {
                link: "Ergänzende Datenschutzrichtlinie von Threads",
                href: "https://help.instagram.com/515230437301944",
              },
              "). Threads lädt das Bild eines Beitrags selbst von einer öffentlichen Adresse von Postwerk.",
            ],
            "für Mastodon: der Betreiber der Mastodon-Instanz, die Sie beim Verbinden angeben (etwa mastodon.social); dessen Name, Sitz und Datenschutzerklärung finden Sie auf der Seite „Über“ Ihrer Instanz. Beim ersten Verbinden mit einer Instanz melden wir Postwerk dort als App an (Name „Postwerk“ und unsere Rücksprungadresse, keine Daten über Sie). Die Instanz leitet öffentliche Beiträge an andere Server des Fediverse weiter.",
          ],
        },
        {
          p: `Das Netzwerk verarbeitet den veröffentlichten Beitrag in eigener Verantwortung nach seinen Bedingungen; er ist dort so sichtbar, wie Ihr Konto es vorsieht. Über das Ergebnis informieren wir Sie im Benachrichtigungsbereich und, wenn ein Beitrag scheitert, per E-Mail. Rechtsgrundlage ist die Erfüllung des Nutzungsvertrags (Art. 6 Abs. 1 lit. b DSGVO) auf Ihren Auftrag. X und Bluesky verarbeiten Daten in den USA; wo eine Mastodon-Instanz steht, bestimmt ihr Betreiber. ${THIRD_COUNTRY_SAFEGUARDS}`,
        },
        {
          p: "Trennen Sie ein Konto, löschen wir seine Zugangsschlüssel sofort, und dafür geplante Beiträge werden nicht mehr gesendet. Bereits veröffentlichte Beiträge bleiben im Netzwerk; löschen können Sie sie dort.",
        },
      ],
    },
    ai: { ...AI_SECTION, blocks: aiProviderBlocks() },
    email: {
      id: "e-mail",
      title: "E-Mail-Versand",
      blocks: [
        {
          p: "Wir senden Ihnen E-Mails, die zum Betrieb Ihres Kontos gehören: die Bestätigung Ihrer Registrierung, die Bestätigung einer neuen E-Mail-Adresse, den Hinweis auf ein geändertes Passwort und Antworten auf Ihre Anfragen. Dafür nutzen wir unseren Mailserver oder einen E-Mail-Dienstleister in unserem Auftrag. Newsletter oder Werbung versenden wir nicht. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO.",
        },
      ],
    },
    cookies: {
      id: "cookies",
      title: "Cookies, lokaler Speicher und Einwilligung",
      blocks: [
        {
          p: "Informationen auf Ihrem Gerät speichern oder auslesen dürfen wir nur mit Ihrer Einwilligung, es sei denn, es ist für den von Ihnen gewünschten Dienst unbedingt erforderlich (§ 25 TDDDG). Ohne Einwilligung verwenden wir daher nur:",
        },
        {
          ul: [
            [
              { strong: "postwerk.session_token" },
              " – das Sitzungs-Cookie Ihrer Anmeldung (nur für den Server lesbar, gültig 7 Tage und bei Nutzung verlängert, höchstens 30 Tage ab der Anmeldung),",
            ],
            [
              { strong: "postwerk.signed_in" },
              " – ein Hinweis ohne Kennung, dass dieser Browser angemeldet ist, damit öffentliche Seiten gleich die passenden Schaltflächen zeigen; gesetzt und gelöscht zusammen mit dem Sitzungs-Cookie,",
            ],
            [
              { strong: "postwerk.two_factor" },
              " – nur bei eingeschalteter Zwei-Faktor-Anmeldung: hält für 10 Minuten fest, dass nach dem Passwort noch der Code Ihrer Authenticator-App fehlt (nur für den Server lesbar),",
            ],
            [
              { strong: "postwerk.trust_device" },
              " – nur wenn Sie „Dieses Gerät 30 Tage lang merken“ wählen: dieser Browser braucht dann 30 Tage lang keinen Code (nur für den Server lesbar),",
            ],
            [
              { strong: "postwerk.device" },
              " – eine zufällige Kennung dieses Browsers, gesetzt bei der Anmeldung (400 Tage, nur für den Server lesbar): Meldet sich Ihr Konto in einem Browser an, den wir nicht kennen, benachrichtigen wir Sie per E-Mail,",
            ],
            [
              { strong: "cookie-consent" },
              ` im lokalen Speicher Ihres Browsers – Ihre Auswahl im Einwilligungsdialog mit Version und Zeitpunkt, gültig ${CONSENT_VALIDITY_MONTHS} Monate; danach fragen wir erneut,`,
            ],
            [
              { strong: "cookie-consent-visitor-id" },
              " im lokalen Speicher – eine zufällige Kennung dieses Browsers, damit Sie den Verlauf Ihrer Cookie-Einstellungen auch ohne Konto einsehen können.",
            ],
          ],
        },
        {
          p: "Beim ersten Besuch öffnet sich unser Einwilligungsdialog. Er ordnet alle Cookies vier Kategorien zu und nennt je Cookie Anbieter, Zweck, Speicherdauer und gegebenenfalls den Ort der Datenübertragung:",
        },
        {
          ul: [
            [
              { strong: "Technisch notwendig" },
              " – immer aktiv, weil Anmeldung und Sicherheit sonst nicht funktionieren;",
            ],
            [{ strong: "Anmeldung mit Google" }, " – die Anmeldung mit Ihrem Google-Konto;"],
            [{ strong: "Analytics" }, " – anonyme Nutzungsstatistiken mit Google Analytics;"],
            [{ strong: "KI-Dienste" }, " – die KI-gestützte Textgenerierung (siehe „KI-Anbieter“)."],
          ],
        },
        {
          p: "Sie wählen „Ablehnen“, „Auswahl speichern“ oder „Alle akzeptieren“. Ihre Auswahl ändern oder widerrufen Sie jederzeit über „Cookie-Einstellungen“ in der Fußzeile; der Widerruf wirkt für die Zukunft. Rechtsgrundlage für die optionalen Kategorien ist Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG).",
        },
        {
          p: "Um nachweisen zu können, dass Sie eingewilligt haben (Art. 7 Abs. 1 DSGVO), speichern wir bei jeder Auswahl Datum und Uhrzeit, die IP-Adresse Ihrer Anfrage, Ihre Entscheidung je Kategorie, die Version des Dialogs, das Ende der Gültigkeit und – wenn Sie angemeldet sind – Ihre Nutzerkennung. Diesen Verlauf können Sie im Dialog einsehen und als Datei exportieren. Rechtsgrundlage ist unsere rechtliche Verpflichtung zum Nachweis (Art. 6 Abs. 1 lit. c DSGVO).",
        },
        {
          p: "Vor Ihrer Einwilligung lädt Postwerk keine Inhalte von Dritten. Schriften und Symbole liefern wir selbst aus.",
        },
      ],
    },
    google: {
      id: "google-anmeldung",
      title: "Anmeldung mit Google",
      blocks: [
        {
          p: [
            "Statt mit E-Mail-Adresse und Passwort können Sie sich mit Ihrem Google-Konto anmelden. Anbieter ist die Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Irland. Wenn Sie „Mit Google anmelden“ wählen, leiten wir Sie zu Google weiter; dort entscheiden Sie, ob Google uns Ihren Namen, Ihre E-Mail-Adresse, Ihr Profilbild und Ihre Google-Kontokennung übermittelt. Die von Google ausgestellten Zugangsschlüssel speichern wir mit Ihrem Konto und nutzen sie ausschließlich für die Anmeldung. Während der Anmeldung setzen wir das Cookie ",
            { strong: "postwerk.state" },
            " (5 Minuten), das den Vorgang gegen Fälschung absichert.",
          ],
        },
        {
          p: [
            `Rechtsgrundlage ist die Erfüllung des Nutzungsvertrags (Art. 6 Abs. 1 lit. b DSGVO) auf Ihren Wunsch. Google verarbeitet Daten auch in den USA. ${THIRD_COUNTRY_SAFEGUARDS} Mehr dazu in der `,
            { link: "Datenschutzerklärung von Google", href: "https://policies.google.com/privacy?hl=de" },
            ".",
          ],
        },
      ],
    },
    analytics: {
      id: "analytics",
      title: "Google Analytics",
      blocks: [
        {
          p: [
            "Nur wenn Sie der Kategorie „Analytics“ zustimmen, nutzen wir Google Analytics 4, einen Webanalysedienst der Google Ireland Limited, Gordon House, Barrow Street, Dublin 4, Irland. Erst dann lädt Ihr Browser das Skript von Google, und Google setzt die Cookies ",
            { strong: "_ga" },
            " und ",
            { strong: "_ga_<Kennung>" },
            " mit einer Speicherdauer von bis zu zwei Jahren.",
          ],
        },
        {
          p: "Wir erfassen, welche Seiten aufgerufen werden (Pfad, Titel und Adresse der Seite), dazu Angaben zu Gerät, Browser und ungefährem Standort. Google Analytics 4 speichert nach Angaben von Google keine vollständigen IP-Adressen. Die Auswertungen helfen uns zu verstehen, welche Inhalte nützlich sind. Die Nutzungsdaten werden nach spätestens 14 Monaten gelöscht.",
        },
        {
          p: `Rechtsgrundlage ist Ihre Einwilligung (Art. 6 Abs. 1 lit. a DSGVO, § 25 Abs. 1 TDDDG). Widerrufen Sie sie über „Cookie-Einstellungen“, erfassen wir ab sofort keine Daten mehr. ${THIRD_COUNTRY_SAFEGUARDS}`,
        },
      ],
    },
    payment: {
      id: "zahlung",
      title: "Abonnements und Zahlungsanbieter",
      blocks: [
        {
          p: "Abonnements bezahlen Sie per Karte oder PayPal über unseren Zahlungsdienstleister Stripe Payments Europe, Limited, 1 Grand Canal Street Lower, Grand Canal Dock, Dublin, D02 H210, Irland. Ihre Zahlungsdaten geben Sie direkt bei Stripe ein; vollständige Kartennummern erhalten wir nicht. Von Stripe erhalten wir eine Kundenkennung, den Status und die Laufzeit Ihres Abos sowie Rechnungsinformationen.",
        },
        {
          p: "Für Rechnungen speichern wir Ihre Rechnungsangaben: Firma, Straße, Postleitzahl, Ort, Land und gegebenenfalls Ihre Umsatzsteuer-Identifikationsnummer. Rechtsgrundlage sind die Erfüllung des Vertrags (Art. 6 Abs. 1 lit. b DSGVO) und unsere steuer- und handelsrechtlichen Aufbewahrungspflichten (Art. 6 Abs. 1 lit. c DSGVO).",
        },
        {
          p: `Stripe verarbeitet Daten auch in den USA und nutzt sie zusätzlich in eigener Verantwortung zur Betrugsabwehr. ${THIRD_COUNTRY_SAFEGUARDS}`,
        },
      ],
    },
    contact: {
      id: "kontaktformular",
      title: "Kontaktformular und Anfragen",
      blocks: [
        {
          p: [
            "Wenn Sie uns über das ",
            CONTACT_FORM_LINK,
            " oder per E-Mail schreiben, verarbeiten wir Ihren Namen, Ihre E-Mail-Adresse, Ihre Nachricht und den Zeitpunkt, um Ihre Anfrage zu beantworten. Über neue Nachrichten werden wir per E-Mail benachrichtigt; unsere Antwort erhalten Sie per E-Mail. Zum Schutz vor Spam prüfen wir Anfragen automatisch, ohne Dienste Dritter.",
          ],
        },
        {
          p: "Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, wenn Ihre Anfrage einen Vertrag betrifft, sonst unser berechtigtes Interesse, Anfragen zu beantworten (Art. 6 Abs. 1 lit. f DSGVO).",
        },
      ],
    },
    recipients: {
      id: "empfaenger",
      title: "Empfänger und Übermittlung in Drittländer",
      blocks: [
        { p: "Personenbezogene Daten erhalten nur Stellen, die wir für den Betrieb von Postwerk brauchen:" },
        {
          ul: [
            "unser Hosting-Dienstleister,",
            "unser E-Mail-Dienstleister,",
            "unser KI-Anbieter (siehe „KI-Anbieter“),",
            "Stripe für Zahlungen,",
            "Google, wenn Sie sich mit Google anmelden oder Analytics zustimmen,",
            "X Corp., LinkedIn Ireland Unlimited Company, Bluesky Social PBC, Meta Platforms Ireland Limited (Facebook, Instagram, Threads) und der Betreiber Ihrer Mastodon-Instanz, wenn Sie über ein verbundenes Konto bei diesem Netzwerk veröffentlichen (siehe „Veröffentlichen bei X, LinkedIn, Bluesky, Facebook, Instagram, Threads und Mastodon“).",
            "die Empfänger der Webhooks, die Sie unter /konto anlegen: An die Adressen, die Sie dort angeben, senden wir auf Ihren Auftrag Angaben zu Ihren Beiträgen (Text, Netzwerk, Konto, Status und Zeitpunkte), sobald ein Beitrag gesendet wurde, fehlgeschlagen oder unbestätigt ist (Art. 6 Abs. 1 lit. b DSGVO).",
          ],
        },
        {
          p: "Mit Auftragsverarbeitern haben wir Verträge nach Art. 28 DSGVO geschlossen. Wir verkaufen keine Daten. Eine Übermittlung in Länder außerhalb der EU und des EWR findet nur statt, wenn ein Angemessenheitsbeschluss der EU-Kommission besteht oder geeignete Garantien wie die Standardvertragsklauseln vereinbart sind (Art. 44 ff. DSGVO). Eine Kopie der Garantien erhalten Sie auf Anfrage.",
        },
      ],
    },
    retention: {
      id: "speicherdauer",
      title: "Speicherdauer",
      blocks: [
        {
          p: "Wir speichern personenbezogene Daten nur so lange, wie es für den jeweiligen Zweck nötig ist oder das Gesetz es verlangt:",
        },
        {
          ul: [
            "Kontodaten mit Credit-Verlauf und Plänen: bis Sie Ihr Konto löschen („Mein Konto“ → „Konto löschen“); dann sofort;",
            "Archiv mit Eingaben, Bildern, Beiträgen und den Angaben zu ihrer Entstehung: bis Sie den Eintrag oder Ihr Konto löschen;",
            "Verbundene Konten mit ihren verschlüsselten Zugangsschlüsseln: bis Sie das Konto trennen oder Ihr Postwerk-Konto löschen; geplante und gesendete Beiträge und Benachrichtigungen: bis Sie Ihr Konto löschen;",
            "Sitzungen: 7 Tage nach der letzten Nutzung oder sofort bei der Abmeldung;",
            "Server-Protokolle: höchstens 14 Tage;",
            "Protokoll Ihrer Webhook-Zustellungen: 30 Tage;",
            "Einwilligungsnachweise und Kündigungen: drei Jahre nach ihrer Speicherung, so lange, wie sich Ansprüche daraus ergeben können (§ 195 BGB); löschen Sie Ihr Konto vorher, bleiben sie ohne Bezug zu Ihrem Konto bis dahin erhalten;",
            "Kontaktanfragen: bis Ihr Anliegen erledigt ist, spätestens nach zwei Jahren, bei einer Kontolöschung sofort;",
            "Änderungen, die Administratoren an Ihrem Konto vornehmen (Protokoll): drei Jahre;",
            "Rechnungs- und Zahlungsbelege: für die gesetzlichen Aufbewahrungsfristen von bis zu zehn Jahren (§ 147 AO, § 257 HGB);",
            "Google-Analytics-Daten: höchstens 14 Monate.",
          ],
        },
        {
          p: "Diese Fristen wendet Postwerk täglich selbst an. Unter „Mein Konto“ laden Sie alle Daten zu Ihrem Konto als ZIP-Datei herunter („Meine Daten exportieren“: maschinenlesbar als JSON, mit Ihren Bildern und einer Beschreibung jedes Feldes) oder löschen Ihr Konto mit Ihrem Passwort.",
        },
      ],
    },
    rights: {
      id: "rechte",
      title: "Ihre Rechte",
      blocks: [
        { p: "Sie haben gegenüber uns das Recht auf" },
        {
          ul: [
            "Auskunft über Ihre gespeicherten Daten (Art. 15 DSGVO),",
            "Berichtigung unrichtiger Daten (Art. 16 DSGVO),",
            "Löschung (Art. 17 DSGVO),",
            "Einschränkung der Verarbeitung (Art. 18 DSGVO),",
            "Datenübertragbarkeit (Art. 20 DSGVO) und",
            "Widerruf einer Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO).",
          ],
        },
        {
          p: [
            { strong: "Widerspruchsrecht:" },
            " Verarbeiten wir Daten auf Grundlage unseres berechtigten Interesses (Art. 6 Abs. 1 lit. f DSGVO), können Sie dem aus Gründen, die sich aus Ihrer besonderen Situation ergeben, jederzeit widersprechen (Art. 21 DSGVO). Wir verarbeiten die Daten dann nicht mehr, es sei denn, wir können zwingende schutzwürdige Gründe nachweisen.",
          ],
        },
        {
          p: [
            "Für alle Anliegen genügt eine Nachricht an ",
            companyEmailLink,
            " oder über das ",
            CONTACT_FORM_LINK,
            ".",
          ],
        },
      ],
    },
    complaint: {
      id: "beschwerde",
      title: "Beschwerderecht bei einer Aufsichtsbehörde",
      blocks: [
        {
          p: `Sie können sich bei einer Datenschutz-Aufsichtsbehörde beschweren, insbesondere in dem Mitgliedstaat Ihres Aufenthaltsorts, Ihres Arbeitsplatzes oder des mutmaßlichen Verstoßes (Art. 77 DSGVO).${COMPANY.supervisoryAuthority ? ` Für uns zuständig ist: ${COMPANY.supervisoryAuthority}.` : ""}`,
        },
      ],
    },
    security: {
      id: "sicherheit",
      title: "Datensicherheit und automatisierte Entscheidungen",
      blocks: [
        {
          p: "Wir übertragen alle Daten verschlüsselt (TLS), speichern Passwörter nur als Hash und beschränken den Zugriff auf die Personen, die ihn für ihre Aufgabe brauchen. Eine automatisierte Entscheidungsfindung einschließlich Profiling im Sinne von Art. 22 DSGVO findet nicht statt. Sie sind nicht verpflichtet, uns Daten bereitzustellen; ohne E-Mail-Adresse und Passwort können wir Ihnen jedoch kein Konto einrichten.",
        },
      ],
    },
    changes: {
      id: "aenderungen",
      title: "Änderungen dieser Datenschutzerklärung",
      blocks: [
        {
          p: "Wir passen diese Datenschutzerklärung an, wenn sich Postwerk oder die Rechtslage ändert. Es gilt die jeweils hier veröffentlichte Fassung; über wesentliche Änderungen informieren wir registrierte Nutzer per E-Mail.",
        },
      ],
    },
  },
};
