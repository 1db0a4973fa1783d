import { CREDITS_PER_GENERATION, STARTING_CREDITS } from "#shared/credits.ts";
import { IMAGE_ACCEPT_LABEL, IMAGE_MAX_MEGABYTES, POSTS_PER_GENERATION } from "#shared/generator.ts";
import {
  LINK_LENGTH,
  POST_LENGTH_MAX,
  POST_LENGTH_MIN,
  POST_SCORE_MAX,
  SENTENCE_LENGTH_MAX,
  WORD_COUNT_MAX,
} from "#shared/optimizer.ts";
import { GENERATOR_PRO_MONTHLY_CREDITS, GENERATOR_PRO_MONTHLY_TEXTS, OPTIMIZER_TRIAL_DAYS } from "#shared/pricing.ts";
import { ROUTES } from "#shared/routes.ts";
import type { FaqEntry } from "./faq-accordion.tsx";
import { TextLink } from "./page-sections.tsx";
import { GENERATOR_LANGUAGES, GENERATOR_NETWORKS, GENERATOR_TONES, joinGerman, PRICES } from "./product-facts.ts";

// The answers of the FAQ page (spec section 2 "FAQ page") and of the pricing page. Every
// fact here matches the product: credits, trial, cancellation and data handling.

type FaqGroup = { id: string; title: string; entries: readonly FaqEntry[] };

const TRIAL: FaqEntry = {
  question: "Kann ich Postwerk vor dem Kauf testen?",
  answer: (
    <>
      <p>
        Ja, auf zwei Wegen. Jedes neue Konto erhält {STARTING_CREDITS} Credits Startguthaben für den Beitragsgenerator –
        genug für {STARTING_CREDITS} Durchläufe mit je {POSTS_PER_GENERATION} Vorschlägen.
      </p>
      <p>
        Im X-Post Optimizer starten Sie Premium mit einem Klick für {OPTIMIZER_TRIAL_DAYS} Tage, ohne Kreditkarte und
        ohne Zahlungsdaten. Der Test endet von selbst; es entstehen keine Kosten und Sie müssen nichts kündigen.
      </p>
    </>
  ),
};

