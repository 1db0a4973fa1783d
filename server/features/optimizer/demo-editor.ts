import {
  POST_LENGTH_MAX,
  POST_LENGTH_MIN,
  POST_SCORE_MAX,
  SENTENCE_ABBREVIATIONS,
  SENTENCE_LENGTH_MAX,
  WORD_COUNT_MAX,
} from "#shared/optimizer.ts";
import { computePostMetrics, evaluatePost, splitSentences } from "#shared/post-metrics.ts";
import { findXLinks } from "#shared/x-counting.ts";
import { CALLS_TO_ACTION, detectLanguage, type PostLanguage } from "./post-language.ts";
import { findConfidentCorrection, findSpellingIssues, type WordList } from "./spelling-hints.ts";

// The offline "Demo-Modus" editor (DESIGN.md "AI model", ADR 0007): what grammar check and
// improve do when no AI provider is configured. Deterministic and pure, so it is tested over
// many inputs. It keeps as much of the writer's own words as it can and invents nothing
// except, for a post that is too short, a call to action in the post's language.

// ---------------------------------------------------------------------------------------
// Grammar: obvious fixes only.

const GRAMMAR_MAX_SPELLING_FIXES = 20;

export function correctObviousMistakes(text: string, words: WordList): string {
  const language = detectLanguage(text);
  let corrected = text.replace(/[ \t]{2,}/g, " ");
  // "Hallo , Welt ." -> "Hallo, Welt." (French sets a space before ! ? ; : on purpose).
  const spaceBeforePunctuation = language === "fr" ? /[ \t]+([,.])(?=\s|$)/g : /[ \t]+([,.;:!?])(?=\s|$)/g;
  corrected = corrected.replace(spaceBeforePunctuation, "$1");
  corrected = fixConfidentSpelling(corrected, words);
  return capitalizeSentenceStarts(corrected);
}

function fixConfidentSpelling(text: string, words: WordList): string {
  const issues = findSpellingIssues(text, words).slice(0, GRAMMAR_MAX_SPELLING_FIXES);
  let fixed = text;
  // From the end, so earlier offsets stay valid.
  for (const issue of issues.reverse()) {
    const correction = findConfidentCorrection(issue.word, words);
    if (correction) fixed = fixed.slice(0, issue.start) + correction + fixed.slice(issue.end);
  }
  return fixed;
}

function capitalizeSentenceStarts(text: string): string {
  const links = findXLinks(text);
  let result = text;
  for (const sentence of splitSentences(text)) {
    const first = result.charAt(sentence.start);
    if (!/\p{Ll}/u.test(first)) continue;
    if (links.some((link) => sentence.start >= link.start && sentence.start < link.end)) continue;
    // "iPhone", "eBay": a lower-case start before a capital is a name, not a mistake.
    const firstWord = /^[\p{L}\p{M}]+/u.exec(result.slice(sentence.start))?.[0] ?? "";
    if (/\p{Lu}/u.test(firstWord.slice(1))) continue;
    result = result.slice(0, sentence.start) + first.toUpperCase() + result.slice(sentence.start + 1);
  }
  return result;
}

// ---------------------------------------------------------------------------------------
// Improve: bring the post closer to the six criteria (spec section 5) with rules that keep every
// sentence a sentence (ADR 0007, ADR 0069). Each output sentence is an input sentence, or one
// made from it by a rule named here: spacing and repeated marks tidied, extra "!" made ".",
// extra hashtags and mentions dropped or unmarked, an over-long sentence ended at a line break,
// a semicolon or a comma before a conjunction that starts a main clause ("…, und wir …"), or a
// call to action added to a short post. Whole sentences are dropped to fit, never cut. Every link,
// the first hashtag and the first mention stay. The result gets the score it gets; a post that
// already passes all six criteria comes back unchanged.

/** A split leaves at least this many characters before it, so no part is a stub. */
const SPLIT_PART_MIN_LENGTH = 12;

// A comma before one of these ends a main clause when a subject follows ("…, und wir zeigen …");
// before anything else ("klein, aber fein", "…, und freuen uns") it does not, so no split there.
const CLAUSE_CONJUNCTIONS = new Set(["und", "aber", "denn", "doch", "and", "but", "so"]);
const CLAUSE_SUBJECTS = new Set(
  [
    ...["ich", "du", "er", "sie", "es", "wir", "ihr", "man", "der", "die", "das", "ein", "eine", "dies", "diese"],
    ...["dieser", "dieses", "mein", "meine", "dein", "deine", "unser", "unsere", "euer", "eure"],
    ...["i", "you", "he", "she", "it", "we", "they", "this", "that", "there", "the", "my", "our", "your", "their"],
  ].map((word) => word.toLowerCase()),
);

export function fitPostToCriteria(original: string): string {
  const before = evaluatePost(original).score;
  if (before === POST_SCORE_MAX) return original;
  const { body, tail } = reduceTagsAndMentions(normalizeSpacing(original));
  const prepared = splitLongSentences(limitExclamations(body));
  const fitted = padWithCallsToAction(dropSentencesToFit(prepared, tail), tail, detectLanguage(original));
  // The rules only ever help a criterion; should a combination not, the writer's text stays.
  return evaluatePost(fitted).score >= before ? fitted : original;
}

