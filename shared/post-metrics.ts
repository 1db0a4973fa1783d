import {
  MAX_EXCLAMATIONS,
  MAX_HASHTAGS,
  MAX_MENTIONS,
  POST_LENGTH_MAX,
  POST_LENGTH_MIN,
  SENTENCE_ABBREVIATIONS,
  SENTENCE_LENGTH_MAX,
  WORD_COUNT_MAX,
} from "./optimizer.ts";
import {
  findEmojiSequenceEnd,
  findXLinks,
  hasSingleWeight,
  type TextRange,
  weighNormalizedText,
  xWeightedLength,
} from "./x-counting.ts";

// Post metrics, the six optimizer criteria and the editor highlights of the X-post optimizer
// (spec sections 3, 5 and 9; ADR 0006). Pure and isomorphic: the browser runs it on every
// keystroke, so one call parses the text once and reuses the result.

// X's weighted length lives with X's other counting rules (ADR 0063); it is offered here too
// because the optimizer's metrics are where callers look for it.
export { xWeightedLength };

const POST_CRITERION_IDS = ["length", "mentions", "hashtags", "exclamations", "sentenceLength", "words"] as const;
export type PostCriterionId = (typeof POST_CRITERION_IDS)[number];

export type PostMetrics = {
  /** Unicode code points: "😀" and "€" are 1, a flag is 2 (ADR 0006). */
  length: number;
  /** X's weighted length (`xWeightedLength`): links 23, every emoji 2, characters outside the single-weight ranges 2. */
  adjustedLength: number;
  startsWithMention: boolean;
  mentionCount: number;
  hashtagCount: number;
  exclamationCount: number;
  /** Code points of the longest trimmed sentence. */
  longestSentenceLength: number;
  linkCount: number;
  /** Whitespace-separated words, links excluded. */
  wordCount: number;
};

type PostSentence = {
  /** The sentence without surrounding whitespace, including its final ".", "!" or "?". */
  text: string;
  /** UTF-16 index of the first character in the original text. */
  start: number;
  /** UTF-16 index after the last character (exclusive). */
  end: number;
  /** Code points. */
  length: number;
};

export type PostCriterionResult = {
  id: PostCriterionId;
  passed: boolean;
  /** 0 to 100, whole numbers; 100 exactly when passed (ADR 0006). */
  percent: number;
  /** The measured value the criterion looks at (adjusted length, count or sentence length). */
  value: number;
};

type PostCriteriaResult = {
  /** In the order of the spec's table (section 5). */
  criteria: PostCriterionResult[];
  /** Number of criteria passed, 0 to 6. */
  score: number;
};

type PostEvaluation = PostCriteriaResult & { metrics: PostMetrics };

export type PostHighlightKind = "longSentence" | "extraHashtag" | "extraMention" | "extraExclamation" | "doubleWeight";

export type PostHighlight = {
  /** UTF-16 indices in the original text, end exclusive, as a textarea's selection uses them. */
  start: number;
  end: number;
  kind: PostHighlightKind;
};

type PostAnalysis = PostEvaluation & { highlights: PostHighlight[] };

type ParsedPost = {
  text: string;
  links: TextRange[];
  sentences: PostSentence[];
  metrics: PostMetrics;
};

const CHAR_SPACE = 0x20;
const CHAR_LINE_FEED = 0x0a;
const CHAR_CARRIAGE_RETURN = 0x0d;
const CHAR_DOT = 0x2e;
const CHAR_EXCLAMATION = 0x21;
const CHAR_QUESTION = 0x3f;
const CHAR_AT = 0x40;
const CHAR_HASH = 0x23;
const CHAR_ZERO = 0x30;
const CHAR_NINE = 0x39;

const WORD_CHARACTER = /[\p{L}\p{M}\p{N}_]/u;
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
// The word after "#" or "@" that an extra hashtag or mention highlight covers.
const TAG_WORD = /[\p{L}\p{M}\p{N}_]*/uy;

export function splitSentences(text: string): PostSentence[] {
  const sentences: PostSentence[] = [];
  let sentenceStart = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code !== CHAR_DOT && code !== CHAR_EXCLAMATION && code !== CHAR_QUESTION) continue;
    // Spec section 5: a sentence ends at ".", "!" or "?" followed by a space or a newline;
    // the end of the text ends the last sentence anyway.
    if (index + 1 < text.length && !isSentenceGap(text.charCodeAt(index + 1))) continue;
    if (code === CHAR_DOT && isNonBreakingDot(text, index)) continue;
    pushSentence(text, sentenceStart, index + 1, sentences);
    sentenceStart = index + 1;
  }
  pushSentence(text, sentenceStart, text.length, sentences);
  return sentences;
}

export function computePostMetrics(text: string): PostMetrics {
  return parsePost(text).metrics;
}

