import { POST_LENGTH_MAX, POST_LENGTH_MIN, POST_SCORE_MAX, SENTENCE_ABBREVIATIONS } from "./optimizer.ts";
import { analyzePost, computePostMetrics, splitSentences } from "./post-metrics.ts";

// X threads in the optimizer (ADR 0064): one text holds the whole thread, its posts separated
// by blank lines or a line with only "---". Pure and isomorphic like post-metrics.ts, which
// measures and scores every post.

/** X refuses a post above this weighted length (links 23, emoji 2; ADR 0006). */
export const X_POST_WEIGHTED_MAX = 280;
/** The manual separator: a line holding nothing but this (three or more dashes). */
export const THREAD_SEPARATOR = "---";

export type ThreadPart = {
  /** The post without surrounding whitespace. */
  text: string;
  /** UTF-16 index of the post's first character in the whole text. */
  start: number;
};

export type ThreadPostAnalysis = ReturnType<typeof analyzePost> & {
  /** The post as X gets it: with its number when numbering is on. */
  text: string;
};

type ThreadEvaluation = {
  posts: ThreadPostAnalysis[];
  /** Posts that pass all six criteria. */
  passed: number;
  /** "4 von 5 Posts erfüllen alle Kriterien" */
  summary: string;
};

// A line that ends a post: empty, only spaces, or the separator.
const BOUNDARY_LINE = /^[ \t\r]*(?:-{3,}[ \t\r]*)?$/;
const TOKEN = /\S+/g;
const WORD_CHARACTER = /[\p{L}\p{M}\p{N}_]/u;
const ORDINAL_DOT = /\d\.$/;
// Every additional post costs a little, every post outside the target range (130–195) a lot,
// and each character away from it a little more: the split keeps posts in range where the
// sentences allow it, and otherwise uses as few posts as possible (ADR 0064).
const COST_PER_POST = 1;
const COST_OUTSIDE_TARGET = 1000;

/** The thread's posts with their place in `text`: split at blank lines and separator lines. */
export function splitThreadParts(text: string): ThreadPart[] {
  const parts: ThreadPart[] = [];
  let partStart = -1;
  let partEnd = -1;
  const closePart = () => {
    if (partStart < 0) return;
    const raw = text.slice(partStart, partEnd);
    const trimmed = raw.trim();
    if (trimmed) parts.push({ text: trimmed, start: partStart + raw.length - raw.trimStart().length });
    partStart = -1;
  };
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    if (BOUNDARY_LINE.test(text.slice(lineStart, lineEnd))) closePart();
    else {
      if (partStart < 0) partStart = lineStart;
      partEnd = lineEnd;
    }
    lineStart = lineEnd + 1;
  }
  closePart();
  return parts;
}

export function splitThread(text: string): string[] {
  return splitThreadParts(text).map((part) => part.text);
}

/**
 * One text for the editor, the clipboard and the AI: posts separated by a blank line. A blank
 * line inside a post (an AI answer, say) becomes a line break, so the split is kept.
 */
export function joinThread(posts: readonly string[]): string {
  return posts
    .map((post) => splitThread(post).join("\n"))
    .filter((post) => post !== "")
    .join("\n\n");
}

/** "Nummerierung 1/5": appended after a space; a single post gets no number (ADR 0064). */
export function numberThreadPosts(posts: readonly string[], numbering: boolean): string[] {
  if (!numbering || posts.length < 2) return [...posts];
  return posts.map((post, index) => `${post} ${index + 1}/${posts.length}`);
}

export function describeThreadScore(passed: number, total: number): string {
  const singular = total === 1 || passed === 1;
  return `${passed} von ${total} ${total === 1 ? "Post" : "Posts"} ${singular ? "erfüllt" : "erfüllen"} alle Kriterien`;
}

/** Each post (numbered if asked) with the six criteria of the single post, and the summary. */
export function evaluateThread(posts: readonly string[], numbering: boolean): ThreadEvaluation {
  const analyses = numberThreadPosts(posts, numbering).map((text) => ({ ...analyzePost(text), text }));
  const passed = analyses.filter((analysis) => analysis.score === POST_SCORE_MAX).length;
  return { posts: analyses, passed, summary: describeThreadScore(passed, analyses.length) };
}

/**
 * "Automatisch aufteilen": the text's sentences (spec section 5) packed into posts of at most
 * 280 weighted characters, numbering included, and of 130 to 195 where the sentences allow it.
 * Only a sentence too long for one post is split, between words; a break never falls inside a
 * link, mention, hashtag or number, nor after "Dr.", "z.B." and the spec's other abbreviations
 * or an ordinal such as "3." (ADR 0064).
 */
export function autoSplitThread(text: string, numbering: boolean): string[] {
  if (!numbering) return packUnits(collectUnits(text, X_POST_WEIGHTED_MAX), 0);
  // The number's width depends on the number of posts: reserve room for one digit each side,
  // and if that gives ten posts or more, split again with room for two.
  for (let digits = 1; ; digits++) {
    const reserve = ` ${"9".repeat(digits)}/${"9".repeat(digits)}`.length;
    const posts = packUnits(collectUnits(text, X_POST_WEIGHTED_MAX - reserve), reserve);
    if (posts.length < 10 ** digits) return posts;
  }
}