function normalizeSpacing(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/ ([,.;:!?])(?=\s|$)/g, "$1")
    .replace(/[!?]*\?[!?]*/g, (marks) => (marks.length > 1 ? "?" : marks))
    .replace(/!{2,}/g, "!")
    .trim();
}

// One mention and one hashtag survive: the first of each. Other tags standing together
// ("@a @b Danke", "... #a #b #c") go; a tag inside a sentence keeps its word without the
// "#" or "@". A kept tag from the trailing block becomes the tail, so trimming keeps it. A "@" or
// "#" after a letter or digit ("anna@example.de", "C#") is no tag and stays as it is.
const PURE_TAG = /^[#@][\p{L}\p{M}\p{N}_]+$/u;

function reduceTagsAndMentions(text: string): { body: string; tail: string } {
  const links = findXLinks(text);
  const outsideLinks = (index: number) => !links.some((link) => index >= link.start && index < link.end);
  const isTagMarker = (index: number) => outsideLinks(index) && !/[\p{L}\p{M}\p{N}_]/u.test(text.charAt(index - 1));
  const firstMarker = (marker: string) => {
    for (let index = text.indexOf(marker); index !== -1; index = text.indexOf(marker, index + 1)) {
      if (isTagMarker(index)) return index;
    }
    return -1;
  };
  const kept = new Set([firstMarker("#"), firstMarker("@")]);
  const tokens = [...text.matchAll(/\S+/g)].map((match) => ({
    start: match.index,
    text: match[0],
    isTag: PURE_TAG.test(match[0]) && outsideLinks(match.index),
  }));
  let trailingStart = tokens.length;
  while (trailingStart > 0 && tokens[trailingStart - 1]?.isTag) trailingStart--;
  const bodyParts: string[] = [];
  const tailParts: string[] = [];
  tokens.forEach((token, index) => {
    const separator = index === 0 ? "" : text.slice(tokens[index - 1]?.start ?? 0, token.start).replace(/^\S+/, "");
    if (token.isTag) {
      const standsTogether =
        index === 0 || index === tokens.length - 1 || tokens[index - 1]?.isTag || tokens[index + 1]?.isTag;
      if (kept.has(token.start)) {
        if (index >= trailingStart) tailParts.push(token.text);
        else bodyParts.push(separator, token.text);
        return;
      }
      if (standsTogether) return;
    }
    let cleaned = "";
    for (let offset = 0; offset < token.text.length; offset++) {
      const character = token.text.charAt(offset);
      const position = token.start + offset;
      const isMarker = (character === "#" || character === "@") && isTagMarker(position);
      if (!isMarker || kept.has(position)) cleaned += character;
    }
    bodyParts.push(bodyParts.length === 0 ? "" : separator, cleaned);
  });
  return { body: bodyParts.join("").trim(), tail: tailParts.join(" ") };
}

function limitExclamations(text: string): string {
  return keepFirstOutsideLinks(text, "!", ".");
}

function keepFirstOutsideLinks(text: string, marker: string, replacement: string): string {
  const links = findXLinks(text);
  let seen = false;
  let result = "";
  for (let index = 0; index < text.length; index++) {
    const character = text.charAt(index);
    const insideLink = links.some((link) => index >= link.start && index < link.end);
    if (character !== marker || insideLink) {
      result += character;
      continue;
    }
    result += seen ? replacement : character;
    seen = true;
  }
  return result;
}

function splitLongSentences(text: string): string {
  let result = text;
  // Each round splits one sentence; the bound only guards against a rule that fails to.
  for (let round = 0; round < 40; round++) {
    const split = splitSentences(result)
      .filter((sentence) => sentence.length > SENTENCE_LENGTH_MAX)
      .map((sentence) => splitSentenceOnce(result, sentence.start, sentence.end))
      .find((candidate) => candidate !== null);
    if (!split) return result;
    result = split;
  }
  return result;
}

// Ends the sentence at the best place that keeps both parts sentences: one that leaves the first
// part within SENTENCE_LENGTH_MAX, then a line break before a semicolon before a comma with a
// conjunction, then the longest first part. A dot after a digit or an abbreviation would not end
// the sentence (spec section 5), so those places are skipped.
function splitSentenceOnce(text: string, start: number, end: number): string | null {
  let best: { index: number; fits: boolean; rank: number; length: number } | null = null;
  for (let index = start + 1; index < end; index++) {
    if (!/\s/.test(text.charAt(index))) continue;
    const length = [...text.slice(start, index).trimEnd()].length;
    if (length < SPLIT_PART_MIN_LENGTH) continue;
    const rank = rankSplit(text, start, index);
    if (rank === null) continue;
    const fits = length + 1 <= SENTENCE_LENGTH_MAX;
    const better =
      !best ||
      (fits && !best.fits) ||
      (fits === best.fits && (rank < best.rank || (rank === best.rank && length > best.length)));
    if (better) best = { index, fits, rank, length };
  }
  if (!best) return null;
  const before = text.slice(0, best.index).trimEnd();
  const after = text.slice(best.index);
  const ended = /[,;:]$/.test(before) ? `${before.slice(0, -1)}.` : `${before}.`;
  if (best.rank === 0) return ended + after;
  // A new sentence starts with a capital, unless it starts with a link or a name like "iPhone".
  return (
    ended +
    after.replace(/^(\s+)(\p{Ll})(?![\p{L}\p{M}]*\p{Lu})/u, (_, space: string, letter: string) => {
      return space + letter.toUpperCase();
    })
  );
}

function rankSplit(text: string, sentenceStart: number, index: number): number | null {
  const before = text.slice(sentenceStart, index).trimEnd();
  const last = before.charAt(before.length - 1);
  if (/[.!?\p{N}\-–—]/u.test(last)) return null;
  const lastWord = /[\p{L}\p{M}.]+$/u.exec(before)?.[0] ?? "";
  if ((SENTENCE_ABBREVIATIONS as readonly string[]).includes(lastWord)) return null;
  // A line that ends in a comma or colon leads into the next one: no sentence ends there.
  if (text.charAt(index) === "\n") return /[,;:]/.test(last) ? null : 0;
  if (last !== ";" && last !== ",") return null;
  // The mark becomes the dot, so the word before it must not be an abbreviation or a number either.
  const wordBeforeMark = /[\p{L}\p{M}.]+$/u.exec(before.slice(0, -1))?.[0] ?? "";
  if ((SENTENCE_ABBREVIATIONS as readonly string[]).includes(wordBeforeMark)) return null;
  if (/\p{N}$/u.test(before.slice(0, -1))) return null;
  if (last === ";") return 1;
  return startsMainClause(text.slice(index)) ? 2 : null;
}

function startsMainClause(rest: string): boolean {
  const [, conjunction = "", subject = ""] = /^\s+([\p{L}]+)\s+([\p{L}]+)/u.exec(rest) ?? [];
  return CLAUSE_CONJUNCTIONS.has(conjunction.toLowerCase()) && CLAUSE_SUBJECTS.has(subject.toLowerCase());
}

// Whole sentences from the first on, skipping those that would break the length or word limit.
// A sentence with a link or the kept hashtag or mention always stays; when those alone are too
// long, nothing is dropped, since dropping could not make the post fit.
function dropSentencesToFit(body: string, tail: string): string {
  const sentences = splitSentences(body).map((sentence, index, all) => ({
    text: sentence.text,
    gap: index === 0 ? "" : body.slice(all[index - 1]?.end ?? 0, sentence.start),
    required: findXLinks(sentence.text).length > 0 || /(^|[^\p{L}\p{N}_/])[#@][\p{L}\p{N}_]/u.test(sentence.text),
  }));
  const compose = (kept: boolean[]) => {
    const parts = sentences.filter((_, index) => kept[index]);
    return parts.map((part, index) => (index === 0 ? part.text : part.gap + part.text)).join("");
  };
  const fits = (text: string) => {
    const metrics = computePostMetrics(joinPost(text, "", tail));
    return metrics.adjustedLength <= POST_LENGTH_MAX && metrics.wordCount <= WORD_COUNT_MAX;
  };
  if (fits(body)) return body;
  const kept = sentences.map((sentence) => sentence.required);
  if (!fits(compose(kept))) return body;
  sentences.forEach((sentence, index) => {
    if (sentence.required) return;
    kept[index] = true;
    if (!fits(compose(kept))) kept[index] = false;
  });
  return compose(kept);
}

function padWithCallsToAction(body: string, tail: string, language: PostLanguage): string {
  const ended = endSentence(body);
  // "Seit 2026." or "bzw." ends no sentence (spec section 5): a call to action would join it.
  if (ended === null) return joinPost(body, "", tail);
  let additions = "";
  for (const callToAction of CALLS_TO_ACTION[language]) {
    const current = additions === "" ? joinPost(body, "", tail) : joinPost(ended, additions, tail);
    if (computePostMetrics(current).adjustedLength >= POST_LENGTH_MIN) break;
    const next = additions === "" ? callToAction : `${additions} ${callToAction}`;
    const metrics = computePostMetrics(joinPost(ended, next, tail));
    if (metrics.adjustedLength <= POST_LENGTH_MAX && metrics.wordCount <= WORD_COUNT_MAX) additions = next;
  }
  return additions === "" ? joinPost(body, "", tail) : joinPost(ended, additions, tail);
}

/** The text with its last sentence ended ("…Posts," gives "…Posts."), or null where no mark can end it. */
function endSentence(text: string): string | null {
  const ends = (candidate: string) =>
    candidate === "" || splitSentences(`${candidate} X`).length > splitSentences(candidate).length;
  if (ends(text)) return text;
  const trimmed = text.replace(/[\s,;:\-–—]+$/u, "");
  if (!/[.!?…]$/.test(trimmed)) return `${trimmed}.`;
  return ends(trimmed) ? trimmed : null;
}

function joinPost(text: string, additions: string, tail: string): string {
  return [text, additions, tail].filter((part) => part !== "").join(" ");
}
