import { LinkifyIt } from "linkify-it";
import tlds from "tlds" with { type: "json" };
import { LINK_LENGTH } from "./optimizer.ts";

// X's weighted length (ADR 0006, ADR 0063): twitter-text's configuration version 3 with current
// emoji. After NFC normalisation every link counts LINK_LENGTH, every emoji sequence 2, a code
// point in the ranges below 1 and any other code point 2.

export type TextRange = { start: number; end: number };

const X_SINGLE_WEIGHT_RANGES = [
  { start: 0x0000, end: 0x10ff },
  { start: 0x2000, end: 0x200d },
  { start: 0x2010, end: 0x201f },
  { start: 0x2032, end: 0x2037 },
] as const;

const EMOJI_WEIGHT = 2;
const DOUBLE_WEIGHT = 2;

// One emoji as X counts it, by the grammar of Unicode's emoji sequences (UTS #51) instead of a
// list: a flag, a keycap ("1⃣" without VS16 too), or pictographs with an optional skin tone,
// VS16 and tag sequence (🏴󠁧󠁢󠁳󠁣󠁴󠁿), joined by ZWJ. Extended_Pictographic also covers code points
// reserved for future emoji, so emoji newer than the browser's Unicode data count right too.
const PICTOGRAPH = String.raw`\p{Extended_Pictographic}\p{Emoji_Modifier}?\uFE0F?(?:[\u{E0020}-\u{E007E}]+\u{E007F})?`;
const EMOJI_SEQUENCE = new RegExp(
  String.raw`\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3|${PICTOGRAPH}(?:\u200D${PICTOGRAPH})*`,
  "uy",
);

const KEYCAP_BASES = "#*0123456789";
const CHAR_COPYRIGHT = 0xa9;
const CHAR_REGISTERED = 0xae;
// The first Extended_Pictographic code point after ® (‼).
const FIRST_HIGH_PICTOGRAPH = 0x203c;

// ADR 0115: links as X recognises them, found by linkify-it (markdown-it's, maintained) with the
// IANA root zones of `tlds`, and narrowed to what twitter-text's conformance cases and X do: only
// http(s) and bare domains, no e-mail addresses, IP addresses or hosts without a known top-level
// domain, no host label over DNS's 63 characters, no domain right after "#" or "$" (a hashtag or
// cashtag).
const KNOWN_TLDS = new Set(tlds);
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false, tlds })
  .add("ftp:", null)
  .add("mailto:", null)
  .add("//", null);
// Emoji end a link on X ("postwerk.de🫶" links "postwerk.de"), and a link may follow a direction
// mark; linkify-it ends a bare domain only at space or punctuation, takes emoji into a path and
// starts no link after a format character. So both are blanked before matching, one space per
// UTF-16 unit, so that the ranges stay those of the text.
const BLANKED =
  /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u{E0020}-\u{E007F}\u200E\u200F\u202A-\u202E\u2066-\u2069]|\u200D|\uFE0F|\u20E3/gu;
const TAG_PREFIXES = "#$＃＄";
const HOST = /^(?:https?:\/\/)?([^/?#:]+)/i;
const DNS_LABEL_MAX = 63;

function isXLinkHost(link: string): boolean {
  const host = (HOST.exec(link)?.[1] ?? "").toLowerCase();
  const tld = host.slice(host.lastIndexOf(".") + 1);
  if (!host.includes(".") || !(KNOWN_TLDS.has(tld) || tld.startsWith("xn--"))) return false;
  try {
    return new URL(`http://${host}`).hostname.split(".").every((label) => label.length <= DNS_LABEL_MAX);
  } catch {
    return false;
  }
}

/** The links X recognises (with or without "https://"), as UTF-16 ranges of `text`. */
export function findXLinks(text: string): TextRange[] {
  const blanked = text.replace(BLANKED, (part) => " ".repeat(part.length));
  return (linkify.match(blanked) ?? [])
    .filter((match) => isXLinkHost(match.raw))
    .filter((match) => match.schema !== "" || !TAG_PREFIXES.includes(blanked.charAt(match.index - 1) || " "))
    .map((match) => ({ start: match.index, end: match.lastIndex }));
}

/** X's weighted length of a post: what X counts against its 280 (ADR 0063). */
export function xWeightedLength(text: string): number {
  const normalized = text.normalize("NFC");
  return weighNormalizedText(normalized, findXLinks(normalized));
}

/** `xWeightedLength` of a text already in NFC whose links are known (the optimizer's parse has them). */
export function weighNormalizedText(text: string, links: TextRange[]): number {
  let length = 0;
  let linkIndex = 0;
  let index = 0;
  while (index < text.length) {
    const link = links[linkIndex];
    if (link !== undefined && index === link.start) {
      length += LINK_LENGTH;
      index = link.end;
      linkIndex++;
      continue;
    }
    const emojiEnd = findEmojiSequenceEnd(text, index);
    if (emojiEnd !== -1) {
      length += EMOJI_WEIGHT;
      index = emojiEnd;
      continue;
    }
    const codePoint = text.codePointAt(index) ?? 0;
    length += hasSingleWeight(codePoint) ? 1 : DOUBLE_WEIGHT;
    index += codePoint > 0xffff ? 2 : 1;
  }
  return length;
}

/**
 * The UTF-16 end of the emoji sequence of two or more code points that starts at `index`, or -1.
 * A lone pictograph is left to its code point's weight: 2, except "©" and "®" without VS16,
 * which X counts as the letters they are (1).
 */
export function findEmojiSequenceEnd(text: string, index: number): number {
  const code = text.charCodeAt(index);
  const mayStartEmoji =
    code >= FIRST_HIGH_PICTOGRAPH ||
    code === CHAR_COPYRIGHT ||
    code === CHAR_REGISTERED ||
    KEYCAP_BASES.includes(text.charAt(index));
  if (!mayStartEmoji) return -1;
  EMOJI_SEQUENCE.lastIndex = index;
  if (!EMOJI_SEQUENCE.test(text)) return -1;
  const end = EMOJI_SEQUENCE.lastIndex;
  const firstSize = (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
  return end - index > firstSize ? end : -1;
}

/** Whether X counts this code point once (outside emoji sequences and links). */
export function hasSingleWeight(codePoint: number): boolean {
  for (const range of X_SINGLE_WEIGHT_RANGES) {
    if (codePoint >= range.start && codePoint <= range.end) return true;
  }
  return false;
}
