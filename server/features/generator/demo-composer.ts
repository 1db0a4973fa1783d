import { type Language, type Platform, POSTS_PER_GENERATION, THREAD_POSTS_MAX, type Tone } from "#shared/generator.ts";
import { NETWORKS } from "#shared/networks.ts";
import { POST_LENGTH_MAX } from "#shared/optimizer.ts";
import { computePostMetrics } from "#shared/post-metrics.ts";
import { HASHTAG_STOP_WORDS, PHRASES } from "./demo-phrases.ts";

// The offline demo composer (DESIGN.md "AI model: offline demo composer, clearly labelled
// Demo-Modus"; ADR 0012, ADR 0062). Without an AI provider it writes three example posts from
// templates: in the chosen language, in the tone's register, shaped for the network (length,
// line breaks, hashtag style). The user's words are never spliced into a template sentence:
// each key point stands as its own unit (a headline, a quote, after a colon), so the German
// stays grammatical whatever is typed. Deterministic, so tests and screenshots are stable.

const EMOJI: Record<Tone, [string, string, string]> = {
  friendly: ["🙂", "☀️", "💬"],
  formal: ["", "", ""],
  humorous: ["😄", "☕", "🙈"],
  exaggerated_marketing: ["🚀", "🔥", "💥"],
};

const BULLET: Record<Exclude<Platform, "twitter">, string> = { facebook: "", instagram: "✨ ", linkedin: "• " };
const HASHTAG_COUNT: Record<Platform, number> = { facebook: 2, instagram: 6, linkedin: 3, twitter: 1 };
/** The variant whose first key point stands as a quote; the others show it as a headline. */
const QUOTED_VARIANT = 1;
/** X's hard limit for each post of a thread (weighted, ADR 0006); single posts aim at POST_LENGTH_MAX. */
const X_POST_MAX = NETWORKS.x.maxLength;

type DemoRequest = { platform: Platform; tone: Tone; language: Language; keyPoints: string };
type Variant = 0 | 1 | 2;

/** What all three suggestions of a run are made of: the user's units and the language's words. */
function demoMaterial(language: Language, keyPoints: string, hashtagCount: number) {
  const phrases = PHRASES[language];
  // The key points are German (the product's language) and the demo cannot translate, so a
  // post in another language carries the template's note instead of them (ADR 0062).
  const points = phrases.templateNote === null ? splitKeyPoints(keyPoints) : [];
  const [topic = phrases.templateNote ?? keyPoints.trim(), ...details] = points.map(capitalize);
  const tags = buildHashtags(points, phrases.fallbackTags, hashtagCount);
  return { phrases, points, topic, details, tags };
}

/** One suggestion's parts: its lead and closer in the tone, its headline, its details' order. */
function variantOf(material: ReturnType<typeof demoMaterial>, tone: Tone, variant: Variant) {
  const { phrases, points, topic, details } = material;
  // Each variant leads with other details, so the three posts do not read alike.
  const shift = details.length > 0 ? variant % details.length : 0;
  return {
    emoji: EMOJI[tone][variant],
    lead: phrases.leads[tone][variant] ?? "",
    closer: phrases.closers[tone][variant] ?? "",
    headline: variant === QUOTED_VARIANT && points.length > 0 ? `„${topic}“` : topic,
    details: [...details.slice(shift), ...details.slice(0, shift)],
  };
}

const VARIANTS: Variant[] = Array.from({ length: POSTS_PER_GENERATION }, (_, index) => index as Variant);

export function composeDemoPosts({ platform, tone, language, keyPoints }: DemoRequest): string[] {
  const material = demoMaterial(language, keyPoints, HASHTAG_COUNT[platform]);
  return VARIANTS.map((variant) => {
    const { emoji, lead, closer, headline, details } = variantOf(material, tone, variant);
    if (platform === "twitter") return composeForX(lead, headline, details, closer, material.tags[0] ?? "");
    return joinLines([
      emoji ? `${emoji} ${lead}` : lead,
      headline,
      "",
      ...details.map((point) => `${BULLET[platform]}${point}`),
      "",
      closer,
      "",
      material.tags.join(" "),
    ]);
  });
}

/**
 * ADR 0065: three X threads of THREAD_POSTS_MIN to THREAD_POSTS_MAX posts. The lead and the
 * headline open, each detail is a post of its own, the closer and the hashtag end; where the
 * key points give too few details (or none: another language than German), a bridge of the
 * language's own words fills the middle. Every post fits X's 280 weighted characters.
 */
export function composeDemoThreads({ tone, language, keyPoints }: Omit<DemoRequest, "platform">): string[][] {
  const material = demoMaterial(language, keyPoints, HASHTAG_COUNT.twitter);
  const middleMax = THREAD_POSTS_MAX - 2;
  return VARIANTS.map((variant) => {
    const { emoji, lead, closer, headline, details } = variantOf(material, tone, variant);
    const bridge = material.phrases.threadBridges[variant] ?? "";
    const middle = details.slice(0, middleMax).map(asSentence);
    // The second variant opens its middle with the bridge, the third ends with it: three threads of different shape.
    if (middle.length === 0 || (variant === 1 && middle.length < middleMax)) middle.unshift(bridge);
    else if (variant === 2 && middle.length < middleMax) middle.push(bridge);
    const threadMark = emoji ? " 🧵" : "";
    const posts = [`${lead} ${asSentence(headline)}${threadMark}`, ...middle, `${closer} ${material.tags[0] ?? ""}`];
    return posts.map((post) => fitX(limitExclamations(post.trim())));
  });
}

