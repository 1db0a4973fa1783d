import { LANGUAGE_LABELS, LANGUAGES, PLATFORM_LABELS, TONE_LABELS } from "#shared/generator.ts";
import { formatEuro, GENERATOR_PRO_PRICE_CENTS, OPTIMIZER_PREMIUM_PRICE_CENTS } from "#shared/pricing.ts";

// How the public pages word the product's facts. Every value comes from shared/ (ADR 0021);
// only the order and the joining are the pages' own.

export const GENERATOR_NETWORKS = Object.values(PLATFORM_LABELS);
export const GENERATOR_TONES = Object.values(TONE_LABELS);
// German first: it is the product's language; the others in the form's order.
export const GENERATOR_LANGUAGES = [
  LANGUAGE_LABELS.german,
  ...LANGUAGES.filter((language) => language !== "german").map((language) => LANGUAGE_LABELS[language]),
];

export const PRICES = {
  free: formatEuro(0),
  generatorPro: formatEuro(GENERATOR_PRO_PRICE_CENTS),
  optimizerPremium: formatEuro(OPTIMIZER_PREMIUM_PRICE_CENTS),
} as const;

/** "Deutsch, Englisch und Türkisch" */
export function joinGerman(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} und ${items.at(-1)}`;
}
