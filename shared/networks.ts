import { xWeightedLength } from "./x-counting.ts";

// The networks Postwerk publishes to and their text rules (ADR 0053). One table: the composer's
// live counter and the server's validation both read it, so they cannot disagree.

export const NETWORK_IDS = ["x", "linkedin", "bluesky", "facebook", "instagram", "threads", "mastodon"] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

/**
 * How a network measures a post: X weighs code points (links 23, emoji 2), Bluesky counts
 * graphemes, Threads counts characters but each emoji as its UTF-8 bytes (ADR 0098), Mastodon counts
 * graphemes with every link as 23 and a remote mention as its local part (ADR 0095).
 */
export type LengthUnit = "x-weighted" | "characters" | "graphemes" | "emoji-bytes" | "mastodon";

/** A Mastodon instance's own limits (GET /api/v2/instance `configuration`), kept with the account (ADR 0095). */
export type AccountLimits = {
  maxCharacters: number;
  /** Largest image the server takes, in bytes; null if it does not say. */
  maxImageBytes: number | null;
  /** Longest image description; null if it does not say. */
  maxDescription: number | null;
};

export type NetworkRules = {
  id: NetworkId;
  label: string;
  maxLength: number;
  lengthUnit: LengthUnit;
  /** Images a single post may carry. */
  maxImages: number;
  /** Whether a post without an image is refused (Instagram will be; none of these three is). */
  imageRequired: boolean;
  /**
   * How an account is connected: an OAuth round trip, a handle and an app password, or an OAuth
   * round trip with the instance the user names (Mastodon, ADR 0095).
   */
  connect: "oauth" | "app-password" | "instance";
  /**
   * The network whose login connects this one's accounts: Instagram professional accounts come
   * with their Facebook page from one Meta login (ADR 0096, 0097). Absent: its own login.
   */
  loginVia?: NetworkId;
  /** Whether posts can reply to one another as a thread (a reply chain, ADR 0066 and 0088). */
  threads: boolean;
  /** Hashtags a post may carry; null where the network sets no limit. */
  maxHashtags: number | null;
  /** Whether the network shows a card for the first link of a text post (the preview draws one). */
  linkCards: boolean;
  /** Whether an image's description (alt text) reaches the network. */
  altText: boolean;
};

export const NETWORKS: Record<NetworkId, NetworkRules> = {
  x: {
    id: "x",
    label: "X",
    maxLength: 280,
    lengthUnit: "x-weighted",
    maxImages: 4,
    imageRequired: false,
    connect: "oauth",
    threads: true,
    maxHashtags: null,
    linkCards: true,
    altText: true,
  },
  linkedin: {
    id: "linkedin",
    label: "LinkedIn",
    maxLength: 3000,
    lengthUnit: "characters",
    maxImages: 1,
    imageRequired: false,
    connect: "oauth",
    threads: false,
    maxHashtags: null,
    linkCards: true,
    altText: true,
  },
  bluesky: {
    id: "bluesky",
    label: "Bluesky",
    maxLength: 300,
    lengthUnit: "graphemes",
    maxImages: 4,
    imageRequired: false,
    connect: "app-password",
    threads: true,
    maxHashtags: null,
    linkCards: true,
    altText: true,
  },
  // Facebook Pages (ADR 0096): the feed takes 63,206 characters and shows a link's card.
  facebook: {
    id: "facebook",
    label: "Facebook",
    maxLength: 63206,
    lengthUnit: "characters",
    maxImages: 1,
    imageRequired: false,
    connect: "oauth",
    threads: false,
    maxHashtags: null,
    linkCards: true,
    altText: true,
  },
  // Instagram via the Facebook page (ADR 0097): a caption of 2,200 characters and 30 hashtags,
  // always with an image; links in a caption are plain text.
  instagram: {
    id: "instagram",
    label: "Instagram",
    maxLength: 2200,
    lengthUnit: "characters",
    maxImages: 1,
    imageRequired: true,
    connect: "oauth",
    loginVia: "facebook",
    threads: false,
    maxHashtags: 30,
    linkCards: false,
    altText: true,
  },
  // Meta's Threads (ADR 0098): one topic tag per post; a link card only on a post without an image.
  threads: {
    id: "threads",
    label: "Threads",
    maxLength: 500,
    lengthUnit: "emoji-bytes",
    maxImages: 1,
    imageRequired: false,
    connect: "oauth",
    threads: true,
    maxHashtags: 1,
    linkCards: true,
    altText: true,
  },
  mastodon: {
    id: "mastodon",
    label: "Mastodon",
    // Each instance sets its own limit (ADR 0095): this is only the fallback for an account whose
    // instance did not say; the account's own `maxCharacters` wins (checkPostText's `max`).
    maxLength: 500,
    lengthUnit: "mastodon",
    maxImages: 4,
    imageRequired: false,
    connect: "instance",
    threads: true,
    maxHashtags: null,
    linkCards: true,
    altText: true,
  },
};

/** Networks whose posts can reply to one another as a thread. */
export const THREAD_NETWORKS: readonly NetworkId[] = NETWORK_IDS.filter((id) => NETWORKS[id].threads);

/** The networks' names as a German list ("X, LinkedIn, … und Mastodon"), for texts that name them all. */
export function networkLabelList(ids: readonly NetworkId[] = NETWORK_IDS): string {
  return new Intl.ListFormat("de", { type: "conjunction" }).format(ids.map((id) => NETWORKS[id].label));
}

export function isNetworkId(value: string): value is NetworkId {
  return (NETWORK_IDS as readonly string[]).includes(value);
}

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
 * `max_characters`, ADR 0095); else the network's.
 */
export function checkPostText(network: NetworkId, text: string, maxLength?: number | null): PostTextCheck {
  const length = postLength(network, text);
  const max = maxLength ?? NETWORKS[network].maxLength;
  return { length, max, fits: length <= max, empty: !hasVisibleCharacter(text) };
}
