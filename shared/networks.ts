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

/** "X, Bluesky und Mastodon". */
export function labelList(labels: readonly string[]): string {
  return labels.length < 2 ? labels.join("") : `${labels.slice(0, -1).join(", ")} und ${labels.at(-1)}`;
}

/** Every network Postwerk publishes to, as the product's pages name them: "X, LinkedIn, …, Threads und Mastodon". */
export const PUBLISHING_NETWORK_NAMES = labelList(NETWORK_IDS.map((id) => NETWORKS[id].label));

export function isNetworkId(value: string): value is NetworkId {
  return (NETWORK_IDS as readonly string[]).includes(value);
}
