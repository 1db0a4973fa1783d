import { describe, expect, it } from "vitest";
import { buildReport, figureLabels, type MetricPost, type PostFigures } from "./metrics.ts";

// The Erfolg page's aggregates (ADR 0106) against values worked out by hand below, in Berlin
// (UTC+1 in November): interactions = likes + reposts + replies + quotes + bookmarks; the rate is
// interactions per view, only where the network gives views.

const figures = (
  likes: number,
  reposts: number,
  replies: number,
  quotes: number,
  bookmarks: number | null,
  views: number | null,
): PostFigures => ({
  likes,
  reposts,
  replies,
  quotes,
  bookmarks,
  views,
});

const post = (id: string, over: Partial<MetricPost>): MetricPost => ({
  publicationId: id,
  network: "x",
  accountHandle: "@a",
  sentAt: "",
  text: "",
  hasImage: false,
  figures: null,
  deleted: false,
  tone: null,
  ...over,
});

const POSTS: MetricPost[] = [
  // Mon 09:30, 10 characters, hashtag, image: 14 interactions, rate 14/200 = 0.07
  post("p1", {
    tone: "friendly",
    sentAt: "2026-11-02T08:30:00Z",
    text: "Kurz #Tipp",
    hasImage: true,
    figures: figures(10, 2, 1, 0, 1, 200),
  }),
  // Mon 17:00, 150 characters: 4, rate 0.04
  post("p2", { sentAt: "2026-11-02T16:00:00Z", text: "a".repeat(150), figures: figures(4, 0, 0, 0, 0, 100) }),
  // Tue 09:10 on Bluesky: 30, no views, no rate
  post("p3", {
    tone: "formal",
    network: "bluesky",
    accountHandle: "@b",
    sentAt: "2026-11-03T08:10:00Z",
    text: "Hallo Welt",
    figures: figures(20, 5, 3, 2, null, null),
  }),
  // Wed 23:30 UTC is Thu 00:30 in Berlin, 250 characters: 1
  post("p4", {
    network: "bluesky",
    accountHandle: "@b",
    sentAt: "2026-11-04T23:30:00Z",
    text: "x".repeat(250),
    figures: figures(1, 0, 0, 0, null, null),
  }),
  // Thu 10:00, hashtags, image: 70, rate 70/1000 = 0.07
  post("p5", {
    tone: "friendly",
    sentAt: "2026-11-05T09:00:00Z",
    text: "Mehr #A #B",
    hasImage: true,
    figures: figures(50, 10, 5, 5, 0, 1000),
  }),
  // No figures yet: left out everywhere.
  post("p6", { sentAt: "2026-11-06T09:00:00Z", text: "Noch ohne Zahlen #X" }),
];

describe("buildReport", () => {
  const report = buildReport(POSTS, "Europe/Berlin");

  it("ranks by rate, equal rates by interactions, posts without views after", () => {
    expect(report.postsWithFigures).toBe(5);
    expect(report.best.map((entry) => [entry.publicationId, entry.interactions, entry.rate])).toEqual([
      ["p5", 70, 0.07],
      ["p1", 14, 0.07],
      ["p2", 4, 0.04],
      ["p3", 30, null],
      ["p4", 1, null],
    ]);
  });

  it("groups by weekday and hour in the user's zone", () => {
    expect(report.byWeekday).toEqual([
      { label: "Montag", posts: 2, averageInteractions: 9 },
      { label: "Dienstag", posts: 1, averageInteractions: 30 },
      { label: "Donnerstag", posts: 2, averageInteractions: 35.5 },
    ]);
    expect(report.byHour.map((row) => [row.label.slice(0, 2), row.posts, row.averageInteractions])).toEqual([
      ["00", 1, 1],
      ["09", 2, 22],
      ["10", 1, 70],
      ["17", 1, 4],
    ]);
    expect(report.overTime).toEqual([
      { day: "2026-11-02", posts: 2, interactions: 18 },
      { day: "2026-11-03", posts: 1, interactions: 30 },
      { day: "2026-11-05", posts: 2, interactions: 71 },
    ]);
  });

  it("groups by length, hashtags, image and account", () => {
    expect(report.byLength.map((row) => [row.label, row.posts, row.averageInteractions])).toEqual([
      ["bis 100 Zeichen", 3, 38],
      ["101–200 Zeichen", 1, 4],
      ["201–280 Zeichen", 1, 1],
    ]);
    expect(report.byHashtags).toEqual([
      { label: "Mit Hashtags", posts: 2, averageInteractions: 42 },
      { label: "Ohne Hashtags", posts: 3, averageInteractions: 35 / 3 },
    ]);
    expect(report.byImage.map((row) => [row.label, row.posts])).toEqual([
      ["Mit Bild", 2],
      ["Ohne Bild", 3],
    ]);
    // Only posts from a generator run have a tone: p1 and p5 friendly (14 and 70), p3 formal (30).
    expect(report.byTone).toEqual([
      { label: "Freundlich", posts: 2, averageInteractions: 42 },
      { label: "Formell", posts: 1, averageInteractions: 30 },
    ]);
    expect(report.byAccount.map((row) => [row.network, row.posts, row.averageInteractions, row.averageRate])).toEqual([
      ["bluesky", 2, 15.5, null],
      ["x", 3, 88 / 3, expect.closeTo(0.06, 10)],
    ]);
  });

  it("with fewer than 5 posts with figures says so and shows no figures", () => {
    const few = buildReport(POSTS.slice(1), "Europe/Berlin");
    expect(few).toMatchObject({ enough: false, postsWithFigures: 4, best: [], byWeekday: [], overTime: [] });
  });
});

describe("figureLabels (ADR 0104)", () => {
  it("names each network's figures as it does, and only those it has", () => {
    expect(figureLabels("x").map(([, label]) => label)).toEqual([
      "Likes",
      "Reposts",
      "Antworten",
      "Zitate",
      "Lesezeichen",
      "Aufrufe",
    ]);
    expect(Object.fromEntries(figureLabels("facebook"))).toEqual({
      likes: "Reaktionen",
      replies: "Kommentare",
      reposts: "Geteilt",
      views: "Aufrufe",
    });
    expect(Object.fromEntries(figureLabels("instagram"))).toMatchObject({
      bookmarks: "Gespeichert",
      reposts: "Geteilt",
    });
    expect(figureLabels("linkedin").map(([key]) => key)).not.toContain("quotes");
    expect(figureLabels("mastodon").map(([key]) => key)).not.toContain("views");
  });
});
