import { PRICES } from "#app/features/marketing/product-facts.ts";
import { CREDITS_PER_GENERATION, STARTING_CREDITS } from "#shared/credits.ts";
import { POSTS_PER_GENERATION } from "#shared/generator.ts";
import { GENERATOR_PRO_MONTHLY_CREDITS, GENERATOR_PRO_MONTHLY_TEXTS, OPTIMIZER_TRIAL_DAYS } from "#shared/pricing.ts";
import { ROUTES } from "#shared/routes.ts";
import { COMPANY } from "./legal-config.ts";
import { companyEmailLink, type Inline, type LegalDocument, when } from "./legal-content.ts";

// The terms of service (spec sections 1, 2 "Legal pages" and 9): plans, prices, payment,
// cancellation without refund, credits without roll-over or top-up, maintenance notice.

// Spec section 1 and 9: maintenance is announced at least this many hours ahead.
const MAINTENANCE_NOTICE_HOURS = 24;

const companyContactLine: readonly Inline[] = [
  `${COMPANY.name}, ${COMPANY.street}, ${COMPANY.postalCode} ${COMPANY.city}, E-Mail: `,
  companyEmailLink,
  ...when<Inline>(COMPANY.phone, `, Telefon: ${COMPANY.phone}`),
];

export const TERMS_OF_SERVICE: LegalDocument = {
  title: "Allgemeine Geschäftsbedingungen",
  toc: true,
  intro:
    "Diese Allgemeinen Geschäftsbedingungen (AGB) regeln die Nutzung von Postwerk, dem Beitragsgenerator und dem X-Post Optimizer, über diese Website.",
  sections: {
    scope: {
      id: "geltungsbereich",
      title: "§ 1 Geltungsbereich und Anbieter",
      blocks: [
        {
          ol: [
            ["Anbieter von Postwerk ist die ", ...companyContactLine, " (im Folgenden „wir“)."],
            "Diese AGB gelten für alle Verträge über die Nutzung von Postwerk zwischen uns und Verbrauchern wie Unternehmern (im Folgenden „Sie“). Abweichende Bedingungen gelten nur, wenn wir ihnen ausdrücklich in Textform zustimmen.",
            "Vertragssprache ist Deutsch.",
          ],
        },
      ],
    },
    services: {
      id: "leistungen",
      title: "§ 2 Leistungen",
      blocks: [
        {
          ol: [
            `Der Beitragsgenerator erzeugt mit künstlicher Intelligenz (KI) aus Ihren Stichworten, optional ergänzt um eine Website und ein Bild, je Durchlauf ${POSTS_PER_GENERATION} Vorschläge für Beiträge in sozialen Netzwerken. Die Ergebnisse werden in Ihrem Archiv gespeichert.`,
            "Der X-Post Optimizer bewertet Beiträge für X anhand von sechs Kriterien, zeigt eine Vorschau und gibt Rechtschreibhinweise. Im Premium-Plan kommen KI-Grammatikprüfung und KI-Verbesserung hinzu.",
            "Über Konten bei X, LinkedIn, Bluesky, Facebook (Seiten), Instagram (Profikonten), Threads und Mastodon, die Sie mit Postwerk verbinden, veröffentlicht Postwerk Beiträge in Ihrem Auftrag sofort oder zu dem Zeitpunkt, den Sie planen, mit Text und gegebenenfalls dem Bild der Generierung. Wir senden nur, was Sie dazu ausdrücklich freigeben. Ob und wann ein Netzwerk einen Beitrag annimmt, hängt auch vom Netzwerk ab (etwa seiner Erreichbarkeit, seinen Grenzen und seinen Regeln); bricht die Verbindung ab, nachdem ein Beitrag abgeschickt wurde, senden wir ihn nicht erneut, sondern kennzeichnen ihn als „unbestätigt“, damit er nicht doppelt erscheint.",
            "Wir stellen Postwerk als Online-Dienst über den Browser bereit. Einen bestimmten Erfolg, etwa eine Reichweite oder Interaktionen mit Ihren Beiträgen, schulden wir nicht.",
          ],
        },
      ],
    },
    contract: {
      id: "vertragsschluss",
      title: "§ 3 Registrierung und Vertragsschluss",
      blocks: [
        {
          ol: [
            "Für die Nutzung benötigen Sie ein Konto. Sie registrieren sich mit E-Mail-Adresse und Passwort oder mit Ihrem Google-Konto. Mit der Bestätigung Ihrer E-Mail-Adresse kommt ein kostenloser Nutzungsvertrag zustande. Sie müssen mindestens 16 Jahre alt sein.",
            "Ein kostenpflichtiges Abo schließen Sie ab, indem Sie den gewünschten Plan auswählen, Ihre Zahlungsdaten angeben und die Bestellung über die als zahlungspflichtig gekennzeichnete Schaltfläche absenden. Der Vertrag kommt mit unserer Bestätigung zustande, die wir Ihnen per E-Mail senden.",
            "Halten Sie Ihre Zugangsdaten geheim. Ein Konto ist persönlich und darf nicht mit anderen geteilt werden.",
          ],
        },
      ],
    },
    plans: {
      id: "plaene",
      title: "§ 4 Pläne und Preise",
      blocks: [
        {
          ol: [
            [
              { strong: "Kostenloses Konto:" },
              ` Jedes neue Konto erhält einmalig ${STARTING_CREDITS} Credits für den Beitragsgenerator. Jeder Durchlauf kostet ${CREDITS_PER_GENERATION} Credit.`,
            ],
            [
              { strong: "Pro (Beitragsgenerator):" },
              ` ${PRICES.generatorPro} pro Monat inklusive Mehrwertsteuer, mit ${GENERATOR_PRO_MONTHLY_CREDITS} Durchläufen je Abrechnungszeitraum für bis zu ${GENERATOR_PRO_MONTHLY_TEXTS} Texte; vorhandene Credits bleiben dabei unberührt.`,
            ],
            [
              { strong: "X-Post Optimizer Basis:" },
              ` ${PRICES.free}, mit Live-Zähler, Checkliste, Vorschau und Rechtschreibhinweisen, ohne KI-Funktionen.`,
            ],
            [
              { strong: "X-Post Optimizer Premium:" },
              ` ${PRICES.optimizerPremium} pro Monat inklusive Mehrwertsteuer, mit allen Funktionen von Basis sowie KI-Verbesserung, KI-Grammatik- und Rechtschreibkorrektur und vorrangigem Support.`,
            ],
            [
              "Es gelten die Preise, die zum Zeitpunkt der Bestellung auf der Seite ",
              { link: "Preise", to: ROUTES.pricing },
              " angegeben sind.",
            ],
          ],
        },
      ],
    },
    credits: {
      id: "credits",
      title: "§ 5 Credits",
      blocks: [
        {
          ol: [
            "Credits sind ein Nutzungskontingent, kein Zahlungsmittel. Sie haben keinen Geldwert und werden nicht ausgezahlt.",
            "Nicht verbrauchte Credits werden nicht in den nächsten Monat übertragen. Ein Aufladen oder Nachkaufen zusätzlicher Credits ist nicht möglich.",
            "Schlägt ein Durchlauf aus technischen Gründen fehl, schreiben wir den dafür abgezogenen Credit automatisch gut.",
          ],
        },
      ],
    },
    trial: {
      id: "test",
      title: "§ 6 Kostenloser Test",
      blocks: [
        {
          p: `Den Premium-Plan des X-Post Optimizers können Sie einmal je Konto ${OPTIMIZER_TRIAL_DAYS} Tage kostenlos testen. Dafür sind keine Kreditkarte und keine Zahlungsdaten nötig. Der Test endet automatisch; er verlängert sich nicht in ein kostenpflichtiges Abo und muss nicht gekündigt werden.`,
        },
      ],
    },
    payment: {
      id: "zahlung",
      title: "§ 7 Zahlung",
      blocks: [
        {
          ol: [
            "Sie bezahlen per Karte oder PayPal. Die Zahlung wickelt unser Zahlungsdienstleister Stripe ab; es gelten ergänzend dessen Bedingungen für das gewählte Zahlungsmittel.",
            "Die Abo-Gebühr ist monatlich im Voraus fällig und wird zu Beginn jedes Abrechnungszeitraums eingezogen. Die Rechnung erhalten Sie elektronisch.",
            "Schlägt eine Zahlung fehl, dürfen wir den Zugang zu den kostenpflichtigen Funktionen bis zum Ausgleich aussetzen. Ihr Konto und Ihr Archiv bleiben erhalten.",
          ],
        },
      ],
    },
    term: {
      id: "kuendigung",
      title: "§ 8 Laufzeit und Kündigung",
      blocks: [
        {
          ol: [
            "Abos laufen jeweils einen Monat und verlängern sich automatisch um einen weiteren Monat.",
            [
              "Sie können jederzeit kündigen, mit einem Klick in Ihren Kontoeinstellungen, über die Schaltfläche „Verträge hier kündigen“ auf jeder Seite (§ 312k BGB) oder in Textform, etwa per E-Mail an ",
              companyEmailLink,
              ". Die Kündigung wirkt zum Ende des laufenden, bereits bezahlten Abrechnungszeitraums; bis dahin behalten Sie vollen Zugang.",
            ],
            "Bereits gezahlte Gebühren werden nicht, auch nicht anteilig, erstattet. Gesetzliche Rechte, insbesondere das Widerrufsrecht nach § 9 und Gewährleistungsrechte, bleiben unberührt.",
            "Das kostenlose Konto können Sie jederzeit kündigen, indem Sie uns um die Löschung bitten. Das Recht beider Seiten zur außerordentlichen Kündigung aus wichtigem Grund bleibt unberührt; ein wichtiger Grund liegt für uns insbesondere bei einem schweren Verstoß gegen § 11 vor.",
          ],
        },
      ],
    },
    withdrawal: {
      id: "widerruf",
      title: "§ 9 Widerrufsrecht für Verbraucher",
      blocks: [
        { p: "Verbrauchern steht ein Widerrufsrecht nach folgender Maßgabe zu:" },
        {
          box: "Widerrufsbelehrung",
          blocks: [
            { p: [{ strong: "Widerrufsrecht" }] },
            {
              p: "Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen. Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag des Vertragsabschlusses.",
            },
            {
              p: [
                "Um Ihr Widerrufsrecht auszuüben, müssen Sie uns (",
                ...companyContactLine,
                ") mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist.",
              ],
            },
            {
              p: "Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.",
            },
            { p: [{ strong: "Folgen des Widerrufs" }] },
            {
              p: "Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Widerruf dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet.",
            },
            {
              p: "Haben Sie verlangt, dass die Dienstleistungen während der Widerrufsfrist beginnen sollen, so haben Sie uns einen angemessenen Betrag zu zahlen, der dem Anteil der bis zu dem Zeitpunkt, zu dem Sie uns von der Ausübung des Widerrufsrechts hinsichtlich dieses Vertrags unterrichten, bereits erbrachten Dienstleistungen im Vergleich zum Gesamtumfang der im Vertrag vorgesehenen Dienstleistungen entspricht.",
            },
            { p: [{ strong: "Ende der Widerrufsbelehrung" }] },
          ],
        },
        {
          box: "Muster-Widerrufsformular",
          blocks: [
            {
              p: "(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)",
            },
            {
              ul: [
                `An ${COMPANY.name}, ${COMPANY.street}, ${COMPANY.postalCode} ${COMPANY.city}, E-Mail: ${COMPANY.email}`,
                "Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über die Erbringung der folgenden Dienstleistung (*)",
                "Bestellt am (*)",
                "Name des/der Verbraucher(s)",
                "Anschrift des/der Verbraucher(s)",
                "Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)",
                "Datum",
              ],
            },
            { p: "(*) Unzutreffendes streichen." },
          ],
        },
      ],
    },
    availability: {
      id: "verfuegbarkeit",
      title: "§ 10 Verfügbarkeit und Wartung",
      blocks: [
        {
          ol: [
            "Wir bemühen uns, Postwerk rund um die Uhr verfügbar zu halten. Ausgenommen sind Zeiten, in denen der Dienst wegen technischer Probleme außerhalb unseres Einflussbereichs (etwa Störungen des Internets oder unserer KI-Anbieter) nicht erreichbar ist.",
            `Geplante Wartungsarbeiten kündigen wir mindestens ${MAINTENANCE_NOTICE_HOURS} Stunden vorher an und legen sie möglichst in nutzungsarme Zeiten.`,
          ],
        },
      ],
    },
    content: {
      id: "inhalte",
      title: "§ 11 Pflichten der Nutzer und eigene Inhalte",
      blocks: [
        {
          ol: [
            "Sie sind für die Inhalte verantwortlich, die Sie eingeben oder hochladen – Stichworte, Texte, Website-Adressen und Bilder. Sie dürfen nur Inhalte verwenden, an denen Sie die nötigen Rechte haben, und keine rechtswidrigen, beleidigenden, diskriminierenden oder irreführenden Inhalte erzeugen.",
            "Sie räumen uns an Ihren Inhalten die einfachen Rechte ein, die wir brauchen, um sie für Sie zu verarbeiten, zu speichern und an unseren KI-Anbieter zu übermitteln. Weitere Rechte erwerben wir nicht.",
            "Sie dürfen Postwerk nicht automatisiert abfragen, die Schutzmechanismen umgehen oder den Dienst so nutzen, dass sein Betrieb beeinträchtigt wird.",
            "Für Beiträge, die Sie über ein verbundenes Konto veröffentlichen, sind Sie verantwortlich wie bei einer Veröffentlichung von Hand. Sie halten dabei die Bedingungen des jeweiligen Netzwerks ein und verbinden nur Konten, über die Sie verfügen dürfen.",
          ],
        },
      ],
    },
    ai: {
      id: "ki-inhalte",
      title: "§ 12 KI-generierte Inhalte",
      blocks: [
        {
          ol: [
            "Texte, die die KI erzeugt oder verändert, entstehen automatisch. Sie können sachlich falsch, unvollständig oder anderen Texten ähnlich sein. Prüfen Sie jeden Text vor der Veröffentlichung; für veröffentlichte Beiträge sind Sie verantwortlich.",
            "An den erzeugten Texten beanspruchen wir keine Rechte. Sie dürfen sie privat und kommerziell nutzen. Wir können nicht zusichern, dass an KI-Texten Urheberrechte entstehen oder dass ähnliche Texte nicht auch für andere Nutzer erzeugt werden.",
          ],
        },
      ],
    },
    liability: {
      id: "haftung",
      title: "§ 13 Haftung",
      blocks: [
        {
          ol: [
            "Wir haften unbeschränkt bei Vorsatz und grober Fahrlässigkeit, bei Verletzung von Leben, Körper oder Gesundheit, nach dem Produkthaftungsgesetz und soweit wir eine Garantie übernommen haben.",
            "Bei leichter Fahrlässigkeit haften wir nur für die Verletzung wesentlicher Vertragspflichten, deren Erfüllung die ordnungsgemäße Durchführung des Vertrags erst ermöglicht und auf deren Einhaltung Sie regelmäßig vertrauen dürfen, und der Höhe nach begrenzt auf den vertragstypischen, vorhersehbaren Schaden.",
            "Im Übrigen ist unsere Haftung ausgeschlossen. Die Absätze gelten auch für unsere Mitarbeiter und Beauftragten.",
          ],
        },
      ],
    },
    privacy: {
      id: "datenschutz",
      title: "§ 14 Datenschutz",
      blocks: [
        {
          p: [
            "Wie wir personenbezogene Daten verarbeiten, beschreibt unsere ",
            { link: "Datenschutzerklärung", to: ROUTES.privacy },
            ".",
          ],
        },
      ],
    },
    changes: {
      id: "aenderungen",
      title: "§ 15 Änderungen dieser AGB",
      blocks: [
        {
          p: "Wir können diese AGB mit Wirkung für die Zukunft ändern, wenn sich die Rechtslage, die Rechtsprechung oder der Funktionsumfang von Postwerk ändert. Änderungen teilen wir Ihnen mindestens sechs Wochen vor ihrem Inkrafttreten per E-Mail mit. Sind Sie nicht einverstanden, können Sie Ihr Abo bis zum Inkrafttreten kündigen. Preise für laufende Abos erhöhen wir nur mit Ihrer ausdrücklichen Zustimmung.",
        },
      ],
    },
    final: {
      id: "schluss",
      title: "§ 16 Schlussbestimmungen",
      blocks: [
        {
          ol: [
            "Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Bei Verbrauchern gilt diese Rechtswahl nur, soweit nicht zwingende Vorschriften des Staates ihres gewöhnlichen Aufenthalts einen weitergehenden Schutz gewähren.",
            `Sind Sie Kaufmann, juristische Person des öffentlichen Rechts oder öffentlich-rechtliches Sondervermögen, ist Gerichtsstand für alle Streitigkeiten unser Sitz in ${COMPANY.city}.`,
            "Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.",
            "Sollte eine Bestimmung dieser AGB unwirksam sein, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt.",
          ],
        },
      ],
    },
  },
};