const CANCELLATION: FaqEntry = {
  question: "Wie kündige ich mein Abo?",
  answer: (
    <p>
      Mit einem Klick in Ihren Kontoeinstellungen („Abonnement verwalten“) oder über „Verträge hier kündigen“ unten auf
      jeder Seite, jederzeit und ohne Frist. Die Kündigung wirkt zum Ende des bereits bezahlten Zeitraums; bis dahin
      nutzen Sie alle Funktionen weiter. Bereits gezahlte Beträge erstatten wir nicht anteilig.
    </p>
  ),
};

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: "allgemein",
    title: "Allgemein",
    entries: [
      {
        question: "Was ist Postwerk?",
        answer: (
          <p>
            Postwerk ist ein deutschsprachiges Werkzeug für Content-Creator und Social-Media-Manager. Der
            Beitragsgenerator schreibt aus Ihren Stichworten {POSTS_PER_GENERATION} fertige Beitragsvorschläge, der
            X-Post Optimizer bewertet jeden Post für X live und verbessert ihn auf Wunsch mit KI.
          </p>
        ),
      },
      {
        question: "Für welche Netzwerke schreibt Postwerk?",
        answer: (
          <p>
            Der Beitragsgenerator schreibt für {joinGerman(GENERATOR_NETWORKS)}. Der X-Post Optimizer ist vorerst nur
            für X gebaut, weil seine Bewertung auf den Zählregeln von X beruht.
          </p>
        ),
      },
      {
        question: "In welchem Ton schreibt die KI?",
        answer: (
          <p>
            Sie wählen pro Durchlauf eine von vier Tonalitäten: {joinGerman(GENERATOR_TONES)}. So reicht die Bandbreite
            von freundlich über sachlich-formell und humorvoll bis zu starkem Marketing-Ton – je nachdem, ob Sie Ihre
            Community begrüßen, ein Angebot bewerben oder einfach unterhalten wollen.
          </p>
        ),
      },
      {
        question: "In welchen Sprachen entstehen die Beiträge?",
        answer: (
          <p>
            In {joinGerman(GENERATOR_LANGUAGES)}. Ihre Stichworte können Sie auf Deutsch eingeben, auch wenn der Beitrag
            in einer der anderen Sprachen erscheinen soll.
          </p>
        ),
      },
      {
        question: "Brauche ich ein Konto?",
        answer: (
          <p>
            Für den Beitragsgenerator und den X-Post Optimizer ja: Sie registrieren sich mit E-Mail-Adresse und Passwort
            oder mit Ihrem Google-Konto. Alle Informationsseiten, die Preise und das Kontaktformular erreichen Sie ohne
            Anmeldung.
          </p>
        ),
      },
    ],
  },
  {
    id: "abonnement",
    title: "Abonnement & Credits",
    entries: [
      {
        question: "Was sind Credits?",
        answer: (
          <p>
            Credits sind das Guthaben für den Beitragsgenerator. Mit einem kostenlosen Konto kostet jeder Durchlauf{" "}
            {CREDITS_PER_GENERATION} Credit und liefert {POSTS_PER_GENERATION} Vorschläge. Schlägt eine Generierung
            fehl, erhalten Sie den Credit automatisch zurück. Ihren aktuellen Stand sehen Sie oben rechts neben Ihrem
            Konto.
          </p>
        ),
      },
      {
        question: "Was kostet Pro und was ist enthalten?",
        answer: (
          <p>
            Pro kostet {PRICES.generatorPro} pro Monat inklusive Mehrwertsteuer und enthält{" "}
            {GENERATOR_PRO_MONTHLY_CREDITS} Durchläufe pro Monat für bis zu {GENERATOR_PRO_MONTHLY_TEXTS} Beiträge, ohne
            dass Ihre Credits angetastet werden. Sie bezahlen bequem per Karte oder PayPal. Alle Pläne im Überblick
            finden Sie auf der Seite <TextLink to={ROUTES.pricing}>Preise</TextLink>.
          </p>
        ),
      },
      {
        question: "Verfallen ungenutzte Credits, und kann ich Credits nachkaufen?",
        answer: (
          <p>
            Credits werden nicht in den nächsten Monat übertragen und lassen sich nicht einzeln aufladen oder
            nachkaufen. Wenn das Startguthaben Ihres kostenlosen Kontos aufgebraucht ist, wechseln Sie zu Pro; Ihr
            Archiv bleibt dabei vollständig erhalten.
          </p>
        ),
      },
      TRIAL,
      CANCELLATION,
    ],
  },
  {
    id: "nutzung",
    title: "Nutzung",
    entries: [
      {
        question: "Wie erstelle ich meinen ersten Beitrag?",
        answer: (
          <p>
            Öffnen Sie den <TextLink to={ROUTES.generator}>Beitragsgenerator</TextLink>, beschreiben Sie Ihr Thema in
            ein paar Stichworten, wählen Sie Netzwerk, Tonalität und Sprache und klicken Sie auf „Beiträge generieren“.
            Die Vorschläge erscheinen, während die KI schreibt. Jeden können Sie kopieren, per E-Mail, auf LinkedIn oder
            auf X teilen oder über ein verbundenes Konto veröffentlichen.
          </p>
        ),
      },
      {
        question: "Kann Postwerk Beiträge selbst veröffentlichen und planen?",
        answer: (
          <>
            <p>
              Ja, bei X, LinkedIn, Bluesky, Threads, Mastodon, Facebook-Seiten und Instagram-Profikonten. Verbinden Sie
              dazu unter „Konto“ → „Verbundene Konten“ ein oder mehrere Konten: X, LinkedIn und Threads über deren
              eigene Anmeldeseite, Bluesky mit einem App-Passwort, Mastodon mit der Adresse Ihrer Instanz, Facebook und
              Instagram mit einer Anmeldung bei Meta, nach der Sie die Seiten und die mit ihnen verknüpften
              Instagram-Konten auswählen (Daten gehen dann an Meta Platforms Ireland Limited). Instagram-Beiträge
              brauchen immer ein Bild. Im <TextLink to={ROUTES.planner}>Redaktionsplan</TextLink> schreiben Sie mit
              „Neuer Beitrag“ einen eigenen Text für alle gewählten Konten oder einen je Konto, mit Bild und
              Bildbeschreibung und einer Vorschau je Netzwerk; Vorschläge aus dem Generator, dem Archiv und dem X-Post
              Optimizer öffnen sich dort ebenso. Sie veröffentlichen sofort, planen mit Datum und Uhrzeit in Ihrer
              Zeitzone oder legen den Beitrag in den nächsten freien Slot Ihrer Warteschlange. Was Sie schreiben, bleibt
              als Entwurf erhalten.
            </p>
            <p>
              Der Kalender zeigt Ihre Beiträge nach Monat, Woche oder als Liste; einen geplanten Beitrag verschieben Sie
              per Ziehen oder mit der Tastatur. Über jedes Ergebnis informiert Sie die Glocke oben rechts; scheitert ein
              Beitrag, schreiben wir Ihnen zusätzlich eine E-Mail mit dem Grund und was zu tun ist, und Sie senden ihn
              mit „Erneut senden“ noch einmal. Ihre Zugangsdaten zu den Netzwerken speichern wir verschlüsselt, und Sie
              können jedes Konto jederzeit trennen.
            </p>
          </>
        ),
      },
      {
        question: "Wozu dienen Website und Bild?",
        answer: (
          <p>
            Beides ist optional und gibt der KI Kontext. Von einer Website liest Postwerk Titel, Beschreibung und
            Haupttext und greift Fakten daraus auf. Ein Bild ({IMAGE_ACCEPT_LABEL}, höchstens {IMAGE_MAX_MEGABYTES} MB)
            hilft, den Beitrag passend zum Motiv zu formulieren; wir speichern es ohne Metadaten.
          </p>
        ),
      },
      {
        question: "Wo finde ich meine früheren Beiträge?",
        answer: (
          <p>
            Jeder Durchlauf landet automatisch in Ihrem Archiv. Dort durchsuchen Sie Stichworte und Beiträge, filtern
            nach Netzwerk, Sprache und Tonalität und löschen Einträge, die Sie nicht mehr brauchen.
          </p>
        ),
      },
      {
        question: "Was prüft der X-Post Optimizer?",
        answer: (
          <p>
            Sechs Kriterien, live beim Schreiben: die Länge ({POST_LENGTH_MIN} bis {POST_LENGTH_MAX} Zeichen, Links
            zählen {LINK_LENGTH}), höchstens eine Erwähnung, ein Hashtag und ein Ausrufezeichen, kein Satz über{" "}
            {SENTENCE_LENGTH_MAX} Zeichen und höchstens {WORD_COUNT_MAX} Wörter. Daraus ergibt sich eine Punktzahl von 0
            bis {POST_SCORE_MAX}. Mehr dazu auf der Seite <TextLink to={ROUTES.optimizer}>X-Post Optimizer</TextLink>.
          </p>
        ),
      },
      {
        question: "Darf ich die erzeugten Texte frei verwenden?",
        answer: (
          <p>
            Ja, auch kommerziell. Prüfen Sie jeden Text vor der Veröffentlichung: KI kann Fakten falsch wiedergeben, und
            für veröffentlichte Beiträge sind Sie verantwortlich. Die Einzelheiten regeln unsere{" "}
            <TextLink to={ROUTES.terms}>AGB</TextLink>.
          </p>
        ),
      },
    ],
  },
  {
    id: "support",
    title: "Technischer Support",
    entries: [
      {
        question: "Welche Browser und Geräte werden unterstützt?",
        answer: (
          <p>
            Postwerk läuft in den aktuellen Versionen von Chrome, Edge, Firefox und Safari, auf dem Computer ebenso wie
            auf Smartphone und Tablet. Sie müssen nichts installieren; JavaScript und Cookies für die Anmeldung müssen
            erlaubt sein.
          </p>
        ),
      },
      {
        question: "Die Generierung ist fehlgeschlagen. Was nun?",
        answer: (
          <p>
            Ihre Eingaben bleiben im Formular erhalten, und der Credit für den fehlgeschlagenen Durchlauf wird
            automatisch erstattet. Versuchen Sie es nach einem Moment erneut. Tritt der Fehler wiederholt auf, schreiben
            Sie uns über das <TextLink to={ROUTES.contact}>Kontaktformular</TextLink>.
          </p>
        ),
      },
      {
        question: "Ich habe keine Bestätigungs-E-Mail erhalten.",
        answer: (
          <p>
            Sehen Sie bitte im Spam- oder Werbeordner nach und prüfen Sie, ob die E-Mail-Adresse richtig geschrieben
            war. Kommt die E-Mail auch nach einigen Minuten nicht an, melden Sie sich über das{" "}
            <TextLink to={ROUTES.contact}>Kontaktformular</TextLink>; wir helfen Ihnen weiter.
          </p>
        ),
      },
      {
        question: "Wie erreiche ich den Support?",
        answer: (
          <p>
            Über unser <TextLink to={ROUTES.contact}>Kontaktformular</TextLink>. Wir antworten per E-Mail, in der Regel
            innerhalb von zwei Werktagen; Premium-Kunden des X-Post Optimizers beantworten wir vorrangig.
          </p>
        ),
      },
      {
        question: "Gibt es Wartungsarbeiten?",
        answer: (
          <p>
            Gelegentlich, um Postwerk sicher und schnell zu halten. Geplante Wartungsarbeiten kündigen wir mindestens 24
            Stunden vorher an und legen sie möglichst in die Nachtstunden.
          </p>
        ),
      },
    ],
  },
  {
    id: "datenschutz",
    title: "Datenschutz",
    entries: [
      {
        question: "Welche Daten speichert Postwerk?",
        answer: (
          <p>
            Nur, was der Dienst braucht: Ihre E-Mail-Adresse und Ihr Passwort (als sicherer Hash), Ihren Credit- und
            Abo-Stand, Ihr Archiv mit Stichworten, Bildern und erzeugten Beiträgen sowie – wenn Sie ein Abo abschließen
            – Ihre Rechnungsdaten. Alle Einzelheiten stehen in unserer{" "}
            <TextLink to={ROUTES.privacy}>Datenschutzerklärung</TextLink>.
          </p>
        ),
      },
      {
        question: "Wer bekommt meine Texte zu sehen?",
        answer: (
          <p>
            Für die Generierung und die KI-Verbesserung senden wir Ihre Eingaben an unseren KI-Anbieter, der sie nur
            dafür verarbeitet. Wir verkaufen keine Daten und nutzen Ihre Texte nicht, um eigene Modelle zu trainieren.
            Ihr Archiv sehen nur Sie. Einen Beitrag, den Sie veröffentlichen oder planen, senden wir zum gewählten
            Zeitpunkt an das Netzwerk des Kontos: an X Corp., LinkedIn Ireland Unlimited Company, Bluesky Social PBC,
            Meta Platforms Ireland Limited (Facebook, Instagram und Threads) oder den Betreiber Ihrer Mastodon-Instanz.
          </p>
        ),
      },
      {
        question: "Welche Cookies setzt Postwerk?",
        answer: (
          <p>
            Ohne Ihre Einwilligung nur technisch notwendige, vor allem das Sitzungs-Cookie Ihrer Anmeldung. Analytics
            laden wir erst, wenn Sie zustimmen. Ihre Auswahl ändern oder widerrufen Sie jederzeit über
            „Cookie-Einstellungen“ in der Fußzeile.
          </p>
        ),
      },
      {
        question: "Wie lösche ich meine Daten?",
        answer: (
          <p>
            Einträge im Archiv löschen Sie selbst mit einem Klick. Möchten Sie Ihr ganzes Konto löschen oder Auskunft
            über Ihre Daten erhalten, schreiben Sie uns über das{" "}
            <TextLink to={ROUTES.contact}>Kontaktformular</TextLink> oder an die E-Mail-Adresse im{" "}
            <TextLink to={ROUTES.imprint}>Impressum</TextLink>.
          </p>
        ),
      },
    ],
  },
];

