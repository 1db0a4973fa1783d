import { CREDITS_PER_GENERATION, STARTING_CREDITS } from "#shared/credits.ts";
import { POSTS_PER_GENERATION } from "#shared/generator.ts";
import { GENERATOR_PRO_MONTHLY_CREDITS, GENERATOR_PRO_MONTHLY_TEXTS, OPTIMIZER_TRIAL_DAYS } from "#shared/pricing.ts";
import type { Plan } from "./plan-card.tsx";
import { PRICES } from "./product-facts.ts";

// Spec sections 1 and 9: the generator's free account and its single Pro plan.
export const GENERATOR_FREE_PLAN: Plan = {
  name: "Kostenlos",
  price: PRICES.free,
  note: "Zum Kennenlernen, ohne Zahlungsdaten",
  features: [
    `${STARTING_CREDITS} Credits Startguthaben`,
    `${CREDITS_PER_GENERATION} Credit pro Durchlauf mit ${POSTS_PER_GENERATION} Vorschlägen`,
    "Alle Netzwerke, Tonalitäten und Sprachen",
    "Archiv mit Suche und Filtern",
  ],
};

export const GENERATOR_PRO_PLAN: Plan = {
  name: "Pro",
  price: PRICES.generatorPro,
  period: "/ Monat",
  note: "inkl. MwSt., jederzeit kündbar",
  featured: true,
  features: [
    `${GENERATOR_PRO_MONTHLY_CREDITS} Durchläufe pro Monat für bis zu ${GENERATOR_PRO_MONTHLY_TEXTS} Beiträge`,
    "Alle Funktionen des Beitragsgenerators",
    "Zahlung per Karte oder PayPal",
    "Zugang bis zum Ende des bezahlten Zeitraums",
  ],
};

// Spec section 9: the optimizer's Basis and Premium plans; Premium is the recommended one.
export const OPTIMIZER_BASIS_PLAN: Plan = {
  name: "Basis",
  price: PRICES.free,
  note: "Für immer kostenlos, ohne KI-Funktionen",
  features: [
    "Live-Zähler nach den Zählregeln von X",
    "Checkliste mit sechs Kriterien und Punktzahl",
    "Vorschau wie auf X",
    "Rechtschreibhinweise beim Schreiben",
  ],
};

export const OPTIMIZER_PREMIUM_PLAN: Plan = {
  name: "Premium",
  price: PRICES.optimizerPremium,
  period: "/ Monat",
  note: `inkl. MwSt., ${OPTIMIZER_TRIAL_DAYS} Tage gratis testen, ohne Kreditkarte`,
  badge: "Empfohlen",
  featured: true,
  features: [
    "Alles aus Basis",
    "KI-Verbesserung, die alle sechs Kriterien erfüllt",
    "KI-Grammatik- und Rechtschreibkorrektur",
    "Priorisierter Support",
  ],
};
