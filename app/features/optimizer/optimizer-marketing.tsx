import CircleGauge from "lucide-react/icons/circle-gauge";
import ListChecks from "lucide-react/icons/list-checks";
import Send from "lucide-react/icons/send";
import Sparkles from "lucide-react/icons/sparkles";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AccordionContent, AccordionItem, AccordionTrigger } from "#app/components/ui/accordion.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { BuyPlanButton } from "#app/features/billing/buy-plan-button.tsx";
import { type Feature, FeatureGrid, StepList } from "#app/features/marketing/page-sections.tsx";
import { PlanCard } from "#app/features/marketing/plan-card.tsx";
import { OPTIMIZER_BASIS_PLAN, OPTIMIZER_PREMIUM_PLAN } from "#app/features/marketing/plans.ts";
import { LINK_LENGTH, POST_LENGTH_MAX, POST_LENGTH_MIN } from "#shared/optimizer.ts";
import { OPTIMIZER_TRIAL_DAYS } from "#shared/pricing.ts";

// Spec section 2 "X-Post Optimizer marketing content". Every call to action leads to the tool.
const FEATURES: Feature[] = [
  {
    icon: CircleGauge,
    title: "Live-Zähler",
    text: `Zeichen, Wörter und Sätze – gezählt wie bei X, Links mit ${LINK_LENGTH} Zeichen, Emojis doppelt.`,
  },
  {
    icon: ListChecks,
    title: "Optimierungs-Checkliste",
    text: "Länge, Hashtags, Erwähnungen und Links: Du siehst sofort, was fehlt und wo es hakt.",
  },
  {
    icon: Sparkles,
    title: "KI-Vorschläge",
    text: "Die KI trifft deinen Ton, korrigiert Fehler und schärft deinen Post – du entscheidest.",
  },
  {
    icon: Send,
    title: "Direktes Posten",
    text: "Kopieren, auf X teilen oder über dein verbundenes X-Konto sofort veröffentlichen oder planen: vom Entwurf zum Post ohne Umwege.",
  },
];

const STEPS = [
  { title: "Post eingeben", text: "Schreib oder füge deinen Entwurf ein." },
  { title: "Sofortiges Feedback", text: "Zähler, Bewertung und Markierungen zeigen live, was wirkt." },
  { title: "Mit KI verbessern", text: "Ein Klick, und die KI erfüllt alle sechs Kriterien." },
  { title: "Rechtschreibung prüfen", text: "Tippfehler fallen auf, bevor deine Follower sie sehen." },
  { title: "Posten oder kopieren", text: "Direkt veröffentlichen, planen, auf X teilen oder in dein Tool kopieren." },
];

const SCREENSHOTS = [
  // Real pictures of the tool, made by scripts/optimizer-screenshots.ts (ADR 0008).
  {
    src: "/images/optimizer-editor.png",
    alt: "Der Editor mit Live-Zähler und markierten Stellen im Text",
    width: 692,
    height: 428,
  },
  {
    src: "/images/optimizer-score.png",
    alt: "Die Bewertung mit sechs Kriterien und farbigen Balken",
    width: 352,
    height: 506,
  },
  {
    src: "/images/optimizer-preview.png",
    alt: "Die Vorschau, die aussieht wie ein Post auf X",
    width: 692,
    height: 247,
  },
];

const FAQ = [
  {
    question: "Wie funktioniert der kostenlose Test?",
    answer: `Mit einem Klick startest du ${OPTIMIZER_TRIAL_DAYS} Tage Premium – ohne Kreditkarte. Danach endet der Test von selbst, es entstehen keine Kosten.`,
  },
  {
    question: "Was macht die KI-Verbesserung genau?",
    answer:
      "Sie behält Sprache, Aussage und Ton deines Posts und formt ihn so um, dass er alle sechs Kriterien erfüllt. Du siehst jede Änderung als Vergleich, bevor du sie übernimmst.",
  },
  {
    question: "Kann ich jederzeit kündigen?",
    answer:
      "Ja. Die Kündigung ist mit einem Klick in deinen Kontoeinstellungen erledigt; Premium läuft bis zum Ende des bezahlten Zeitraums.",
  },
  {
    question: "Welche Netzwerke werden unterstützt?",
    answer:
      "Der Optimizer ist für X gebaut – mit den Zählregeln von X. Weitere Netzwerke bedient unser Beitragsgenerator.",
  },
  {
    question: "Was bringt die Basis-Version?",
    answer: "Live-Zähler, Bewertung mit Checkliste, Vorschau und Rechtschreibhinweise – kostenlos und ohne Zeitlimit.",
  },
];

