import { type Language, type Platform, POSTS_PER_GENERATION, type Tone } from "#shared/generator.ts";
import { POST_LENGTH_MAX } from "#shared/optimizer.ts";
import { computePostMetrics } from "#shared/post-metrics.ts";
import { PHRASES, type Phrases } from "./demo-phrases.ts";

// The offline demo composer (DESIGN.md "AI model: offline demo composer, clearly labelled
// Demo-Modus"; ADR 0012). Without an AI provider it writes three plausible posts from the
// user's key points: in the chosen language, in the tone's register, shaped for the network
// (length, line breaks, hashtag style). Deterministic, so tests and screenshots are stable.
// Every answer carries demo: true and the page says "Demo-Modus".

const EMOJI: Record<Tone, [string, string, string]> = {
  friendly: ["🙂", "☀️", "💬"],
  formal: ["", "", ""],
  humorous: ["😄", "☕", "🙈"],
  exaggerated_marketing: ["🚀", "🔥", "💥"],
};

const BULLET: Record<Platform, string> = { facebook: "", instagram: "✨ ", linkedin: "• ", twitter: "" };
const HASHTAG_COUNT: Record<Platform, number> = { facebook: 2, instagram: 6, linkedin: 3, twitter: 1 };

type DemoRequest = { platform: Platform; tone: Tone; language: Language; keyPoints: string };

export function composeDemoPosts({ platform, tone, language, keyPoints }: DemoRequest): string[] {
  const phrases = PHRASES[language];
  const points = splitKeyPoints(keyPoints);
  const topic = points[0] ?? keyPoints.trim();
  const details = points.slice(1);
  const tags = buildHashtags(points, phrases.fallbackTags, HASHTAG_COUNT[platform]);
  return Array.from({ length: POSTS_PER_GENERATION }, (_, variant) => {
    const opener = phrases.openers[tone][variant as 0 | 1 | 2].replace("{topic}", topic);
    const closer = phrases.closers[tone][variant as 0 | 1 | 2];
    const emoji = EMOJI[tone][variant as 0 | 1 | 2];
    // Each variant leads with other details, so the three posts do not read alike.
    const rotated =
      details.length > 0
        ? [...details.slice(variant % details.length), ...details.slice(0, variant % details.length)]
        : [];
    switch (platform) {
      case "twitter":
        return composeForX(opener, rotated, closer, tags, phrases);
      case "facebook":
        return joinLines([
          withEmoji(opener, emoji),
          rotated.length > 0 ? sentence(phrases, rotated) : "",
          closer,
          "",
          tags.join(" "),
        ]);
      case "instagram":
        return joinLines([
          withEmoji(opener, emoji),
          "",
          ...rotated.map((point) => `${BULLET.instagram}${capitalize(point)}`),
          "",
          closer,
          "",
          tags.join(" "),
        ]);
      default: // linkedin
        return joinLines([
          opener,
          "",
          ...(rotated.length > 0
            ? rotated.map((point) => `${BULLET.linkedin}${capitalize(point)}`)
            : [capitalize(topic)]),
          "",
          closer,
          "",
          tags.join(" "),
        ]);
    }
  });
}

function composeForX(opener: string, details: string[], closer: string, tags: string[], phrases: Phrases): string {
  const tag = tags[0] ?? "";
  // One exclamation mark at most (the optimizer's criteria): later ones become full stops.
  const candidates = [
    [opener, details.length > 0 ? sentence(phrases, details) : "", closer, tag],
    [opener, details.length > 0 ? sentence(phrases, details.slice(0, 1)) : "", closer, tag],
    [opener, closer, tag],
    [opener, tag],
  ];
  for (const parts of candidates) {
    const text = limitExclamations(parts.filter(Boolean).join(" "));
    if (computePostMetrics(text).adjustedLength <= POST_LENGTH_MAX) return text;
  }
  return `${limitExclamations(opener)
    .slice(0, POST_LENGTH_MAX - tag.length - 2)
    .trimEnd()}… ${tag}`.trim();
}

function limitExclamations(text: string): string {
  let seen = false;
  return text.replace(/!/g, () => {
    if (seen) return ".";
    seen = true;
    return "!";
  });
}

/** Key points as the user typed them: separated by line breaks, commas, semicolons or bullets. */
export function splitKeyPoints(keyPoints: string): string[] {
  return keyPoints
    .split(/[\n,;•]+|\s+-\s+/)
    .map((point) => point.replace(/^[\s\-*–]+/, "").replace(/[\s.!?:]+$/, ""))
    .filter((point) => point !== "");
}

function sentence(phrases: Phrases, points: string[]): string {
  if (points.length === 1) return `${phrases.detailsIntro}: ${points[0]}.`;
  return `${phrases.detailsIntro}: ${points.slice(0, -1).join(", ")} ${phrases.and} ${points.at(-1)}.`;
}

function buildHashtags(points: string[], fallback: string[], count: number): string[] {
  // The longest words are usually the most specific ones ("Herbstkollektion", not "Neue").
  const words = points
    .flatMap((point) => point.split(/[^\p{L}\p{N}]+/u))
    .filter((word) => word.length >= 4 && !/^\p{N}+$/u.test(word))
    .sort((a, b) => b.length - a.length);
  const tags: string[] = [];
  for (const word of [...words, ...fallback]) {
    const tag = `#${capitalize(word)}`;
    if (!tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) tags.push(tag);
    if (tags.length === count) break;
  }
  return tags;
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function withEmoji(text: string, emoji: string): string {
  return emoji ? `${text} ${emoji}` : text;
}

function joinLines(lines: string[]): string {
  return lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The demo's posts as a model would stream them: word by word, each step the posts so far.
 * Used so the page takes the same streaming path in the demo as with a real model.
 */
export function* streamDemoSnapshots(posts: string[]): Generator<string[]> {
  const done: string[] = [];
  for (const post of posts) {
    const words = post.split(/(?<=\s)/);
    let current = "";
    for (const word of words) {
      current += word;
      yield [...done, current];
    }
    done.push(post);
  }
}
