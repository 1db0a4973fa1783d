import CreditCard from "lucide-react/icons/credit-card";
import Info from "lucide-react/icons/info";
import RefreshCcw from "lucide-react/icons/refresh-ccw";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import type { AuthNavigationState } from "#app/features/auth/auth-navigation.ts";
import { BuyPlanButton } from "#app/features/billing/buy-plan-button.tsx";
import { FaqItems } from "#app/features/marketing/faq-accordion.tsx";
import { PRICING_FAQ } from "#app/features/marketing/faq-content.tsx";
import { ClosingCta, PageHero, PageSection } from "#app/features/marketing/page-sections.tsx";
import { PlanCard } from "#app/features/marketing/plan-card.tsx";
import {
  GENERATOR_FREE_PLAN,
  GENERATOR_PRO_PLAN,
  OPTIMIZER_BASIS_PLAN,
  OPTIMIZER_PREMIUM_PLAN,
} from "#app/features/marketing/plans.ts";
import { PRICES } from "#app/features/marketing/product-facts.ts";
import { PublishingOfferTable } from "#app/features/marketing/publishing-offer-table.tsx";
import { pageMeta } from "#app/features/site-settings/site-settings.ts";
import { PLATFORMS, POSTS_PER_GENERATION } from "#shared/generator.ts";
import { OPTIMIZER_TRIAL_DAYS } from "#shared/pricing.ts";
import { ROUTES } from "#shared/routes.ts";

export const meta = () =>
  pageMeta({
    title: "Preise",
    description: `Kostenlos starten, Pro für ${PRICES.generatorPro} im Monat inkl. MwSt. oder den X-Post Optimizer Premium für ${PRICES.optimizerPremium} – ${OPTIMIZER_TRIAL_DAYS} Tage gratis testen, jederzeit kündbar.`,
  });

// A return URL opens /auth in sign-up mode and leads to the generator afterwards (spec section 2 "/auth").
const SIGN_UP_STATE: AuthNavigationState = { returnUrl: ROUTES.generator };

const TERMS = [
  { icon: CreditCard, text: "Zahlung per Karte oder PayPal, monatlich im Voraus" },
  { icon: RefreshCcw, text: "Jederzeit kündbar, Zugang bis zum Ende des bezahlten Zeitraums" },
  { icon: Info, text: "Keine Erstattung angebrochener Zeiträume, kein Nachkauf von Credits" },
];

export default function PricingPage() {
  return (
    <>
      <PageHero eyebrow="Preise" title="Einfache Preise für Ihren Social-Media-Alltag">
        <p>
          Starten Sie kostenlos und wechseln Sie erst, wenn Postwerk fester Teil Ihrer Redaktionsplanung ist. Alle
          Preise gelten pro Monat und enthalten die gesetzliche Mehrwertsteuer.
        </p>
      </PageHero>

      <PageSection
        id="generator"
        eyebrow="Beitragsgenerator"
        title={`${POSTS_PER_GENERATION} Vorschläge pro Durchlauf, für ${PLATFORMS.length} Netzwerke`}
        lead="Ein Plan, keine Staffeln: Testen Sie mit dem Startguthaben und wechseln Sie zu Pro, wenn Sie regelmäßig posten."
        className="pt-4"
      >
        <div className="grid gap-6 md:grid-cols-2">
          <PlanCard
            plan={GENERATOR_FREE_PLAN}
            action={
              <Button asChild variant="outline" className="w-full">
                <Link to={ROUTES.auth} state={SIGN_UP_STATE}>
                  Kostenlos registrieren
                </Link>
              </Button>
            }
          />
          <PlanCard
            plan={GENERATOR_PRO_PLAN}
            action={
              <BuyPlanButton plan="generator_pro" className="w-full">
                Pro buchen
              </BuyPlanButton>
            }
          />
        </div>
        <ul className="mt-8 grid gap-3 text-sm text-slate-700 md:grid-cols-3">
          {TERMS.map((term) => (
            <li key={term.text} className="flex gap-2">
              <term.icon className="mt-0.5 size-4 shrink-0 text-indigo-600" aria-hidden />
              {term.text}
            </li>
          ))}
        </ul>
      </PageSection>

      <div className="bg-slate-50">
        <PageSection
          id="optimizer"
          eyebrow="X-Post Optimizer"
          title="Bessere Posts für X, kostenlos oder mit KI"
          lead={`Live-Zähler, Checkliste und Vorschau sind kostenlos. Premium ergänzt die KI – ${OPTIMIZER_TRIAL_DAYS} Tage gratis testen, ohne Kreditkarte.`}
        >
          <div className="grid gap-6 md:grid-cols-2">
            {/* Spec section 2 "Pricing page": Basis goes to /auth, Premium's trial to the optimizer. */}
            <PlanCard
              plan={OPTIMIZER_BASIS_PLAN}
              action={
                <Button asChild variant="outline" className="w-full">
                  <Link to={ROUTES.auth}>Basis kostenlos nutzen</Link>
                </Button>
              }
            />
            <PlanCard
              plan={OPTIMIZER_PREMIUM_PLAN}
              action={
                <div className="grid gap-2">
                  <Button asChild className="w-full">
                    <Link to={ROUTES.optimizer}>{OPTIMIZER_TRIAL_DAYS} Tage Premium gratis testen</Link>
                  </Button>
                  <BuyPlanButton plan="optimizer_premium" variant="outline" className="w-full">
                    Premium sofort buchen
                  </BuyPlanButton>
                </div>
              }
            />
          </div>
        </PageSection>
      </div>

      <PageSection
        id="veroeffentlichen"
        eyebrow="Redaktionsplan"
        title="Veröffentlichen und planen in jedem Plan"
        lead="Eigene Beiträge, Kalender, Entwürfe, Warteschlange und Threads gehören zu jedem Konto, auch zum kostenlosen. Wie viele Beiträge Sie im Monat je Netzwerk senden, hängt vom Plan ab:"
      >
        <PublishingOfferTable />
        <p className="mt-4 text-sm text-slate-600">
          Geplante und gesendete Beiträge zählen im Monat ihres Sendezeitpunkts; ein Thread zählt mit jedem seiner
          Beiträge. Haben Sie mehrere Pläne, gilt das höchste Kontingent.
        </p>
      </PageSection>

      <PageSection id="fragen" title="Häufige Fragen zu Preisen und Plänen">
        <div className="max-w-4xl">
          <FaqItems entries={PRICING_FAQ} />
        </div>
      </PageSection>

      <ClosingCta
        title="Probieren Sie es mit Ihrem nächsten Post"
        actions={
          <Button asChild size="lg" variant="inverse">
            <Link to={ROUTES.optimizer}>X-Post Optimizer jetzt testen</Link>
          </Button>
        }
      >
        In einer Minute sehen Sie, was Ihren Entwurf stärker macht – {OPTIMIZER_TRIAL_DAYS} Tage mit allen
        KI-Funktionen, ohne Kreditkarte.
      </ClosingCta>
    </>
  );
}
