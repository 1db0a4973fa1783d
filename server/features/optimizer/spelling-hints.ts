import { findXLinks, type TextRange } from "#shared/x-counting.ts";

// Offline German spelling hints (ADR 0007, "beyond the spec"): which words of a post a
// Hunspell dictionary does not know, and what they probably should be. Pure: the word list
// is handed in (german-word-list.ts loads the real one), so the rules are tested on their own.
//
// nspell's own suggest() takes up to half a second for one German word (its compound rules),
// so suggestions come from our own bounded search: every spelling one edit away from the
// word, checked with the fast correct(), ranked by how typos usually happen.

export type WordList = { correct: (word: string) => boolean };

export type SpellingIssue = {
  /** UTF-16 offsets into the checked text, end exclusive. */
  start: number;
  end: number;
  word: string;
  suggestions: string[];
};

type SuggestionTier = 0 | 1 | 2 | 3 | 4 | 5;
type RankedSuggestion = { word: string; tier: SuggestionTier };

export const SPELLING_LIMITS = {
  maxIssues: 50,
  /** Distinct words that get suggestions per request; the rest are only marked. */
  maxSuggestedWords: 8,
  maxSuggestions: 3,
  /** Longer words are skipped for suggestions (the search grows with the length). */
  maxSuggestedWordLength: 24,
  /** Suggestions stop once a request has spent this long on them. */
  suggestionBudgetMs: 30,
  /** At least this many checked words, more than half unknown: not German, no hints. */
  foreignTextMinWords: 6,
  foreignTextUnknownShare: 0.5,
  /** Compound parts must be this long, so a typo rarely splits into two "words". */
  compoundPartMinLength: 3,
} as const;

const WORD = /[\p{L}\p{M}\p{N}_]+/gu;
const HAS_DIGIT_OR_UNDERSCORE = /[\p{N}_]/u;
const UPPERCASE_LETTER = /\p{Lu}/u;
const LOWERCASE_LETTER = /\p{Ll}/u;
const ALPHABET = [..."abcdefghijklmnopqrstuvwxyzäöüß"];
// Tier 0: how German words are typed without umlauts and ß, and the old "daß".
const TRANSCRIPTIONS: Array<[string, string]> = [
  ["ae", "ä"],
  ["oe", "ö"],
  ["ue", "ü"],
  ["Ae", "Ä"],
  ["Oe", "Ö"],
  ["Ue", "Ü"],
  ["ss", "ß"],
  ["ß", "ss"],
];
// Neighbours on a German (QWERTZ) keyboard: a slip of the finger is a likelier typo.
const QWERTZ_ROWS = ["qwertzuiopü", "asdfghjklöä", "yxcvbnm"];

export function findSpellingIssues(
  text: string,
  words: WordList,
  options: { now?: () => number } = {},
): SpellingIssue[] {
  const now = options.now ?? (() => performance.now());
  const skipped = findSkippedRanges(text);
  const unknown: Array<{ start: number; end: number; word: string }> = [];
  let checked = 0;
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    const word = match[0];
    const end = start + word.length;
    if (!isCheckable(text, word, start, end, skipped)) continue;
    checked++;
    if (isKnownWord(word, words, text.charAt(end) === ".")) continue;
    unknown.push({ start, end, word });
  }
  // A post in English or French would be all red; the hints are for German posts.
  if (
    checked >= SPELLING_LIMITS.foreignTextMinWords &&
    unknown.length / checked > SPELLING_LIMITS.foreignTextUnknownShare
  ) {
    return [];
  }
  const started = now();
  const suggestionsByWord = new Map<string, string[]>();
  return unknown.slice(0, SPELLING_LIMITS.maxIssues).map(({ start, end, word }) => {
    let suggestions = suggestionsByWord.get(word);
    if (!suggestions) {
      const withinBudget =
        suggestionsByWord.size < SPELLING_LIMITS.maxSuggestedWords &&
        word.length <= SPELLING_LIMITS.maxSuggestedWordLength &&
        now() - started < SPELLING_LIMITS.suggestionBudgetMs;
      suggestions = withinBudget
        ? suggestCorrections(word, words)
            .slice(0, SPELLING_LIMITS.maxSuggestions)
            .map((suggestion) => suggestion.word)
        : [];
      suggestionsByWord.set(word, suggestions);
    }
    return { start, end, word, suggestions };
  });
}

