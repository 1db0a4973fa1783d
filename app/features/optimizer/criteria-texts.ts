import type { PostCriterionId } from "#shared/post-metrics.ts";

// The score panel's German texts (optimizer: "du"). The limits come from spec section 5.
export const CRITERION_TEXTS: Record<
  PostCriterionId,
  { label: string; tip: string; success: string; describe: (value: number) => string }
> = {
  length: {
    label: "Länge",
    tip: "Ideal sind 130 bis 195 Zeichen. Links zählen bei X immer 23 Zeichen, Emojis und Zeichen wie „€“ oder „…“ doppelt.",
    success: "Perfekte Länge für X.",
    describe: (value) => `${value} Zeichen (Ziel: 130–195)`,
  },
  mentions: {
    label: "Erwähnungen",
    tip: "Höchstens eine @-Erwähnung. Mehr wirkt schnell wie Spam und kostet Reichweite.",
    success: "Erwähnungen passen.",
    describe: (value) => `${value} Erwähnungen (höchstens 1)`,
  },
  hashtags: {
    label: "Hashtags",
    tip: "Ein Hashtag reicht. Mehrere Hashtags lenken vom Inhalt ab und wirken werblich.",
    success: "Hashtags passen.",
    describe: (value) => `${value} Hashtags (höchstens 1)`,
  },
  exclamations: {
    label: "Ausrufezeichen",
    tip: "Höchstens ein Ausrufezeichen – sonst wirkt dein Post schnell aufdringlich.",
    success: "Ruhiger, klarer Ton.",
    describe: (value) => `${value} Ausrufezeichen (höchstens 1)`,
  },
  sentenceLength: {
    label: "Satzlänge",
    tip: "Kein Satz länger als 95 Zeichen. Kurze Sätze liest man im Feed schneller.",
    success: "Deine Sätze sind angenehm kurz.",
    describe: (value) => `Längster Satz: ${value} Zeichen (höchstens 95)`,
  },
  words: {
    label: "Wörter",
    tip: "Höchstens 37 Wörter, Links zählen nicht mit. Weniger Wörter, mehr Wirkung.",
    success: "Kompakt formuliert.",
    describe: (value) => `${value} Wörter (höchstens 37)`,
  },
};