export function evaluateCriteria(metrics: PostMetrics): PostCriteriaResult {
  // ADR 0101: a post without a word or a link has nothing to judge; it scores 0 of 6, not the 5 of
  // six upper limits an empty text trivially keeps.
  if (isEmptyPost(metrics)) {
    return { criteria: POST_CRITERION_IDS.map((id) => ({ id, passed: false, percent: 0, value: 0 })), score: 0 };
  }
  const criteria: PostCriterionResult[] = [
    evaluateLength(metrics.adjustedLength),
    evaluateUpperLimit("mentions", metrics.mentionCount, MAX_MENTIONS),
    evaluateUpperLimit("hashtags", metrics.hashtagCount, MAX_HASHTAGS),
    evaluateUpperLimit("exclamations", metrics.exclamationCount, MAX_EXCLAMATIONS),
    evaluateUpperLimit("sentenceLength", metrics.longestSentenceLength, SENTENCE_LENGTH_MAX),
    evaluateUpperLimit("words", metrics.wordCount, WORD_COUNT_MAX),
  ];
  let score = 0;
  for (const criterion of criteria) if (criterion.passed) score++;
  return { criteria, score };
}

/** Whether a post has nothing to judge: no word and no link (only blanks, or nothing). */
export function isEmptyPost(metrics: PostMetrics): boolean {
  return metrics.wordCount === 0 && metrics.linkCount === 0;
}

export function evaluatePost(text: string): PostEvaluation {
  const { metrics } = parsePost(text);
  return { metrics, ...evaluateCriteria(metrics) };
}

export function findPostHighlights(text: string): PostHighlight[] {
  return collectHighlights(parsePost(text));
}

// Everything the optimizer shows for one text, from a single parse (for the editor).
export function analyzePost(text: string): PostAnalysis {
  const parsed = parsePost(text);
  return { metrics: parsed.metrics, ...evaluateCriteria(parsed.metrics), highlights: collectHighlights(parsed) };
}

function parsePost(text: string): ParsedPost {
  // Links are the ones X itself recognises, with or without "https://" (ADR 0006).
  const links = findXLinks(text);
  const sentences = splitSentences(text);
  let longestSentenceLength = 0;
  for (const sentence of sentences) longestSentenceLength = Math.max(longestSentenceLength, sentence.length);
  const counts = countMarkersOutsideLinks(text, links);
  const metrics: PostMetrics = {
    length: countCodePoints(text, 0, text.length),
    // Typed text is nearly always in NFC already; X's count then reuses the links found above.
    adjustedLength: text.normalize("NFC") === text ? weighNormalizedText(text, links) : xWeightedLength(text),
    startsWithMention: text.trimStart().startsWith("@"),
    mentionCount: counts.mentions,
    hashtagCount: counts.hashtags,
    exclamationCount: counts.exclamations,
    longestSentenceLength,
    linkCount: links.length,
    wordCount: countWords(text, links),
  };
  return { text, links, sentences, metrics };
}

function evaluateLength(adjustedLength: number): PostCriterionResult {
  const passed = adjustedLength >= POST_LENGTH_MIN && adjustedLength <= POST_LENGTH_MAX;
  let percent = 100;
  // ADR 0006: how far the text is from the target range, as a share of it.
  if (adjustedLength < POST_LENGTH_MIN) percent = Math.floor((adjustedLength * 100) / POST_LENGTH_MIN);
  else if (adjustedLength > POST_LENGTH_MAX) percent = Math.floor((POST_LENGTH_MAX * 100) / adjustedLength);
  return { id: "length", passed, percent, value: adjustedLength };
}

function evaluateUpperLimit(id: PostCriterionId, value: number, limit: number): PostCriterionResult {
  const passed = value <= limit;
  // ADR 0006: limit / value, so two hashtags where one is allowed give 50 %. Integer
  // arithmetic first keeps a ratio such as 1 / 2 from landing on 49.999...
  const percent = passed ? 100 : Math.floor((limit * 100) / value);
  return { id, passed, percent, value };
}

// ADR 0006: "@", "#" and "!" inside a link (a URL's "#anchor", a "/@name" path) are part of
// the link, which X counts as 23 characters, and not something the writer can change.
function countMarkersOutsideLinks(text: string, links: TextRange[]) {
  let mentions = 0;
  let hashtags = 0;
  let exclamations = 0;
  let linkIndex = 0;
  for (let index = 0; index < text.length; index++) {
    let link = links[linkIndex];
    while (link !== undefined && index >= link.end) link = links[++linkIndex];
    if (link !== undefined && index >= link.start) {
      index = link.end - 1;
      continue;
    }
    const code = text.charCodeAt(index);
    if (code === CHAR_AT) mentions++;
    else if (code === CHAR_HASH) hashtags++;
    else if (code === CHAR_EXCLAMATION) exclamations++;
  }
  return { mentions, hashtags, exclamations };
}

// Spec section 3: words are separated by whitespace and links are not words. Where a link
// is glued to other characters ("(https://…)", "Link:https://…"), the rest counts as a word
// only if it has a letter or a digit, so brackets and colons around a link do not.
function countWords(text: string, links: TextRange[]): number {
  let words = 0;
  let linkIndex = 0;
  let index = 0;
  while (index < text.length) {
    while (index < text.length && isWhitespace(text.charCodeAt(index))) index++;
    if (index >= text.length) break;
    const tokenStart = index;
    while (index < text.length && !isWhitespace(text.charCodeAt(index))) index++;
    let link = links[linkIndex];
    while (link !== undefined && link.end <= tokenStart) link = links[++linkIndex];
    if (link === undefined || link.start >= index) {
      words++;
      continue;
    }
    let pieceStart = tokenStart;
    while (link !== undefined && link.start < index) {
      if (hasLetterOrNumber(text, pieceStart, link.start)) words++;
      pieceStart = link.end;
      link = links[++linkIndex];
    }
    if (hasLetterOrNumber(text, pieceStart, index)) words++;
  }
  return words;
}