function fitsX(text: string): boolean {
  return computePostMetrics(text).adjustedLength <= X_POST_MAX;
}

/** A post too long for X is cut at a word and marked as cut; an opened quote is closed again. */
function fitX(text: string): string {
  if (fitsX(text)) return text;
  let cut = text.slice(0, X_POST_MAX);
  for (;;) {
    cut = cut.replace(/\s*\S*$/, "");
    const closingQuote = cut.lastIndexOf("„") > cut.lastIndexOf("“") ? "“" : "";
    const candidate = `${cut}…${closingQuote}`;
    if (fitsX(candidate) || cut === "") return candidate;
  }
}

function composeForX(lead: string, headline: string, details: string[], closer: string, tag: string): string {
  // The lead ends in a colon, so the headline follows it; every detail is a sentence of its own.
  const candidates = [
    [lead, ...[headline, ...details].map(asSentence), closer, tag],
    [lead, ...[headline, ...details.slice(0, 1)].map(asSentence), closer, tag],
    [lead, asSentence(headline), closer, tag],
    [lead, asSentence(headline), tag],
  ];
  for (const parts of candidates) {
    const text = limitExclamations(parts.filter(Boolean).join(" "));
    if (computePostMetrics(text).adjustedLength <= POST_LENGTH_MAX) return text;
  }
  // A headline too long for X is cut at a word and marked as cut.
  const room = POST_LENGTH_MAX - lead.length - tag.length - 4;
  const cut = headline.slice(0, room).replace(/\s+\S*$/, "");
  const closingQuote = headline.startsWith("„") ? "“" : "";
  return limitExclamations(`${lead} ${cut}…${closingQuote} ${tag}`.trim());
}

/** One exclamation mark at most (the optimizer's criteria): later ones become full stops. */
function limitExclamations(text: string): string {
  let seen = false;
  return text.replace(/!/g, () => {
    if (seen) return ".";
    seen = true;
    return "!";
  });
}

/** A unit in running text ends like a sentence; one that does already (also inside its quote) stays. */
function asSentence(unit: string): string {
  return /[.!?…\p{Extended_Pictographic}]“?$/u.test(unit) ? unit : `${unit}.`;
}

/**
 * Key points as the user typed them: separated by line breaks, semicolons, bullets or " - ";
 * a piece with sentences is split into them, a piece without at its commas. The case stays as
 * typed, since it tells the nouns (hashtags) apart; the composer capitalises each shown point.
 */
export function splitKeyPoints(keyPoints: string): string[] {
  return keyPoints
    .split(/[\n;•]+|\s+-\s+/)
    .flatMap((piece) => {
      const sentences = piece.split(SENTENCE_END);
      return sentences.length > 1 ? sentences : piece.split(",");
    })
    .map((point) =>
      point
        .trim()
        .replace(/^[-*–]+\s*/, "")
        .replace(/[\s,.:]+$/, ""),
    )
    .filter((point) => /[\p{L}\p{N}]/u.test(point));
}

// After "!" or "?", or after a full stop that ends a word of four letters or more (so "5.
// Geburtstag", "Dr. Weber" and "z. B." are not sentence ends), before a capital letter.
const SENTENCE_END = /(?<=[!?]|\p{L}\p{Ll}{3}\.)\s+(?=[\p{Lu}\p{Extended_Pictographic}])/u;

function buildHashtags(points: string[], fallback: string[], count: number): string[] {
  // The longest nouns are usually the most specific ones ("Herbstkollektion", not "Neue").
  const nouns = points.flatMap(nounsOf).sort((a, b) => b.length - a.length);
  const tags: string[] = [];
  for (const word of [...nouns, ...fallback]) {
    const tag = `#${word}`;
    if (!tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) tags.push(tag);
    if (tags.length === count) break;
  }
  return tags;
}

/**
 * German nouns are capitalised; a sentence's first word is too, whatever it is, so it counts
 * only when it is the whole key point ("Sommerfest"). Links and addresses give no words.
 */
function nounsOf(point: string): string[] {
  const sentences = point.replace(/\S*(?:https?:\/\/|www\.|@)\S*/giu, " ").split(/[.!?:]\s+/);
  return sentences.flatMap((sentence) => {
    const words = sentence.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    return words.filter(
      (word, index) =>
        (index > 0 || words.length === 1) &&
        /^\p{Lu}\p{L}*$/u.test(word) &&
        word.length >= 4 &&
        !HASHTAG_STOP_WORDS.has(word.toLowerCase()),
    );
  });
}

function capitalize(text: string): string {
  if (/^(?:https?:\/\/|www\.)/iu.test(text)) return text;
  return text.charAt(0).toLocaleUpperCase("de") + text.slice(1);
}

function joinLines(lines: string[]): string {
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The demo's suggestions as a model would stream them: word by word, each step the threads so
 * far (a single post is a thread of one). Used so the page takes the same streaming path in
 * the demo as with a real model.
 */
export function* streamDemoSnapshots(threads: string[][]): Generator<string[][]> {
  const done: string[][] = [];
  for (const thread of threads) {
    const written: string[] = [];
    for (const post of thread) {
      let current = "";
      for (const word of post.split(/(?<=\s)/)) {
        current += word;
        yield [...done, [...written, current]];
      }
      written.push(post);
    }
    done.push(thread);
  }
}
