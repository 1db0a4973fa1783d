import Archive from "lucide-react/icons/archive";
import ArrowRight from "lucide-react/icons/arrow-right";
import BookCheck from "lucide-react/icons/book-check";
import CalendarDays from "lucide-react/icons/calendar-days";
import CircleGauge from "lucide-react/icons/circle-gauge";
import Clock from "lucide-react/icons/clock";
import Eye from "lucide-react/icons/eye";
import FileText from "lucide-react/icons/file-text";
import Globe from "lucide-react/icons/globe";
import ImageIcon from "lucide-react/icons/image";
import Languages from "lucide-react/icons/languages";
import ListChecks from "lucide-react/icons/list-checks";
import ListOrdered from "lucide-react/icons/list-ordered";
import MessageSquareQuote from "lucide-react/icons/message-square-quote";
import MessagesSquare from "lucide-react/icons/messages-square";
import PenLine from "lucide-react/icons/pen-line";
import Save from "lucide-react/icons/save";
import Share2 from "lucide-react/icons/share-2";
import ShieldCheck from "lucide-react/icons/shield-check";
import Sparkles from "lucide-react/icons/sparkles";
import SpellCheck from "lucide-react/icons/spell-check";
import Wand2 from "lucide-react/icons/wand-sparkles";
import Zap from "lucide-react/icons/zap";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import {
  ChipList,
  ClosingCta,
  type Feature,
  FeatureGrid,
  PageHero,
  PageSection,
  StepList,
  TextLink,
} from "#app/features/marketing/page-sections.tsx";
import { GENERATOR_LANGUAGES, GENERATOR_NETWORKS, GENERATOR_TONES } from "#app/features/marketing/product-facts.ts";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { CREDITS_PER_GENERATION, STARTING_CREDITS } from "#shared/credits.ts";
import { GENERATOR_STEPS, IMAGE_ACCEPT_LABEL, IMAGE_MAX_MEGABYTES, POSTS_PER_GENERATION } from "#shared/generator.ts";
import { labelList, NETWORKS, PUBLISHING_NETWORK_NAMES, THREAD_NETWORKS } from "#shared/networks.ts";
import {
  LINK_LENGTH,
  POST_LENGTH_MAX,
  POST_LENGTH_MIN,
  SENTENCE_LENGTH_MAX,
  WORD_COUNT_MAX,
} from "#shared/optimizer.ts";
import { GENERATOR_PRO_MONTHLY_CREDITS, OPTIMIZER_TRIAL_DAYS } from "#shared/pricing.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () =>
  pageMeta({
    title: "Funktionen",
    description:
      "KI-Beitragsgenerator für Facebook, Instagram, LinkedIn und X mit vier Tonalitäten und fünf Sprachen, dazu der X-Post Optimizer mit Live-Bewertung und KI-Verbesserung.",
  });