/** `offer`: the call to action that applies to the visitor (trial-offer.ts, ADR 0101). */
export function OptimizerMarketing({ toolHref, offer }: { toolHref: string; offer: ReactNode }) {
  return (
    <div className="grid gap-20">
      <section aria-labelledby="benefits-heading" className="grid gap-6 md:grid-cols-2">
        <h2 id="benefits-heading" className="sr-only">
          Deine Vorteile
        </h2>
        <div className="rounded-xl bg-slate-50 p-6">
          <h3 className="text-lg font-semibold">Mehr Reichweite mit weniger Aufwand</h3>
          <p className="mt-2 text-slate-700">
            Posts mit {POST_LENGTH_MIN} bis {POST_LENGTH_MAX} Zeichen, einem Hashtag und kurzen Sätzen werden öfter
            gelesen und geteilt. Der Optimizer zeigt dir beim Schreiben, wo du stehst.
          </p>
        </div>
        <div className="rounded-xl bg-slate-50 p-6">
          <h3 className="text-lg font-semibold">Deine Stimme bleibt deine</h3>
          <p className="mt-2 text-slate-700">
            Die KI schlägt vor, du entscheidest. Jede Änderung siehst du als Vergleich und übernimmst nur, was passt.
          </p>
        </div>
      </section>

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-2xl font-bold tracking-tight">
          Alles, was ein starker X-Post braucht
        </h2>
        <FeatureGrid features={FEATURES} columns={4} className="mt-8" />
      </section>

      <section aria-labelledby="screens-heading">
        <h2 id="screens-heading" className="text-2xl font-bold tracking-tight">
          So sieht der Optimizer aus
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {SCREENSHOTS.map((shot) => (
            <figure key={shot.src} className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50 shadow-sm">
              <div className="flex aspect-[4/3] items-center justify-center p-3">
                <img
                  src={shot.src}
                  alt=""
                  width={shot.width}
                  height={shot.height}
                  loading="lazy"
                  className="max-h-full w-auto max-w-full rounded-lg shadow"
                />
              </div>
              <figcaption className="border-t border-slate-200 bg-white p-3 text-sm text-slate-700">
                {shot.alt}
              </figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="text-2xl font-bold tracking-tight">
          In fünf Schritten zum besseren Post
        </h2>
        <StepList steps={STEPS} columns={5} className="mt-8" />
      </section>

      <section aria-labelledby="pricing-heading">
        <h2 id="pricing-heading" className="text-2xl font-bold tracking-tight">
          Preise
        </h2>
        {/* The same plans as on /preise, so the two pages never disagree. */}
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <PlanCard
            plan={OPTIMIZER_BASIS_PLAN}
            action={
              <Button asChild variant="outline" className="w-full">
                <Link to={toolHref}>Kostenlos nutzen</Link>
              </Button>
            }
          />
          <PlanCard
            plan={OPTIMIZER_PREMIUM_PLAN}
            action={
              <div className="grid gap-2">
                <Button asChild className="w-full">
                  <Link to={toolHref}>{offer}</Link>
                </Button>
                <BuyPlanButton address="du" plan="optimizer_premium" variant="outline" className="w-full">
                  Premium sofort buchen
                </BuyPlanButton>
              </div>
            }
          />
        </div>
      </section>

      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="text-2xl font-bold tracking-tight">
          Häufige Fragen
        </h2>
        <div className="mt-6">
          {FAQ.map((item) => (
            <AccordionItem key={item.question} name="optimizer-faq">
              <AccordionTrigger>{item.question}</AccordionTrigger>
              <AccordionContent>{item.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </div>
      </section>

      <section className="rounded-2xl bg-indigo-600 px-6 py-12 text-center text-white">
        <h2 className="text-2xl font-bold tracking-tight">Dein nächster Post kann mehr</h2>
        <p className="mx-auto mt-3 max-w-xl text-indigo-100">
          Probier den Optimizer mit deinem aktuellen Entwurf aus – in einer Minute weißt du, was ihn stärker macht.
        </p>
        <Button asChild variant="inverse" size="lg" className="mt-6">
          <Link to={toolHref}>Jetzt Post optimieren</Link>
        </Button>
      </section>
    </div>
  );
}