export function isKnownWord(word: string, words: WordList, followedByDot = false): boolean {
  if (words.correct(word)) return true;
  // Abbreviations the dictionary lists with their dot: "bzw.", "usw.", "Nr.".
  if (followedByDot && words.correct(`${word}.`)) return true;
  // Any word may start a sentence: "Heute" is fine when "heute" is.
  if (isCapitalized(word) && words.correct(word.toLowerCase())) return true;
  return isCompound(word, words);
}

// German joins nouns freely ("Kaffeemaschinenreparatur"); the dictionary lists only the
// common compounds. Two or three known parts, the later ones as nouns or as written.
function isCompound(word: string, words: WordList, depth = 0): boolean {
  const min = SPELLING_LIMITS.compoundPartMinLength;
  for (let split = min; split <= word.length - min; split++) {
    const head = word.slice(0, split);
    if (!isKnownPart(head, words, depth === 0)) continue;
    const tail = capitalize(word.slice(split));
    if (isKnownPart(tail, words, false) || isKnownPart(word.slice(split), words, false)) return true;
    if (depth === 0 && isCompound(tail, words, 1)) return true;
  }
  return false;
}

function isKnownPart(part: string, words: WordList, first: boolean): boolean {
  if (words.correct(part)) return true;
  // "kunden|freundlich": a lower-case adjective may start with a noun.
  if (first && !isCapitalized(part) && words.correct(capitalize(part))) return true;
  // "Sonnen|schein" is "Sonne" plus a linking "n"/"s"/"es"/"en".
  for (const linking of ["s", "es", "n", "en"]) {
    if (part.length - linking.length >= SPELLING_LIMITS.compoundPartMinLength && part.endsWith(linking)) {
      const stem = part.slice(0, -linking.length);
      if (words.correct(stem) || (first && words.correct(capitalize(stem)))) return true;
    }
  }
  return false;
}

// Ranked candidates one edit (or one transcription) away, best first, each word once.
export function suggestCorrections(word: string, words: WordList): RankedSuggestion[] {
  const seen = new Set<string>([word]);
  const found: RankedSuggestion[] = [];
  const consider = (candidate: string, tier: SuggestionTier) => {
    if (seen.has(candidate) || candidate.length === 0) return;
    seen.add(candidate);
    if (words.correct(candidate)) {
      found.push({ word: candidate, tier });
      return;
    }
    // At a sentence start the lower-case word may be what is meant: "Gescrieben" -> "Geschrieben".
    if (isCapitalized(candidate) && words.correct(candidate.toLowerCase())) found.push({ word: candidate, tier });
  };
  for (const candidate of [word, ...transcriptionsOf(word)]) {
    consider(candidate, 0);
    // German nouns written in lower case: "muenchen" -> "München". (nspell accepts any
    // lower-case word capitalised, so only where the lower-case spelling is no word.)
    if (!isCapitalized(candidate) && !words.correct(candidate)) consider(capitalize(candidate), 0);
  }
  const letters = [...word];
  for (let index = 0; index + 1 < letters.length; index++) consider(joinSwapped(letters, index), 1);
  const keepCase = (index: number, letter: string) =>
    index === 0 && isCapitalized(word) ? letter.toUpperCase() : letter;
  for (let index = 0; index <= letters.length; index++) {
    for (const letter of ALPHABET) consider(spliceLetters(letters, index, 0, keepCase(index, letter)), 2);
  }
  for (let index = 0; index < letters.length; index++) {
    const candidate = spliceLetters(letters, index, 1, "");
    consider(index === 0 && isCapitalized(word) ? capitalize(candidate) : candidate, 3);
  }
  for (let index = 0; index < letters.length; index++) {
    const original = (letters[index] ?? "").toLowerCase();
    const neighbours = keyboardNeighbours(original);
    for (const letter of neighbours) consider(spliceLetters(letters, index, 1, keepCase(index, letter)), 4);
    for (const letter of ALPHABET) {
      if (letter !== original && !neighbours.includes(letter)) {
        consider(spliceLetters(letters, index, 1, keepCase(index, letter)), 5);
      }
    }
  }
  // Stable: within a tier the order of discovery (left to right) stays.
  return found.sort((first, second) => first.tier - second.tier);
}