const GENERATOR_FEATURES: Feature[] = [
  {
    icon: FileText,
    title: "Text oder Stichworte genügen",
    text: "Notieren Sie, worum es geht: Produktstart, Event, Blogartikel oder Angebot der Woche. Ein paar Stichworte reichen, ganze Sätze gehen auch.",
  },
  {
    icon: Globe,
    title: "Website als Quelle",
    text: "Geben Sie optional eine Adresse an: Postwerk liest Titel, Beschreibung und Haupttext der Seite und greift Fakten, Namen und Zahlen daraus auf.",
  },
  {
    icon: ImageIcon,
    title: "Bild als Kontext",
    text: `Laden Sie optional ein Bild hoch (${IMAGE_ACCEPT_LABEL}, bis ${IMAGE_MAX_MEGABYTES} MB). Die KI formuliert passend zum Motiv; gespeichert wird es ohne Metadaten.`,
  },
  {
    icon: Share2,
    title: "Vier Netzwerke",
    text: (
      <>
        <p>Länge, Aufbau, Hashtags und Ansprache passen zur Plattform – pointiert für X, fachlich für LinkedIn.</p>
        <ChipList label="Netzwerke" items={GENERATOR_NETWORKS} />
      </>
    ),
  },
  {
    icon: MessageSquareQuote,
    title: "Vier Tonalitäten",
    text: (
      <>
        <p>Vom herzlichen Community-Post bis zur Verkaufsaktion: Sie bestimmen, wie Ihre Marke klingt.</p>
        <ChipList label="Tonalitäten" items={GENERATOR_TONES} />
      </>
    ),
  },
  {
    icon: Languages,
    title: "Fünf Ausgabesprachen",
    text: (
      <>
        <p>Stichworte auf Deutsch, Beitrag in der Sprache Ihrer Zielgruppe.</p>
        <ChipList label="Sprachen" items={GENERATOR_LANGUAGES} />
      </>
    ),
  },
  {
    icon: Sparkles,
    title: `${POSTS_PER_GENERATION} Vorschläge pro Durchlauf`,
    text: `Jeder Durchlauf liefert ${POSTS_PER_GENERATION} unterschiedliche Varianten. Nehmen Sie die beste, kombinieren Sie sie oder testen Sie sie gegeneinander.`,
  },
  {
    icon: Zap,
    title: "Live beim Schreiben zusehen",
    text: "Die Vorschläge erscheinen, während die KI schreibt. Der erste Beitrag steht nach wenigen Sekunden da, nicht erst am Ende des Durchlaufs.",
  },
  {
    icon: Archive,
    title: "Archiv mit Suche",
    text: "Jeder Durchlauf landet automatisch im Archiv. Suchen Sie in Stichworten und Beiträgen, filtern Sie nach Netzwerk, Sprache und Tonalität.",
  },
];

// What the Redaktionsplan does (ADRs 0074-0094): told in the words its screens use.
const PLANNER_FEATURES: Feature[] = [
  {
    icon: PenLine,
    title: "Eigene Beiträge für jedes Netzwerk",
    text: "„Neuer Beitrag“ (Taste N) schreibt einen Text für alle gewählten Konten oder einen je Konto – mit Zeichenzähler je Netzwerk und einer Vorschau, wie jedes Netzwerk den Beitrag zeigt. Für Mastodon auf Wunsch mit Inhaltswarnung.",
  },
  {
    icon: ImageIcon,
    title: "Bilder mit Alternativtext",
    text: "Laden Sie ein Bild hoch und beschreiben Sie es für Menschen, die es nicht sehen. Postwerk sendet die Beschreibung mit, wo das Netzwerk sie annimmt, und erinnert Sie, wenn sie fehlt.",
  },
  {
    icon: Save,
    title: "Entwürfe, die sich selbst speichern",
    text: "Was Sie schreiben, speichert Postwerk laufend – auch im X-Post Optimizer. Nach einem Neuladen oder Absturz des Tabs bieten wir an, den Text wiederherzustellen.",
  },
  {
    icon: CalendarDays,
    title: "Kalender mit Monat, Woche und Liste",
    text: "Klicken Sie in eine freie Stunde, um dort zu planen, und ziehen Sie Beiträge auf einen anderen Tag – oder verschieben Sie sie mit der Tastatur. Filter nach Konto, Netzwerk und Status.",
  },
  {
    icon: ListOrdered,
    title: "Warteschlange mit festen Sendezeiten",
    text: "Legen Sie je Konto Ihre Sendezeiten fest, etwa Montag bis Freitag 09:00 und 12:30. „In nächsten freien Slot“ plant den Beitrag dort ein.",
  },
  {
    icon: MessagesSquare,
    title: `Beitragsketten für ${labelList(THREAD_NETWORKS.map((network) => NETWORKS[network].label))}`,
    text: "Mehrere Beiträge als zusammenhängender Thread, jeder genau einmal gesendet. Reißt die Verbindung ab, setzt Postwerk dort fort, wo der Thread stehen blieb.",
  },
  {
    icon: ShieldCheck,
    title: "Kein Beitrag geht unbemerkt verloren",
    text: "Jeder Beitrag ist geplant, gesendet, fehlgeschlagen, verpasst oder unbestätigt – mit dem Grund auf Deutsch, einer Benachrichtigung und „Erneut senden“, wenn Sie es wollen.",
  },
  {
    icon: Clock,
    title: "In Ihrer Zeitzone",
    text: "Alle Zeiten sehen und planen Sie in der Zeitzone aus Ihrem Konto, auch über die Zeitumstellung hinweg.",
  },
];