// Spec section 2 "Pricing page": the FAQ covers the trial, AI improvement, cancellation and
// the X-only focus; the generator's payment questions complete it.
export const PRICING_FAQ: readonly FaqEntry[] = [
  TRIAL,
  {
    question: "Was macht die KI-Verbesserung im X-Post Optimizer?",
    answer: (
      <p>
        Sie formt Ihren Post so um, dass er alle sechs Kriterien erfüllt: passende Länge, höchstens eine Erwähnung, ein
        Hashtag und ein Ausrufezeichen, kurze Sätze und höchstens {WORD_COUNT_MAX} Wörter. Sprache, Aussage und Ton
        bleiben erhalten, und Sie sehen jede Änderung im Vergleich, bevor Sie sie übernehmen. Die KI-Grammatikprüfung
        korrigiert außerdem Rechtschreibung und Zeichensetzung.
      </p>
    ),
  },
  CANCELLATION,
  {
    question: "Warum unterstützt der X-Post Optimizer nur X?",
    answer: (
      <p>
        Weil seine Bewertung genau auf X zugeschnitten ist: Zeichen werden wie bei X gezählt, Links mit {LINK_LENGTH}{" "}
        Zeichen, und die sechs Kriterien beschreiben, was im X-Feed gelesen wird. Für{" "}
        {joinGerman(GENERATOR_NETWORKS.slice(0, -1))} nutzen Sie den Beitragsgenerator. Weitere Netzwerke im Optimizer
        sind geplant.
      </p>
    ),
  },
  {
    question: "Wie bezahle ich, und gibt es Erstattungen?",
    answer: (
      <p>
        Sie bezahlen monatlich im Voraus per Karte oder PayPal. Eine Erstattung für angebrochene oder ungenutzte
        Zeiträume gibt es nicht; Ihre gesetzlichen Rechte, etwa das Widerrufsrecht für Verbraucher, bleiben unberührt.
      </p>
    ),
  },
  {
    question: "Kann ich zusätzliche Credits kaufen?",
    answer: (
      <p>
        Nein. Pro enthält {GENERATOR_PRO_MONTHLY_CREDITS} Durchläufe pro Monat für bis zu {GENERATOR_PRO_MONTHLY_TEXTS}{" "}
        Beiträge; ungenutzte Durchläufe verfallen mit dem Abrechnungszeitraum. Sind sie aufgebraucht, nutzt Pro Ihre
        übrigen Credits; ein Aufladen zusätzlicher Credits ist nicht möglich.
      </p>
    ),
  },
];