function hasLetterOrNumber(text: string, start: number, end: number): boolean {
  return start < end && LETTER_OR_NUMBER.test(text.slice(start, end));
}

function isNonBreakingDot(text: string, dotIndex: number): boolean {
  const previous = text.charCodeAt(dotIndex - 1);
  // Spec section 5: no break after a digit ("3. Mai", "Version 2. Danach").
  if (previous >= CHAR_ZERO && previous <= CHAR_NINE) return true;
  for (const abbreviation of SENTENCE_ABBREVIATIONS) {
    if (!text.endsWith(abbreviation, dotIndex)) continue;
    const wordStart = dotIndex - abbreviation.length;
    if (wordStart === 0 || !WORD_CHARACTER.test(text.charAt(wordStart - 1))) return true;
  }
  return false;
}

function pushSentence(text: string, start: number, end: number, sentences: PostSentence[]) {
  let trimmedStart = start;
  let trimmedEnd = end;
  while (trimmedStart < trimmedEnd && isWhitespace(text.charCodeAt(trimmedStart))) trimmedStart++;
  while (trimmedEnd > trimmedStart && isWhitespace(text.charCodeAt(trimmedEnd - 1))) trimmedEnd--;
  if (trimmedStart === trimmedEnd) return;
  sentences.push({
    text: text.slice(trimmedStart, trimmedEnd),
    start: trimmedStart,
    end: trimmedEnd,
    length: countCodePoints(text, trimmedStart, trimmedEnd),
  });
}

function collectHighlights(parsed: ParsedPost): PostHighlight[] {
  const { text, links, sentences } = parsed;
  const highlights: PostHighlight[] = [];
  // Every sentence over the limit, not only the longest: the criterion fails until all of
  // them are shortened, so the writer sees all of the work at once (ADR 0006).
  for (const sentence of sentences) {
    if (sentence.length > SENTENCE_LENGTH_MAX) {
      highlights.push({ start: sentence.start, end: sentence.end, kind: "longSentence" });
    }
  }
  let mentionSeen = false;
  let hashtagSeen = false;
  let exclamationSeen = false;
  let linkIndex = 0;
  let index = 0;
  while (index < text.length) {
    let link = links[linkIndex];
    while (link !== undefined && index >= link.end) link = links[++linkIndex];
    if (link !== undefined && index >= link.start) {
      index = link.end;
      continue;
    }
    const code = text.charCodeAt(index);
    if (code === CHAR_HASH || code === CHAR_AT) {
      const isHashtag = code === CHAR_HASH;
      if (isHashtag ? hashtagSeen : mentionSeen) {
        const end = findTagWordEnd(text, index + 1);
        highlights.push({ start: index, end, kind: isHashtag ? "extraHashtag" : "extraMention" });
        index = end;
        continue;
      }
      if (isHashtag) hashtagSeen = true;
      else mentionSeen = true;
    } else if (code === CHAR_EXCLAMATION) {
      if (exclamationSeen) highlights.push({ start: index, end: index + 1, kind: "extraExclamation" });
      exclamationSeen = true;
    }
    // An emoji with its skin tone, VS16, keycap, tags or ZWJ partners is one highlight, as X
    // counts it once (ADR 0063).
    const emojiEnd = findEmojiSequenceEnd(text, index);
    if (emojiEnd !== -1) {
      highlights.push({ start: index, end: emojiEnd, kind: "doubleWeight" });
      index = emojiEnd;
      continue;
    }
    const codePoint = text.codePointAt(index) ?? code;
    const end = index + (codePoint > 0xffff ? 2 : 1);
    if (!hasSingleWeight(codePoint)) highlights.push({ start: index, end, kind: "doubleWeight" });
    index = end;
  }
  highlights.sort((first, second) => first.start - second.start);
  return highlights;
}

function findTagWordEnd(text: string, start: number): number {
  TAG_WORD.lastIndex = start;
  return TAG_WORD.exec(text) === null ? start : TAG_WORD.lastIndex;
}

function isSentenceGap(code: number): boolean {
  // "\r" belongs to a Windows line break.
  return code === CHAR_SPACE || code === CHAR_LINE_FEED || code === CHAR_CARRIAGE_RETURN;
}

// The characters String.prototype.trim() and /\s/ treat as whitespace.
function isWhitespace(code: number): boolean {
  if (code <= CHAR_SPACE) return code === CHAR_SPACE || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function countCodePoints(text: string, start: number, end: number): number {
  let count = 0;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    // A high surrogate followed by a low one is a single character.
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < end) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
    }
    count++;
  }
  return count;
}