const OPTIMIZER_FEATURES: Feature[] = [
  {
    icon: CircleGauge,
    title: "Live-Zähler nach X-Regeln",
    text: `Zeichen, Wörter und Sätze, gezählt wie bei X: Links mit ${LINK_LENGTH} Zeichen, Emojis doppelt. Die Anzeige „n/${POST_LENGTH_MAX}“ wird gelb unter ${POST_LENGTH_MIN} und rot über ${POST_LENGTH_MAX} Zeichen.`,
  },
  {
    icon: ListChecks,
    title: "Sechs Kriterien, eine Punktzahl",
    text: (
      <ul className="grid gap-1">
        <li>
          Länge von {POST_LENGTH_MIN} bis {POST_LENGTH_MAX} Zeichen
        </li>
        <li>Höchstens eine Erwähnung, ein Hashtag, ein Ausrufezeichen</li>
        <li>Kein Satz länger als {SENTENCE_LENGTH_MAX} Zeichen</li>
        <li>Höchstens {WORD_COUNT_MAX} Wörter, Links nicht mitgezählt</li>
      </ul>
    ),
  },
  {
    icon: Eye,
    title: "Vorschau wie auf X",
    text: "Sehen Sie Ihren Post so, wie Ihre Follower ihn sehen – mit hervorgehobenen Hashtags und markierten Stellen, die Punkte kosten.",
  },
  {
    icon: SpellCheck,
    title: "KI-Grammatikprüfung",
    text: "Korrigiert Rechtschreibung, Grammatik und Zeichensetzung, ohne Ihren Stil zu verändern. Mit einem Klick zurück zum Original.",
  },
  {
    icon: Wand2,
    title: "KI-Verbesserung",
    text: "Formt Ihren Post so um, dass er alle sechs Kriterien erfüllt – in Ihrer Sprache und Ihrem Ton. Sie sehen jede Änderung, bevor Sie sie übernehmen.",
  },
  {
    icon: BookCheck,
    title: "Rechtschreibhinweise",
    text: "Unbekannte Wörter werden schon beim Tippen markiert, mit Korrekturvorschlägen zum Anklicken – auch in der kostenlosen Basis-Version.",
  },
];