// The best suggestion when it is clearly the one: alone in its tier, found by a likely
// kind of typo (transcription, swapped, missing or doubled letter). Used by the demo editor.
export function findConfidentCorrection(word: string, words: WordList): string | null {
  const [best, next] = suggestCorrections(word, words);
  if (!best || best.tier > 3) return null;
  if (next && next.tier === best.tier) return null;
  return best.word;
}

function isCheckable(text: string, word: string, start: number, end: number, skipped: TextRange[]): boolean {
  if ([...word].length < 2) return false;
  if (HAS_DIGIT_OR_UNDERSCORE.test(word)) return false;
  // Abbreviations ("KI", "SEO") and brand spellings ("iPhone", "LinkedIn").
  if (!LOWERCASE_LETTER.test(word)) return false;
  if (UPPERCASE_LETTER.test(word.slice(1))) return false;
  // Hashtags, mentions, cashtags and e-mail addresses.
  const before = text.charAt(start - 1);
  if (before === "#" || before === "@" || before === "$" || text.charAt(end) === "@") return false;
  return !skipped.some((range) => start < range.end && end > range.start);
}

// Links as X recognises them (with or without "https://"), and whatever follows "@" or "#".
function findSkippedRanges(text: string): TextRange[] {
  const ranges = findXLinks(text);
  for (const match of text.matchAll(/[@#$][\p{L}\p{M}\p{N}_.-]+/gu)) {
    ranges.push({ start: match.index, end: match.index + match[0].length });
  }
  return ranges;
}

function transcriptionsOf(word: string): string[] {
  let variants = [word];
  for (const [from, to] of TRANSCRIPTIONS) {
    const next = new Set(variants);
    for (const variant of variants) {
      if (!variant.includes(from)) continue;
      next.add(variant.split(from).join(to));
      let index = variant.indexOf(from);
      while (index !== -1) {
        next.add(variant.slice(0, index) + to + variant.slice(index + from.length));
        index = variant.indexOf(from, index + 1);
      }
    }
    variants = [...next].slice(0, 32);
  }
  return variants.filter((variant) => variant !== word);
}

function joinSwapped(letters: string[], index: number): string {
  const swapped = [...letters];
  const first = swapped[index] ?? "";
  swapped[index] = swapped[index + 1] ?? "";
  swapped[index + 1] = first;
  if (index === 0 && isCapitalized(letters.join(""))) {
    swapped[0] = (swapped[0] ?? "").toUpperCase();
    swapped[1] = (swapped[1] ?? "").toLowerCase();
  }
  return swapped.join("");
}

function spliceLetters(letters: string[], index: number, remove: number, insert: string): string {
  const copy = [...letters];
  copy.splice(index, remove, ...(insert ? [insert] : []));
  return copy.join("");
}

function keyboardNeighbours(letter: string): string[] {
  for (let row = 0; row < QWERTZ_ROWS.length; row++) {
    const keys = QWERTZ_ROWS[row] ?? "";
    const column = keys.indexOf(letter);
    if (column === -1) continue;
    const neighbours = [keys[column - 1], keys[column + 1]];
    // Staggered rows: the keys above sit at column and column+1, the keys below at column-1 and column.
    const above = QWERTZ_ROWS[row - 1];
    const below = QWERTZ_ROWS[row + 1];
    if (above) neighbours.push(above[column], above[column + 1]);
    if (below) neighbours.push(below[column - 1], below[column]);
    return neighbours.filter((key): key is string => typeof key === "string" && key !== "");
  }
  return [];
}

function isCapitalized(word: string): boolean {
  const first = word.charAt(0);
  return first !== first.toLowerCase() && first === first.toUpperCase();
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