// A piece that stays whole: a sentence, or a word (group) of a sentence too long for a post.
type Unit = {
  text: string;
  /** The whitespace before it: as written inside a post, a space between posts. */
  gap: string;
  weight: number;
  gapWeight: number;
};

function weigh(text: string): number {
  return computePostMetrics(text).adjustedLength;
}

function makeUnit(text: string, gap: string): Unit {
  return { text, gap, weight: weigh(text), gapWeight: weigh(gap) };
}

function collectUnits(text: string, limit: number): Unit[] {
  const units: Unit[] = [];
  for (const part of splitThreadParts(text)) {
    let previousEnd = -1;
    for (const sentence of splitSentences(part.text)) {
      // Between two posts (or paragraphs) a space: splitting a split thread again, with numbering
      // switched on say, gives the same posts as splitting the text it came from.
      const gap = previousEnd < 0 ? " " : part.text.slice(previousEnd, sentence.start);
      previousEnd = sentence.end;
      if (weigh(sentence.text) <= limit) {
        units.push(makeUnit(sentence.text, gap));
        continue;
      }
      for (const [index, piece] of splitBetweenWords(sentence.text, limit).entries()) {
        units.push(makeUnit(piece.text, index === 0 ? gap : piece.gap));
      }
    }
  }
  if (units[0]) units[0] = makeUnit(units[0].text, "");
  return units;
}

// Words of a sentence as pieces with the whitespace before them; a word that must not end a
// post takes the next one with it.
function splitBetweenWords(sentence: string, limit: number): { text: string; gap: string }[] {
  const pieces: { text: string; gap: string }[] = [];
  let previousEnd = 0;
  for (const match of sentence.matchAll(TOKEN)) {
    const gap = sentence.slice(previousEnd, match.index);
    previousEnd = match.index + match[0].length;
    const last = pieces.at(-1);
    if (last && mustNotEndPost(last.text)) last.text += gap + match[0];
    else pieces.push({ text: match[0], gap });
  }
  return pieces.flatMap((piece) =>
    weigh(piece.text) <= limit ? [piece] : splitIntoGraphemes(piece.text, limit, piece.gap),
  );
}

function mustNotEndPost(word: string): boolean {
  if (ORDINAL_DOT.test(word)) return true;
  if (!word.endsWith(".")) return false;
  const dotIndex = word.length - 1;
  return SENTENCE_ABBREVIATIONS.some((abbreviation) => {
    if (!word.endsWith(abbreviation, dotIndex)) return false;
    const wordStart = dotIndex - abbreviation.length;
    return wordStart === 0 || !WORD_CHARACTER.test(word.charAt(wordStart - 1));
  });
}

// Last resort for one "word" longer than a post (no link: X counts those 23): cut between
// characters as the reader sees them, never inside an emoji.
function splitIntoGraphemes(word: string, limit: number, gap: string): { text: string; gap: string }[] {
  const pieces: { text: string; gap: string }[] = [];
  let current = "";
  for (const { segment } of new Intl.Segmenter("de", { granularity: "grapheme" }).segment(word)) {
    if (current && weigh(current + segment) > limit) {
      pieces.push({ text: current, gap: pieces.length === 0 ? gap : "" });
      current = "";
    }
    current += segment;
  }
  if (current) pieces.push({ text: current, gap: pieces.length === 0 ? gap : "" });
  return pieces;
}

function postCost(weight: number): number {
  if (weight < POST_LENGTH_MIN) return COST_PER_POST + COST_OUTSIDE_TARGET + POST_LENGTH_MIN - weight;
  if (weight > POST_LENGTH_MAX) return COST_PER_POST + COST_OUTSIDE_TARGET + weight - POST_LENGTH_MAX;
  return COST_PER_POST;
}

// The cheapest split of the units into consecutive posts (dynamic programming over where each
// post starts). X's weighted length adds up over pieces separated by whitespace, so a post's
// weight is the sum of its pieces and gaps.
function packUnits(units: Unit[], reserve: number): string[] {
  const cheapest = [0];
  const postStart = [0];
  for (let end = 1; end <= units.length; end++) {
    cheapest[end] = Number.POSITIVE_INFINITY;
    let weight = reserve;
    for (let start = end - 1; start >= 0; start--) {
      const unit = units[start] as Unit;
      weight += unit.weight + (start < end - 1 ? (units[start + 1] as Unit).gapWeight : 0);
      // A single unit always fits: collectUnits cut every unit to the limit.
      if (weight > X_POST_WEIGHTED_MAX && start < end - 1) break;
      const cost = (cheapest[start] as number) + postCost(weight);
      if (cost < (cheapest[end] as number)) {
        cheapest[end] = cost;
        postStart[end] = start;
      }
    }
  }
  const posts: string[] = [];
  for (let end = units.length; end > 0; ) {
    const start = postStart[end] as number;
    const [first, ...rest] = units.slice(start, end) as [Unit, ...Unit[]];
    posts.unshift(first.text + rest.map((unit) => unit.gap + unit.text).join(""));
    end = start;
  }
  return posts;
}
