import type { LucideIcon } from "lucide-react";
import ArrowRight from "lucide-react/icons/arrow-right";
import CalendarDays from "lucide-react/icons/calendar-days";
import CircleGauge from "lucide-react/icons/circle-gauge";
import Clock from "lucide-react/icons/clock";
import Gauge from "lucide-react/icons/gauge";
import Layers from "lucide-react/icons/layers";
import Sparkles from "lucide-react/icons/sparkles";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import {
  CheckList,
  ClosingCta,
  type Feature,
  FeatureGrid,
  PageHero,
  PageSection,
  StepList,
  TextLink,
} from "#app/features/marketing/page-sections.tsx";
import {
  GENERATOR_LANGUAGES,
  GENERATOR_NETWORKS,
  GENERATOR_TONES,
  PRICES,
} from "#app/features/marketing/product-facts.ts";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { STARTING_CREDITS } from "#shared/credits.ts";
import { GENERATOR_STEPS, POSTS_PER_GENERATION } from "#shared/generator.ts";
import { PUBLISHING_NETWORK_NAMES } from "#shared/networks.ts";
import { OPTIMIZER_TRIAL_DAYS } from "#shared/pricing.ts";
import { ROUTES } from "#shared/routes.ts";

// The home page carries the site's own title and description (site settings, ADR 0005).
export const meta = () => pageMeta();

const TOOLS: { icon: LucideIcon; name: string; title: string; points: string[]; to: string; action: string }[] = [
  {
    icon: Sparkles,
    name: "Beitragsgenerator",
    title: "Aus Stichworten werden fertige Beiträge",
    points: [
      `${POSTS_PER_GENERATION} Vorschläge pro Durchlauf, live geschrieben`,
      `${GENERATOR_NETWORKS.join(", ")}`,
      `${GENERATOR_TONES.length} Tonalitäten, ${GENERATOR_LANGUAGES.length} Sprachen`,
      "Archiv mit Suche, Kopieren und Teilen mit einem Klick",
    ],
    to: ROUTES.generator,
    action: "Beitrag erstellen",
  },
  {
    icon: CircleGauge,
    name: "X-Post Optimizer",
    title: "Jeder Post für X messbar besser",
    points: [
      "Live-Zähler nach den Zählregeln von X",
      "Sechs Kriterien und eine Punktzahl von 0 bis 6",
      "Vorschau, wie Ihre Follower den Post sehen",
      "KI-Grammatikprüfung und KI-Verbesserung",
    ],
    to: ROUTES.optimizer,
    action: "X-Post Optimizer testen",
  },
  {
    icon: CalendarDays,
    name: "Redaktionsplan",
    title: "Die Woche planen, pünktlich veröffentlichen",
    points: [
      `Eigene Beiträge für ${PUBLISHING_NETWORK_NAMES}, mit Vorschau je Netzwerk`,
      "Kalender mit Monat, Woche und Liste, verschieben per Ziehen",
      "Entwürfe, Warteschlange mit festen Sendezeiten und Threads",
      "Jeder Beitrag genau einmal gesendet, jedes Ergebnis gemeldet",
    ],
    to: ROUTES.planner,
    action: "Redaktionsplan öffnen",
  },
];

const HIGHLIGHTS: Feature[] = [
  {
    icon: Clock,
    title: "Minuten statt Stunden",
    text: "Vom leeren Eingabefeld zum veröffentlichungsreifen Beitrag in weniger Zeit, als ein Kaffee braucht. Die Stunden, die Sie sparen, gehören Ihrer Strategie und Ihrer Community.",
  },
  {
    icon: Layers,
    title: "Für jedes Netzwerk passend",
    text: "Länge, Stil und Hashtags passen sich der Plattform an: kurz und pointiert für X, fachlich für LinkedIn, nahbar für Instagram und Facebook.",
  },
  {
    icon: Gauge,
    title: "Qualität, die man messen kann",
    text: "Der X-Post Optimizer zeigt live, was Ihren Post ausbremst, und verbessert ihn mit einem Klick – nachvollziehbar statt nach Bauchgefühl.",
  },
];

export default function Home() {
  return (
    <>
      <PageHero
        eyebrow="KI-Texte für Social Media"
        title="Social-Media-Beiträge, die ankommen – in Sekunden statt Stunden"
        actions={
          <>
            <Button asChild size="lg">
              <Link to={ROUTES.generator}>
                Jetzt Beitrag erstellen
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
          Postwerk schreibt mit KI überzeugende Beiträge für Ihre Kanäle und hilft Ihnen, jeden X-Post auf Reichweite zu
          trimmen. Auf Deutsch, in Ihrem Ton, ohne leere Floskeln.
        </p>
      </PageHero>

      <PageSection
        id="werkzeuge"
        title="Drei Werkzeuge, ein Ziel: Posts, die wirken"
        lead="Für Content-Creator, Agenturen und Social-Media-Teams, die regelmäßig posten und dabei nicht jedes Mal bei null anfangen wollen."
        className="pt-4"
      >
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {TOOLS.map((tool) => (
            <article key={tool.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
              <p className="flex items-center gap-2 text-sm font-semibold text-indigo-700">
                <tool.icon className="size-5" aria-hidden />
                {tool.name}
              </p>
              <h3 className="mt-3 text-xl font-semibold text-slate-900">{tool.title}</h3>
              <CheckList items={tool.points} className="mt-5 flex-1 text-slate-700" />
              <Button asChild variant="outline" className="mt-6 self-start">
                <Link to={tool.to}>
                  {tool.action}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            </article>
          ))}
        </div>
      </PageSection>

      <div className="bg-slate-50">
        <PageSection id="vorteile" title="Warum Content-Teams mit Postwerk arbeiten">
          <FeatureGrid features={HIGHLIGHTS} />
        </PageSection>
      </div>

      <PageSection id="ablauf" title="In vier Schritten zum fertigen Beitrag">
        <StepList steps={GENERATOR_STEPS} />
        <p className="mt-8 text-slate-700">
          Neue Konten starten mit {STARTING_CREDITS} Credits Startguthaben, Pro kostet {PRICES.generatorPro} im Monat,
          und den X-Post Optimizer Premium testen Sie {OPTIMIZER_TRIAL_DAYS} Tage gratis.{" "}
          <TextLink to={ROUTES.pricing}>Alle Preise ansehen</TextLink> oder{" "}
          <TextLink to={ROUTES.about}>mehr über uns erfahren</TextLink>.
        </p>
      </PageSection>

      <ClosingCta
        title="Ihr nächster Post kann mehr"
        actions={
          <Button asChild size="lg" variant="inverse">
            <Link to={ROUTES.generator}>Kostenlos loslegen</Link>
          </Button>
        }
      >
        Registrieren Sie sich kostenlos und lassen Sie Postwerk Ihren nächsten Beitrag schreiben – in Ihrem Ton und für
        Ihr Netzwerk.
      </ClosingCta>
    </>
  );
}
