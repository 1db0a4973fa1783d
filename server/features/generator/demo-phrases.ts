import type { Language, Tone } from "#shared/generator.ts";
import phrases from "./demo-phrases.json" with { type: "json" };

// The demo composer's words (ADR 0012, ADR 0062, ADR 0065): leads, closers, hashtags and
// thread bridges for each language and tone. Kept apart from the composer's rules so either
// can be read without scrolling past the other.

/** Three variants, one for each suggestion of a run (a test checks every list has three). */
type Three = readonly string[];

export type Phrases = {
  /**
   * Three leads per tone, each complete on its own and ending in a colon: what follows stands
   * as its own unit (ADR 0062), so no user text is ever spliced into a template sentence.
   */
  leads: Record<Tone, Three>;
  /** Three closing lines per tone (a question or a call to action). */
  closers: Record<Tone, Three>;
  /**
   * What follows the lead where the user's words cannot: the demo cannot translate, so a post
   * in another language than the key points' German says what a model would write there.
   * null in German, where the user's own words follow.
   */
  templateNote: string | null;
  /** Hashtags when the key points give too few nouns. */
  fallbackTags: string[];
  /** ADR 0065: a thread's middle post where the key points give too few, complete on its own. */
  threadBridges: Three;
};

// The words are data (demo-phrases.json), one block of the same shape per language; the
// composer's rules stay in demo-composer.ts.
export const PHRASES: Record<Language, Phrases> = phrases;

/**
 * German words that are capitalised only because they begin a sentence, or that say nothing
 * as a hashtag: never a hashtag (ADR 0062). Lower case; compared with the word lower-cased.
 */
export const HASHTAG_STOP_WORDS = new Set([
  ...["der", "die", "das", "den", "dem", "des", "ein", "eine", "einer", "einen", "einem", "eines"],
  ...["ich", "du", "er", "sie", "es", "wir", "ihr", "uns", "euch", "ihnen", "man", "mich", "dich"],
  ...["mein", "meine", "dein", "deine", "sein", "seine", "unser", "unsere", "unseren", "unserem", "euer", "eure"],
  ...["ihre", "ihren", "ihrem", "dieser", "diese", "dieses", "jeder", "jede", "jedes", "jeden", "alle", "allen"],
  ...["und", "oder", "aber", "denn", "doch", "sondern", "weil", "wenn", "dass", "als", "wie", "auch", "noch"],
  ...["mit", "für", "von", "vom", "bei", "beim", "aus", "nach", "seit", "zum", "zur", "über", "unter", "ohne"],
  ...["heute", "morgen", "jetzt", "hier", "dort", "bald", "schon", "immer", "endlich", "wieder", "gerne", "gern"],
  ...["neu", "neue", "neuer", "neues", "neuen", "mehr", "viel", "viele", "ganz", "sehr", "nur", "kein", "keine"],
  ...["ist", "sind", "war", "hat", "haben", "wird", "werden", "gibt", "kommt", "kommen", "suchen", "sucht"],
  ...["feiert", "feiern", "bietet", "bieten", "startet", "starten", "macht", "machen", "freuen", "freut"],
  ...["achtung", "hallo", "liebe", "lieber", "danke", "bitte", "willkommen"],
]);
