import {
  LINK_LENGTH,
  MAX_EXCLAMATIONS,
  MAX_HASHTAGS,
  MAX_MENTIONS,
  POST_LENGTH_MAX,
  POST_LENGTH_MIN,
  SENTENCE_LENGTH_MAX,
  WORD_COUNT_MAX,
} from "#shared/optimizer.ts";
import type { PostCriterionId } from "#shared/post-metrics.ts";

// A criterion of an empty post (it scores 0 of 6, shared/post-metrics.ts): nothing to measure yet.
export const EMPTY_POST_TEXT = "Noch kein Text – schreib zuerst deinen Post.";

// The score panel's German texts (optimizer: "du"), built from the limits of spec section 5.
export const CRITERION_TEXTS: Record<
  PostCriterionId,
  { label: string; tip: string; success: string; describe: (value: number) => string }
> = {
  length: {
    label: "Länge",
    tip: `Ideal sind ${POST_LENGTH_MIN} bis ${POST_LENGTH_MAX} Zeichen. Links zählen bei X immer ${LINK_LENGTH} Zeichen, Emojis und Zeichen wie „€“ oder „…“ doppelt.`,
    success: "Perfekte Länge für X.",
    describe: (value) => `${value} Zeichen (Ziel: ${POST_LENGTH_MIN}–${POST_LENGTH_MAX})`,
  },
  mentions: {
    label: "Erwähnungen",
    tip: "Höchstens eine @-Erwähnung. Mehr wirkt schnell wie Spam und kostet Reichweite.",
    success: "Erwähnungen passen.",
    describe: (value) => `${value} Erwähnungen (höchstens ${MAX_MENTIONS})`,
  },
  hashtags: {
    label: "Hashtags",
    tip: "Ein Hashtag reicht. Mehrere Hashtags lenken vom Inhalt ab und wirken werblich.",
    success: "Hashtags passen.",
    describe: (value) => `${value} Hashtags (höchstens ${MAX_HASHTAGS})`,
  },
  exclamations: {
    label: "Ausrufezeichen",
    tip: "Höchstens ein Ausrufezeichen – sonst wirkt dein Post schnell aufdringlich.",
    success: "Ruhiger, klarer Ton.",
    describe: (value) => `${value} Ausrufezeichen (höchstens ${MAX_EXCLAMATIONS})`,
  },
  sentenceLength: {
    label: "Satzlänge",
    tip: `Kein Satz länger als ${SENTENCE_LENGTH_MAX} Zeichen. Kurze Sätze liest man im Feed schneller.`,
    success: "Deine Sätze sind angenehm kurz.",
    describe: (value) => `Längster Satz: ${value} Zeichen (höchstens ${SENTENCE_LENGTH_MAX})`,
  },
  words: {
    label: "Wörter",
    tip: `Höchstens ${WORD_COUNT_MAX} Wörter, Links zählen nicht mit. Weniger Wörter, mehr Wirkung.`,
    success: "Kompakt formuliert.",
    describe: (value) => `${value} Wörter (höchstens ${WORD_COUNT_MAX})`,
  },
};
