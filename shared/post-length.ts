import { NETWORKS, type NetworkId } from "./networks.ts";
import { xWeightedLength } from "./x-counting.ts";

// A post's length by its network's own rule (NETWORKS[…].lengthUnit), what the counter shows and
// the server checks. Apart from the networks' table, so that a page naming the networks does not
// load the counting (X's link rules among it).

const graphemes = new Intl.Segmenter("de", { granularity: "grapheme" });

/** The length of `text` in the unit of `network` (what the counter shows and the server checks). */
export function postLength(network: NetworkId, text: string): number {
  switch (NETWORKS[network].lengthUnit) {
    case "x-weighted":
      return xWeightedLength(text);
    case "graphemes":
      return [...graphemes.segment(text)].length;
    case "emoji-bytes":
      return emojiBytesLength(text);
    case "characters":
      // LinkedIn and Meta count UTF-16 code units, like JavaScript's length.
      return text.length;
    case "mastodon":
      return mastodonLength(text);
  }
}

const EMOJI = /\p{Extended_Pictographic}/u;
const utf8 = new TextEncoder();

/** Threads: "Emojis are counted as the number of UTF-8 bytes", every other code point as one. */
function emojiBytesLength(text: string): number {
  let length = 0;
  for (const grapheme of graphemes.segment(text)) {
    length += EMOJI.test(grapheme.segment) ? utf8.encode(grapheme.segment).length : [...grapheme.segment].length;
  }
  return length;
}

/** Mastodon counts every http(s) link as this many characters, however long it is. */
export const MASTODON_LINK_LENGTH = 23;
const MASTODON_LINK = /https?:\/\/[^\s<>"]+/gu;
/** `@name@instance.example`: only `@name` counts (Mastodon's StatusLengthValidator). */
const MASTODON_REMOTE_MENTION =
  /(^|[^\p{L}\p{N}_/])@([\p{L}\p{N}_]+(?:[.-][\p{L}\p{N}_]+)*)@[\p{L}\p{N}.-]+[\p{L}\p{N}]/gu;

/** Mastodon's count: graphemes, a link as 23, a remote mention without its instance. */
function mastodonLength(text: string): number {
  const links = text.match(MASTODON_LINK) ?? [];
  const rest = text.replace(MASTODON_LINK, "").replace(MASTODON_REMOTE_MENTION, "$1@$2");
  return [...graphemes.segment(rest)].length + links.length * MASTODON_LINK_LENGTH;
}

export type PostTextCheck = { length: number; max: number; fits: boolean; empty: boolean };

/**
 * What shows nothing on its own: white space, characters that are ignorable by default (zero-width
 * space and joiners, word joiner, byte-order mark, soft hyphen, Hangul fillers, variation
 * selectors), other format and control characters, combining marks (a mark without a letter has
 * nothing to sit on) and the blank Braille pattern that is passed around as an "invisible" space.
 */
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{M}\u2800]/gu;

/** A text without a single visible character is empty, however many code points it has. */
function hasVisibleCharacter(text: string): boolean {
  return text.replace(INVISIBLE, "").length > 0;
}

/**
 * `maxLength`: the account's own limit where its server sets one (a Mastodon instance's
 * `max_characters`, ADR 0095); else the network's. `contentWarning`: Mastodon counts a post's
 * content warning toward its limit (ADR 0095); no other network takes one.
 */
export function checkPostText(
  network: NetworkId,
  text: string,
  maxLength?: number | null,
  contentWarning?: string | null,
): PostTextCheck {
  const warning = network === "mastodon" && contentWarning ? postLength(network, contentWarning) : 0;
  const length = postLength(network, text) + warning;
  const max = maxLength ?? NETWORKS[network].maxLength;
  return { length, max, fits: length <= max, empty: !hasVisibleCharacter(text) };
}
