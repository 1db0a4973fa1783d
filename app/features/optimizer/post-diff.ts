import { type ChangeObject, diffSentences, diffWordsWithSpace } from "diff";

/** One part of the comparison: kept, added or removed text. */
export type DiffPart = { value: string; added: boolean; removed: boolean };

/** How the comparison is cut: word by word for an edit, sentence by sentence for a rewrite. */
export type DiffGranularity = "word" | "sentence";

// ADR 0101: below this share of kept words a word diff alternates old and new words ("WirKleine
// habenTeams …") and nobody can read either text; whole sentences are compared instead.
const KEPT_WORDS_FOR_WORD_DIFF = 0.5;

const wordCount = (text: string) => text.match(/\S+/g)?.length ?? 0;

function toParts(changes: ChangeObject<string>[]): DiffPart[] {
  return changes.map((change) => ({ value: change.value, added: change.added, removed: change.removed }));
}

/**
 * The comparison of the writer's text with the AI's: by words when most words stay, by sentences
 * when most change (a rewrite), so each side stays readable.
 */
export function comparePosts(original: string, suggested: string): { granularity: DiffGranularity; parts: DiffPart[] } {
  const words = toParts(diffWordsWithSpace(original, suggested));
  const kept = words
    .filter((part) => !part.added && !part.removed)
    .reduce((sum, part) => sum + wordCount(part.value), 0);
  const longer = Math.max(wordCount(original), wordCount(suggested));
  if (longer === 0 || kept / longer >= KEPT_WORDS_FOR_WORD_DIFF) return { granularity: "word", parts: words };
  // Sentences stand on lines of their own, so the blanks between them are left out.
  const sentences = toParts(diffSentences(original, suggested)).filter((part) => part.value.trim() !== "");
  return { granularity: "sentence", parts: sentences };
}
