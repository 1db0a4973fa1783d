import { TONE_LABELS, TONES, type Tone } from "./generator.ts";
import type { NetworkId } from "./networks.ts";
import { isoWeekday, toWallTime } from "./wall-time.ts";

// "Erfolg" (ADR 0104, 0106): the public figures of every sent post, pulled back from the network at
// fixed ages, and what the page makes of them. Pure and isomorphic: the server aggregates with it,
// the browser labels with it, and the tests compute the expected values by hand against it.

/** What a network tells about one post. Null where the network has no such figure (Bluesky: views). */
export type PostFigures = {
  likes: number;
  reposts: number;
  replies: number;
  quotes: number;
  bookmarks: number | null;
  /** X: impressions; null where the network does not say. */
  views: number | null;
};

/** The ages at which a sent post's figures are fetched: 15 min, 1 h, 24 h, 7 days, 30 days (ADR 0104). */
export const METRIC_ROUNDS_MS = [15 * 60_000, 60 * 60_000, 24 * 3_600_000, 7 * 86_400_000, 30 * 86_400_000] as const;
export const METRIC_ROUND_LABELS = ["15 Min.", "1 Std.", "24 Std.", "7 Tage", "30 Tage"] as const;

/** Below this many posts with figures the page says so instead of showing averages (ADR 0106). */
export const MIN_POSTS_FOR_FIGURES = 5;

export const FIGURE_LABELS: Record<keyof PostFigures, string> = {
  likes: "Likes",
  reposts: "Reposts",
  replies: "Antworten",
  quotes: "Zitate",
  bookmarks: "Lesezeichen",
  views: "Aufrufe",
};

/**
 * What each network calls the figures Postwerk stores (ADR 0104), in the order shown; a figure the
 * network does not have is left out (Facebook and LinkedIn count reactions in `likes`, Instagram's
 * and Facebook's shares in `reposts`, comments in `replies`, Instagram's saves in `bookmarks`).
 */
const NETWORK_FIGURE_LABELS: Record<NetworkId, Partial<Record<keyof PostFigures, string>>> = {
  x: FIGURE_LABELS,
  bluesky: { likes: "Likes", reposts: "Reposts", replies: "Antworten", quotes: "Zitate" },
  linkedin: { likes: "Reaktionen", replies: "Kommentare", reposts: "Reposts", views: "Impressionen" },
  facebook: { likes: "Reaktionen", replies: "Kommentare", reposts: "Geteilt", views: "Aufrufe" },
  instagram: { likes: "Likes", replies: "Kommentare", reposts: "Geteilt", bookmarks: "Gespeichert", views: "Aufrufe" },
  threads: { likes: "Likes", replies: "Antworten", reposts: "Reposts", quotes: "Zitate", views: "Aufrufe" },
  mastodon: { likes: "Favoriten", reposts: "Geteilt", replies: "Antworten", quotes: "Zitate" },
};

/** The figures a network has, each with its German label, in display order. */
export function figureLabels(network: NetworkId): [keyof PostFigures, string][] {
  return Object.entries(NETWORK_FIGURE_LABELS[network]) as [keyof PostFigures, string][];
}

/** Likes, reposts, replies, quotes and bookmarks: what a reader did with the post. */
export function interactions(figures: PostFigures): number {
  return figures.likes + figures.reposts + figures.replies + figures.quotes + (figures.bookmarks ?? 0);
}

/** Interactions per view; null where the network gives no views (never guessed). */
export function engagementRate(figures: PostFigures): number | null {
  return figures.views && figures.views > 0 ? interactions(figures) / figures.views : null;
}

/** A thread's figures: its posts' figures added up; a figure missing on any post stays missing. */
export function sumFigures(all: PostFigures[]): PostFigures | null {
  if (all.length === 0) return null;
  const sumOf = (key: keyof PostFigures) =>
    all.some((figures) => figures[key] === null) ? null : all.reduce((sum, figures) => sum + (figures[key] ?? 0), 0);
  return {
    likes: sumOf("likes") ?? 0,
    reposts: sumOf("reposts") ?? 0,
    replies: sumOf("replies") ?? 0,
    quotes: sumOf("quotes") ?? 0,
    bookmarks: sumOf("bookmarks"),
    views: sumOf("views"),
  };
}

/** One snapshot as the post dialog shows it (a sparkline point). */
export type MetricPoint = { takenAt: string; round: number; interactions: number; views: number | null };

