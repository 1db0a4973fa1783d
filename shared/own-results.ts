import { formatAverage, formatRate, MIN_POSTS_FOR_FIGURES } from "./metrics.ts";
import type { NetworkId } from "./networks.ts";

// The user's own results put to use (ADR 0114): the generator writes like the user's most
// successful posts when asked to, and the optimizer compares a draft with the user's sent X posts
// of similar length and hashtag count. Constants, answer types and the German sentences; the rules
// that choose the posts run on the server (server/features/own-results/). Pure, no imports beyond
// shared/, so the page and the server say the same.

/** Below this many single posts with figures the generator's switch stays off (ADR 0114). */
export const OWN_EXAMPLES_MIN = 3;
/** At most this many of the user's posts go into the prompt. */
export const OWN_EXAMPLES_MAX = 3;
/** What the page shows of an example's text. */
export const OWN_EXAMPLE_EXCERPT_LENGTH = 120;
/** The optimizer shows averages from this many similar posts on, as the Erfolg page (ADR 0106). */
export const SIMILAR_POSTS_MIN = MIN_POSTS_FOR_FIGURES;
/** Similar length: the draft's X length, this many characters either way. */
export const SIMILAR_LENGTH_SPREAD = 30;
/** The largest X length and hashtag count the optimizer asks about (a 2,000-character text weighs at most double). */
export const SIMILAR_LENGTH_MAX = 4000;
export const SIMILAR_HASHTAGS_MAX = 1000;

/** One of the user's posts as the generator's page lists it under the switch. */
export type OwnExample = {
  publicationId: string;
  network: NetworkId;
  sentAt: string;
  excerpt: string;
  interactions: number;
  /** Interactions per view; null where the network gives no views. */
  rate: number | null;
};

/** GET /api/generator/own-examples: the remembered choice and the posts a run would use now. */
export type OwnExamplesView = {
  enabled: boolean;
  /** Single posts with figures, all networks; the switch needs OWN_EXAMPLES_MIN. */
  postsWithFigures: number;
  /** Where the examples come from: the chosen network, or all (too few on the network); null when too few at all. */
  scope: "network" | "all" | null;
  examples: OwnExample[];
};

export type Range = { min: number; max: number };

/** GET /api/optimizer/own-results: the user's sent X posts of similar length and hashtag count. */
export type SimilarPostsView = {
  length: Range;
  hashtags: Range;
  /** Similar posts with figures. */
  posts: number;
  /** Averages only from SIMILAR_POSTS_MIN posts on; null below, or where no post has the figure. */
  averageRate: number | null;
  averageViews: number | null;
  averageInteractions: number | null;
};

/** "1.250": whole numbers with the German thousands point. */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString("de-DE");
}

const postsWord = (count: number, singular: string, plural: string) =>
  `${formatCount(count)} ${count === 1 ? singular : plural}`;

export function describeLength(range: Range): string {
  return `${formatCount(range.min)}–${formatCount(range.max)} Zeichen`;
}

export function describeHashtags(range: Range): string {
  if (range.max === 0) return "ohne Hashtags";
  if (range.min === range.max) return postsWord(range.min, "Hashtag", "Hashtags");
  return `${range.min}–${range.max} Hashtags`;
}

/** The optimizer's sentence (du): figures only from SIMILAR_POSTS_MIN similar posts on. */
export function describeSimilarPosts(view: SimilarPostsView): string {
  const shape = `${describeLength(view.length)} und ${describeHashtags(view.hashtags)}`;
  if (view.posts < SIMILAR_POSTS_MIN || view.averageInteractions === null) {
    const found =
      view.posts === 0
        ? "Noch keiner deiner gesendeten X-Beiträge mit Kennzahlen hat"
        : view.posts === 1
          ? "Erst einer deiner gesendeten X-Beiträge mit Kennzahlen hat"
          : `Erst ${formatCount(view.posts)} deiner gesendeten X-Beiträge mit Kennzahlen haben`;
    return `${found} etwa diese Form (${shape}). Vergleichszahlen zeigen wir ab ${SIMILAR_POSTS_MIN} ähnlichen Beiträgen.`;
  }
  const figures = [
    view.averageRate !== null ? `${formatRate(view.averageRate)} Interaktionsrate` : null,
    view.averageViews !== null ? `${formatCount(view.averageViews)} Aufrufe` : null,
    `${formatAverage(view.averageInteractions)} Interaktionen`,
  ].filter((part): part is string => part !== null);
  return `Deine ${formatCount(view.posts)} Beiträge mit ${shape}: im Mittel ${figures.join(", ")}.`;
}

export const OWN_RESULTS_MESSAGES = {
  switchLabel: "Schreibe wie meine erfolgreichsten Beiträge",
  /** Shown while the switch is off: what switching on does with the user's data. */
  switchHint:
    "Wenn eingeschaltet, gehen bis zu drei Ihrer gesendeten Beiträge mit der besten Interaktionsrate als Beispiele an die KI.",
  demoNote:
    "Im Demo-Modus schreibt Postwerk mit Vorlagen: Ihre Beispiele gehen erst mit einem angebundenen KI-Modell in die Texte ein.",
  scopeAll:
    "Für dieses Netzwerk gibt es noch zu wenige Beiträge mit Kennzahlen; die Beispiele kommen aus allen Netzwerken.",
  loadFailed: "Ihre Beiträge mit Kennzahlen konnten nicht geladen werden.",
  similarTitle: "Deine ähnlichen Beiträge",
  similarEmpty: "Schreib deinen Post: Dann vergleichen wir ihn mit deinen gesendeten X-Beiträgen ähnlicher Länge.",
  similarInvalid: "Bitte gib Länge und Hashtags als ganze Zahlen an.",
} as const;

/** Why the switch is off (Sie): how many single posts with figures there are and how many are missing. */
export function tooFewExamplesMessage(postsWithFigures: number): string {
  const missing = Math.max(OWN_EXAMPLES_MIN - postsWithFigures, 0);
  const have =
    postsWithFigures === 0
      ? "bisher hat keiner Kennzahlen"
      : `bisher ${postsWithFigures === 1 ? "hat einer" : `haben ${formatCount(postsWithFigures)}`} Kennzahlen`;
  return `Dafür brauchen Sie mindestens ${OWN_EXAMPLES_MIN} gesendete Beiträge mit Kennzahlen (ohne Threads); ${have}, es ${missing === 1 ? "fehlt noch einer" : `fehlen noch ${missing}`}.`;
}

/** "3,4 % Interaktionsrate" where the network gives views, else the interactions. */
export function describeExampleFigure(example: Pick<OwnExample, "rate" | "interactions">): string {
  return example.rate !== null
    ? `${formatRate(example.rate)} Interaktionsrate`
    : postsWord(example.interactions, "Interaktion", "Interaktionen");
}
