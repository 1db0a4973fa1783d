import { formatEuro, GENERATOR_PRO_PRICE_CENTS, OPTIMIZER_PREMIUM_PRICE_CENTS } from "#shared/pricing.ts";

// The product facts the public pages quote, each named once (spec sections 1, 3 and 9).

// Spec section 1 and 9: the generator's Pro plan. (Candidates for shared/pricing.ts once the
// generator and billing need them on the server too.)
export const GENERATOR_PRO_MONTHLY_CREDITS = 100;
export const GENERATOR_PRO_MONTHLY_TEXTS = 300;
export const POSTS_PER_GENERATION = 3;

// Spec section 3 "Enumerations", with the German labels the generator form shows.
export const GENERATOR_NETWORKS = ["Facebook", "Instagram", "LinkedIn", "X"] as const;
export const GENERATOR_TONES = ["Freundlich", "Formell", "Humorvoll", "Ultimatives Marketing"] as const;
export const GENERATOR_LANGUAGES = ["Deutsch", "Englisch", "Französisch", "Spanisch", "Türkisch"] as const;

// Spec section 5: the image formats and size the upload accepts.
export const IMAGE_FORMATS_LABEL = "JPG, JPEG, PNG oder WEBP";
export const IMAGE_MAX_MEGABYTES = 10;

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

// The four steps of a generation (spec section 2 "/erstellen": describe, audience, AI, share),
// told the same way wherever the product explains them.
export const GENERATOR_STEPS = [
  { title: "Inhalt beschreiben", text: "Thema in Stichworten, optional mit Website und Bild." },
  { title: "Zielgruppe wählen", text: "Netzwerk, Tonalität und Sprache festlegen." },
  { title: "KI arbeiten lassen", text: `${POSTS_PER_GENERATION} Vorschläge entstehen live vor Ihren Augen.` },
  { title: "Teilen", text: "Kopieren oder direkt per E-Mail, auf LinkedIn oder X teilen." },
];