/** What the post dialog and the archive show of one post. */
export type PostMetricsView =
  | { state: "unavailable" }
  | { state: "pending" }
  | { state: "deleted"; latest: PostFigures | null; points: MetricPoint[] }
  | { state: "ok"; latest: PostFigures; takenAt: string; points: MetricPoint[] };

/** A sent post with its latest figures, the unit of the Erfolg page and the CSV. */
export type MetricPost = {
  publicationId: string;
  network: NetworkId;
  accountHandle: string;
  sentAt: string;
  text: string;
  hasImage: boolean;
  figures: PostFigures | null;
  deleted: boolean;
  /** The tone of the generator run the post came from; null for a post written without it. */
  tone: Tone | null;
};

export type GroupFigure = { label: string; posts: number; averageInteractions: number };

export type ErfolgReport = {
  timeZone: string;
  /** Posts with figures; below MIN_POSTS_FOR_FIGURES every group below is empty. */
  postsWithFigures: number;
  enough: boolean;
  overTime: { day: string; posts: number; interactions: number }[];
  byAccount: (GroupFigure & { network: NetworkId; handle: string; averageRate: number | null })[];
  best: (MetricPost & { interactions: number; rate: number | null })[];
  byWeekday: GroupFigure[];
  byHour: GroupFigure[];
  byLength: GroupFigure[];
  byHashtags: GroupFigure[];
  byImage: GroupFigure[];
  /** Only posts from a generator run have a tone. */
  byTone: GroupFigure[];
};

export const WEEKDAY_LABELS = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"];
/** Length buckets in characters (code points). */
export const LENGTH_BUCKETS = [
  { label: "bis 100 Zeichen", max: 100 },
  { label: "101–200 Zeichen", max: 200 },
  { label: "201–280 Zeichen", max: 280 },
  { label: "über 280 Zeichen", max: Number.POSITIVE_INFINITY },
] as const;
const HASHTAGS = /(^|\s)#[\p{L}\p{N}_]+/gu;

/** Characters as the Erfolg page groups posts by length: code points, not UTF-16 units. */
export function characterCount(text: string): number {
  return [...text].length;
}

/** The hashtags in a text, for the Erfolg page's "mit/ohne Hashtags" and the CSV. */
export function hashtagCount(text: string): number {
  return text.match(HASHTAGS)?.length ?? 0;
}
const BEST_COUNT = 5;

/** The members of each key, in one pass (the report groups a few thousand posts a dozen ways). */
function membersByKey<Member>(members: Member[], keyOf: (member: Member) => string): Map<string, Member[]> {
  const byKey = new Map<string, Member[]>();
  for (const member of members) {
    const key = keyOf(member);
    const ofKey = byKey.get(key);
    if (ofKey) ofKey.push(member);
    else byKey.set(key, [member]);
  }
  return byKey;
}

function group<T extends string>(
  posts: { key: T; interactions: number }[],
  order: readonly T[],
  label: (key: T) => string,
): GroupFigure[] {
  const byKey = membersByKey(posts, (post) => post.key);
  return order.flatMap((key) => {
    const members = byKey.get(key) ?? [];
    if (members.length === 0) return [];
    const total = members.reduce((sum, post) => sum + post.interactions, 0);
    return [{ label: label(key), posts: members.length, averageInteractions: total / members.length }];
  });
}

type Ranked = { rate: number | null; interactions: number; sentAt: string };

/**
 * The order of "best" posts (ADR 0106, 0114): by rate where the network gives views; posts without
 * views follow, by interactions; the older first on a tie. The Erfolg page and the generator's own
 * examples rank alike.
 */
export function compareBest(a: Ranked, b: Ranked): number {
  return (b.rate ?? -1) - (a.rate ?? -1) || b.interactions - a.interactions || a.sentAt.localeCompare(b.sentAt);
}

