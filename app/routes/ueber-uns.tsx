import ArrowRight from "lucide-react/icons/arrow-right";
import Compass from "lucide-react/icons/compass";
import Database from "lucide-react/icons/database";
import Layers from "lucide-react/icons/layers";
import PenTool from "lucide-react/icons/pen-tool";
import ShieldCheck from "lucide-react/icons/shield-check";
import Target from "lucide-react/icons/target";
import Timer from "lucide-react/icons/timer";
import Users from "lucide-react/icons/users";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { type Feature, FeatureGrid, PageHero, PageSection } from "#app/features/marketing/page-sections.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { LINK_LENGTH } from "#shared/optimizer.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () =>
  pageMeta({
    title: "Über uns",
    description:
      "Warum wir den X-Post Optimizer bauen: messbar bessere Posts für X, datenbasiert statt Bauchgefühl, und ein Team aus Redaktion, Entwicklung und Datenschutz.",
  });

// Spec section 2 "About page": Mission, Approach, Data-based, Comprehensive, Time-saving.
const VALUES: Feature[] = [
  {
    icon: Target,
    title: "Mission",
    text: "Gute Gedanken sollen auf X die Reichweite bekommen, die sie verdienen. Wir geben Creatorn und Social-Media-Teams ein Werkzeug, mit dem jeder Post sitzt – ohne Agentur und ohne Rätselraten.",
  },
  {
    icon: Compass,
    title: "Ansatz",
    text: "Erst messen, dann verbessern. Der Optimizer zeigt beim Schreiben, was einen Post ausbremst; die KI schlägt Änderungen vor, und Sie entscheiden, was davon übernommen wird. Ihre Stimme bleibt Ihre.",
  },
  {
    icon: Database,
    title: "Datenbasiert",
    text: `Gezählt wird wie bei X selbst: Links mit ${LINK_LENGTH} Zeichen, Emojis doppelt. Jedes der sechs Kriterien ist eine nachprüfbare Zahl – Länge, Erwähnungen, Hashtags, Ausrufezeichen, Satzlänge und Wörter – keine Geschmacksfrage.`,
  },
  {
    icon: Layers,
    title: "Umfassend",
    text: "Live-Zähler, Checkliste, Vorschau, Rechtschreibhinweise, KI-Grammatikprüfung und KI-Verbesserung an einem Ort. Dazu der Beitragsgenerator, der Ideen für X, LinkedIn, Instagram und Facebook ausformuliert.",
  },
  {
    icon: Timer,
    title: "Zeitsparend",
    text: "Statt einen Post zehnmal umzuschreiben, sehen Sie sofort, was fehlt, und lassen die KI den Feinschliff machen. Für den ersten Entwurf sparen Sie mit dem Generator bis zu 90 Prozent der Zeit.",
  },
];

// Roles, not names: the team is described by what it does for the product.
const TEAM: Feature[] = [
  {
    icon: PenTool,
    title: "Redaktion & Social Media",
    text: "Menschen, die seit Jahren Kanäle für Marken und Creator betreuen. Sie wissen, wie ein Post im Feed wirken muss, und formulieren die Kriterien und Prompts, mit denen die KI arbeitet.",
  },
  {
    icon: Users,
    title: "Produkt & Entwicklung",
    text: "Ein kleines Entwicklerteam, das Postwerk schnell, barrierearm und zuverlässig hält – von der Zählung nach X-Regeln bis zur Vorschau, die aussieht wie Ihr Feed.",
  },
  {
    icon: ShieldCheck,
    title: "Support & Datenschutz",
    text: "Ansprechpartner für Ihre Fragen, die jede Nachricht persönlich beantworten und darauf achten, dass Ihre Daten nur dort landen, wo sie hingehören.",
  },
];

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="Über uns"
        title={
          <>
            Über den <span className="whitespace-nowrap">X-Post</span> Optimizer
          </>
        }
        actions={
          <Button asChild size="lg">
            <Link to={ROUTES.generator}>
              Tool ausprobieren
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        }
      >
        <p>
          Postwerk entstand aus einer einfachen Frage: Warum werden manche Posts auf X gelesen, geteilt und kommentiert
          – und andere scrollt jeder vorbei? Unsere Antwort ist der X-Post Optimizer. Er macht sichtbar, was einen Post
          auf X stark macht, und hilft Ihnen, genau dort nachzubessern.
        </p>
        <p>
          X ist unser Schwerpunkt. Weil gute Ideen aber auf mehreren Kanälen wirken sollen, schreibt unser
          Beitragsgenerator auch für LinkedIn, Instagram und Facebook.
        </p>
      </PageHero>

      <PageSection id="werte" title="Wofür wir stehen" className="pt-4">
        <FeatureGrid features={VALUES} />
      </PageSection>

      <div className="bg-slate-50">
        <PageSection
          id="team"
          title="Unser Team"
          lead="Hinter Postwerk steht ein kleines Team aus Redaktion, Entwicklung und Support. Wir nutzen unsere Werkzeuge jeden Tag selbst – für unsere eigenen Kanäle und für die unserer Kundinnen und Kunden."
        >
          <FeatureGrid features={TEAM} />
        </PageSection>
      </div>

      <section aria-labelledby="ausprobieren-titel" className="mx-auto max-w-6xl px-4 py-16 text-center">
        <h2 id="ausprobieren-titel" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Überzeugen Sie sich selbst
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-700">
          Registrieren Sie sich kostenlos und schreiben Sie Ihren nächsten Post mit Postwerk.
        </p>
        <Button asChild size="lg" className="mt-8">
          <Link to={ROUTES.generator}>
            Tool ausprobieren
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </section>
    </>
  );
}