export default function FeaturesPage() {
  return (
    <>
      <PageHero
        eyebrow="Funktionen"
        title="Schreiben, verbessern, planen: alles für Ihren Social-Media-Alltag"
        actions={
          <>
            <Button asChild size="lg">
              <Link to={ROUTES.generator}>
                Beitrag erstellen
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={ROUTES.optimizer}>X-Post Optimizer testen</Link>
            </Button>
          </>
        }
      >
        <p>
          Der Beitragsgenerator schreibt aus Ihren Stichworten fertige Posts für {GENERATOR_NETWORKS.length} Netzwerke.
          Der X-Post Optimizer prüft jeden Post für X live und macht ihn mit KI stärker. Im Redaktionsplan
          veröffentlichen und planen Sie Ihre Beiträge auf {PUBLISHING_NETWORK_NAMES}.
        </p>
        <p>Alles auf Deutsch, alles im Browser, ohne Installation.</p>
      </PageHero>

      <nav aria-label="Auf dieser Seite" className="mx-auto max-w-6xl px-4">
        <ul className="flex flex-wrap gap-3 text-sm">
          <li>
            <a href="#generator" className="rounded-full border border-slate-300 px-4 py-2 hover:bg-slate-50">
              Beitragsgenerator
            </a>
          </li>
          <li>
            <a href="#optimizer" className="rounded-full border border-slate-300 px-4 py-2 hover:bg-slate-50">
              X-Post Optimizer
            </a>
          </li>
          <li>
            <a href="#redaktionsplan" className="rounded-full border border-slate-300 px-4 py-2 hover:bg-slate-50">
              Redaktionsplan
            </a>
          </li>
        </ul>
      </nav>

      <PageSection
        id="generator"
        eyebrow="Beitragsgenerator"
        title="Vom Stichwort zum fertigen Beitrag"
        lead="Sie wissen, was Sie sagen wollen – Postwerk findet die Worte dafür. Für jedes Netzwerk im passenden Format, in Ihrem Ton und in der Sprache Ihrer Zielgruppe."
      >
        <FeatureGrid features={GENERATOR_FEATURES} />
        <h3 className="mt-12 text-xl font-semibold text-slate-900">So entsteht Ihr Beitrag</h3>
        <div className="mt-6">
          <StepList steps={GENERATOR_STEPS} />
        </div>
        <div className="mt-10 flex flex-col gap-4 rounded-xl bg-slate-50 p-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-700">
            Neue Konten starten mit {STARTING_CREDITS} Credits, ein Durchlauf kostet {CREDITS_PER_GENERATION} Credit.
            Mit Pro erhalten Sie {GENERATOR_PRO_MONTHLY_CREDITS} Credits pro Monat –{" "}
            <TextLink to={ROUTES.pricing}>alle Preise ansehen</TextLink>.
          </p>
          <Button asChild className="shrink-0">
            <Link to={ROUTES.generator}>Beitrag erstellen</Link>
          </Button>
        </div>
      </PageSection>

      <div className="bg-slate-50">
        <PageSection
          id="optimizer"
          eyebrow="X-Post Optimizer"
          title="Jeder Post für X auf den Punkt"
          lead="Schreiben Sie Ihren Post und sehen Sie live, was ihn ausbremst. Sechs klare Kriterien statt Bauchgefühl – und eine KI, die auf Wunsch den Feinschliff übernimmt."
        >
          <FeatureGrid features={OPTIMIZER_FEATURES} />
          <figure className="mt-12 overflow-hidden rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
            <img
              src="/images/optimizer-editor.png"
              alt="Der Editor des X-Post Optimizers mit Live-Zähler und markierten Stellen im Text"
              width={692}
              height={428}
              loading="lazy"
              decoding="async"
              className="mx-auto h-auto w-full max-w-2xl rounded-lg"
            />
            <figcaption className="mt-3 text-center text-sm text-slate-600">
              Der Editor markiert, was Punkte kostet, und zählt so, wie X zählt.
            </figcaption>
          </figure>
          <div className="mt-10 flex flex-col gap-4 rounded-xl bg-white p-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-700">
              Live-Zähler, Checkliste und Vorschau sind kostenlos. Die KI-Funktionen gehören zu Premium –{" "}
              {OPTIMIZER_TRIAL_DAYS} Tage gratis testen, ohne Kreditkarte.
            </p>
            <Button asChild className="shrink-0">
              <Link to={ROUTES.optimizer}>Optimizer öffnen</Link>
            </Button>
          </div>
        </PageSection>
      </div>

      <PageSection
        id="redaktionsplan"
        eyebrow="Redaktionsplan"
        title="Ihre Woche an einem Ort planen"
        lead={`Verbinden Sie Ihre Konten bei ${PUBLISHING_NETWORK_NAMES} und veröffentlichen Sie sofort oder zum geplanten Zeitpunkt – eigene Texte ebenso wie Vorschläge aus dem Generator und dem Optimizer.`}
      >
        <FeatureGrid features={PLANNER_FEATURES} />
        <div className="mt-10 flex flex-col gap-4 rounded-xl bg-slate-50 p-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-slate-700">
            Veröffentlichen und planen gehören zu jedem Konto, auch zum kostenlosen. Wie viele Beiträge Ihr Plan je
            Netzwerk enthält, steht bei den <TextLink to={`${ROUTES.pricing}#veroeffentlichen`}>Preisen</TextLink>.
          </p>
          <Button asChild className="shrink-0">
            <Link to={ROUTES.planner}>Redaktionsplan öffnen</Link>
          </Button>
        </div>
      </PageSection>

      <div className="pt-4">
        <ClosingCta
          title="Ihr nächster Post ist nur ein paar Stichworte entfernt"
          actions={
            <>
              <Button asChild size="lg" variant="inverse">
                <Link to={ROUTES.generator}>Beitrag erstellen</Link>
              </Button>
              <Button asChild size="lg" variant="inverse">
                <Link to={ROUTES.optimizer}>X-Post Optimizer testen</Link>
              </Button>
            </>
          }
        >
          Registrieren Sie sich kostenlos und probieren Sie die Werkzeuge mit Ihrem nächsten echten Thema aus.
        </ClosingCta>
      </div>
    </>
  );
}