/** The Erfolg page's figures from the user's sent posts, in the user's time zone (ADR 0106). */
export function buildReport(posts: MetricPost[], timeZone: string): ErfolgReport {
  const measured = posts
    .filter((post): post is MetricPost & { figures: PostFigures } => post.figures !== null)
    .map((post) => {
      const wall = toWallTime(new Date(post.sentAt), timeZone);
      return {
        post,
        wall,
        interactions: interactions(post.figures),
        rate: engagementRate(post.figures),
        length: characterCount(post.text),
      };
    });
  const enough = measured.length >= MIN_POSTS_FOR_FIGURES;
  const empty: ErfolgReport = {
    timeZone,
    postsWithFigures: measured.length,
    enough,
    overTime: [],
    byAccount: [],
    best: [],
    byWeekday: [],
    byHour: [],
    byLength: [],
    byHashtags: [],
    byImage: [],
    byTone: [],
  };
  if (!enough) return empty;

  const byDay = membersByKey(measured, (entry) => entry.wall.date);
  const overTime = [...byDay.keys()].sort().map((day) => {
    const ofDay = byDay.get(day) ?? [];
    return { day, posts: ofDay.length, interactions: ofDay.reduce((sum, entry) => sum + entry.interactions, 0) };
  });

  const ofAccount = membersByKey(measured, (entry) => `${entry.post.network} ${entry.post.accountHandle}`);
  const byAccount = [...ofAccount.keys()].sort().map((key) => {
    const members = ofAccount.get(key) ?? [];
    const rates = members.map((entry) => entry.rate).filter((rate): rate is number => rate !== null);
    const first = members[0] as (typeof members)[number];
    return {
      label: `${first.post.accountHandle}`,
      network: first.post.network,
      handle: first.post.accountHandle,
      posts: members.length,
      averageInteractions: members.reduce((sum, entry) => sum + entry.interactions, 0) / members.length,
      averageRate: rates.length > 0 ? rates.reduce((sum, rate) => sum + rate, 0) / rates.length : null,
    };
  });

  const best = measured
    .map((entry) => ({ entry, rate: entry.rate, interactions: entry.interactions, sentAt: entry.post.sentAt }))
    .sort(compareBest)
    .slice(0, BEST_COUNT)
    .map(({ entry }) => ({ ...entry.post, interactions: entry.interactions, rate: entry.rate }));

  const weekdays = [1, 2, 3, 4, 5, 6, 7].map(String);
  const hours = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, "0"));
  const lengthKeys = LENGTH_BUCKETS.map((bucket) => bucket.label);
  return {
    ...empty,
    overTime,
    byAccount,
    best,
    byWeekday: group(
      measured.map((entry) => ({ key: String(isoWeekday(entry.wall.date)), interactions: entry.interactions })),
      weekdays,
      (key) => WEEKDAY_LABELS[Number(key) - 1] ?? key,
    ),
    byHour: group(
      measured.map((entry) => ({ key: entry.wall.time.slice(0, 2), interactions: entry.interactions })),
      hours,
      (key) => `${key}:00–${key}:59 Uhr`,
    ),
    byLength: group(
      measured.map((entry) => ({
        key: (LENGTH_BUCKETS.find((bucket) => entry.length <= bucket.max) ?? LENGTH_BUCKETS[3]).label as string,
        interactions: entry.interactions,
      })),
      lengthKeys,
      (key) => key,
    ),
    byHashtags: group(
      measured.map((entry) => ({
        key: hashtagCount(entry.post.text) > 0 ? "mit" : "ohne",
        interactions: entry.interactions,
      })),
      ["mit", "ohne"],
      (key) => (key === "mit" ? "Mit Hashtags" : "Ohne Hashtags"),
    ),
    byImage: group(
      measured.map((entry) => ({ key: entry.post.hasImage ? "mit" : "ohne", interactions: entry.interactions })),
      ["mit", "ohne"],
      (key) => (key === "mit" ? "Mit Bild" : "Ohne Bild"),
    ),
    byTone: group(
      measured.flatMap((entry) =>
        entry.post.tone ? [{ key: entry.post.tone, interactions: entry.interactions }] : [],
      ),
      TONES,
      (key) => TONE_LABELS[key],
    ),
  };
}

/** "12,3 %" for a rate, "–" where there is none. */
export function formatRate(rate: number | null): string {
  if (rate === null) return "–";
  return `${(rate * 100).toLocaleString("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
}

export function formatAverage(value: number): string {
  return value.toLocaleString("de-DE", { maximumFractionDigits: 1 });
}

export const METRICS_MESSAGES = {
  notFound: "Diesen Beitrag gibt es nicht.",
  unavailable: "Für dieses Netzwerk sind Kennzahlen nicht verfügbar.",
  pending: "Die ersten Zahlen kommen etwa 15 Minuten nach dem Senden.",
  deleted: "Der Beitrag wurde im Netzwerk gelöscht.",
  tooFew: `Noch zu wenige Beiträge mit Zahlen: Auswertungen zeigen wir ab ${MIN_POSTS_FOR_FIGURES} gesendeten Beiträgen mit Kennzahlen.`,
} as const;
