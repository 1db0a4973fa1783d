import { describe, expect, it } from "vitest";
import type { PostFigures } from "#shared/metrics.ts";
import type { NetworkId } from "#shared/networks.ts";
import { describeSimilarPosts, tooFewExamplesMessage } from "#shared/own-results.ts";
import { chooseOwnExamples, excerptOf } from "./own-examples.ts";
import type { SentPost } from "./sent-posts.ts";
import { similarRange, summarizeSimilarPosts } from "./similar-posts.ts";

// The rules of ADR 0114 on hand-made posts: which posts the generator takes as examples, which sent
// X posts are like the optimizer's draft, and what the pages say about them.

let count = 0;
function post(
  network: NetworkId,
  text: string,
  figures: Partial<PostFigures> | null,
  extra: Partial<SentPost> = {},
): SentPost {
  count += 1;
  return {
    publicationId: `p-${count}`,
    network,
    accountHandle: "anna",
    sentAt: new Date(Date.UTC(2026, 10, 1, 8, count)).toISOString(),
    text,
    tone: null,
    hasImage: false,
    figures:
      figures === null
        ? null
        : { likes: 0, reposts: 0, replies: 0, quotes: 0, bookmarks: null, views: null, ...figures },
    deleted: false,
    postCount: 1,
    ...extra,
  };
}

describe("chooseOwnExamples", () => {
  it("takes none below three posts with figures, and says how many are missing", () => {
    const posts = [
      post("x", "Eins", { likes: 5, views: 50 }),
      post("x", "Zwei", null),
      post("x", "Drei", { likes: 1 }),
    ];
    expect(chooseOwnExamples(posts, "x")).toEqual({ postsWithFigures: 2, scope: null, examples: [] });
    expect(tooFewExamplesMessage(2)).toBe(
      "Dafür brauchen Sie mindestens 3 gesendete Beiträge mit Kennzahlen (ohne Threads); bisher haben 2 Kennzahlen, es fehlt noch einer.",
    );
    expect(tooFewExamplesMessage(0)).toContain("bisher hat keiner Kennzahlen, es fehlen noch 3.");
  });

  it("ranks the chosen network's posts by engagement rate and takes at most three", () => {
    const posts = [
      post("x", "Rate 2 %", { likes: 2, views: 100 }),
      post("x", "Rate 10 %", { likes: 10, views: 100 }),
      post("x", "Rate 5 %", { likes: 5, views: 100 }),
      post("x", "Rate 1 %", { likes: 1, views: 100 }),
      post("bluesky", "Viele Likes, keine Aufrufe", { likes: 900 }),
    ];
    const choice = chooseOwnExamples(posts, "x");
    expect(choice.scope).toBe("network");
    expect(choice.postsWithFigures).toBe(5);
    expect(choice.examples.map((example) => example.text)).toEqual(["Rate 10 %", "Rate 5 %", "Rate 2 %"]);
    expect(choice.examples[0]).toMatchObject({ network: "x", rate: 0.1, interactions: 10 });
  });

  it("falls back to all networks when the chosen one has fewer than three, rated posts first", () => {
    const posts = [
      post("linkedin", "LinkedIn 4 %", { likes: 4, views: 100 }),
      post("bluesky", "Bluesky 30", { likes: 30 }),
      post("bluesky", "Bluesky 7", { likes: 7 }),
      post("x", "X 1 %", { likes: 1, views: 100 }),
    ];
    const choice = chooseOwnExamples(posts, "linkedin");
    expect(choice.scope).toBe("all");
    expect(choice.examples.map((example) => example.text)).toEqual(["LinkedIn 4 %", "X 1 %", "Bluesky 30"]);
    expect(choice.examples[2]?.rate).toBeNull();
  });

  it("leaves out threads, posts deleted on the network, posts without figures and a text sent twice", () => {
    const posts = [
      post("x", "Thread-Anfang", { likes: 90, views: 100 }, { postCount: 3 }),
      post("x", "Gelöscht", { likes: 80, views: 100 }, { deleted: true }),
      post("x", "Ohne Zahlen", null),
      post("x", "Zweimal  gesendet", { likes: 50, views: 100 }),
      post("bluesky", "zweimal gesendet", { likes: 60 }),
      post("x", "B", { likes: 3, views: 100 }),
      post("x", "C", { likes: 2, views: 100 }),
    ];
    const choice = chooseOwnExamples(posts, "x");
    expect(choice.postsWithFigures).toBe(4);
    expect(choice.examples.map((example) => example.text)).toEqual(["Zweimal  gesendet", "B", "C"]);
  });

  it("shows an excerpt of a long text, on one line", () => {
    const long = `Erste Zeile\n\n${"Wort ".repeat(60)}`;
    const excerpt = excerptOf(long);
    expect([...excerpt]).toHaveLength(120);
    expect(excerpt.startsWith("Erste Zeile Wort")).toBe(true);
    expect(excerpt.endsWith("…")).toBe(true);
    expect(excerptOf("  Kurz  ")).toBe("Kurz");
  });
});

describe("similar posts for the optimizer", () => {
  it("is ±30 characters of X length, no hashtag with none, else one fewer to one more", () => {
    expect(similarRange(210, 1)).toEqual({ length: { min: 180, max: 240 }, hashtags: { min: 1, max: 2 } });
    expect(similarRange(10, 0)).toEqual({ length: { min: 0, max: 40 }, hashtags: { min: 0, max: 0 } });
    expect(similarRange(100, 3)).toEqual({ length: { min: 70, max: 130 }, hashtags: { min: 2, max: 4 } });
  });

  it("averages the similar single X posts from five on, in German", () => {
    const text = (n: number) => `${"a".repeat(200)} #tag${n}`;
    const similar = [100, 200, 300, 400, 1000].map((views, index) =>
      post("x", text(index), { likes: views / 50, views }),
    );
    const others = [
      post("x", "kurz #tag", { likes: 999, views: 1000 }),
      post("x", text(9), { likes: 999, views: 1000 }, { postCount: 2 }),
      post("bluesky", text(8), { likes: 999 }),
      post("x", `${"a".repeat(200)} #eins #zwei #drei`, { likes: 999, views: 1000 }),
      post("x", text(7), null),
    ];
    const view = summarizeSimilarPosts([...similar, ...others], { length: 210, hashtags: 1 });
    expect(view).toMatchObject({ posts: 5, averageRate: 0.02, averageViews: 400, averageInteractions: 8 });
    expect(describeSimilarPosts(view)).toBe(
      "Deine 5 Beiträge mit 180–240 Zeichen und 1–2 Hashtags: im Mittel 2,0 % Interaktionsrate, 400 Aufrufe, 8 Interaktionen.",
    );
  });

  it("shows no figures below five similar posts", () => {
    const posts = [1, 2, 3, 4].map((n) => post("x", `${"a".repeat(200)} #t${n}`, { likes: 5, views: 1250 }));
    const view = summarizeSimilarPosts(posts, { length: 210, hashtags: 1 });
    expect(view).toMatchObject({ posts: 4, averageRate: null, averageViews: null, averageInteractions: null });
    expect(describeSimilarPosts(view)).toBe(
      "Erst 4 deiner gesendeten X-Beiträge mit Kennzahlen haben etwa diese Form (180–240 Zeichen und 1–2 Hashtags). Vergleichszahlen zeigen wir ab 5 ähnlichen Beiträgen.",
    );
    expect(describeSimilarPosts({ ...view, posts: 0, hashtags: { min: 0, max: 0 } })).toMatch(
      /^Noch keiner deiner .* \(180–240 Zeichen und ohne Hashtags\)/,
    );
  });

  it("writes thousands with a point", () => {
    const posts = [1, 2, 3, 4, 5].map((n) => post("x", `Kurz ${n}`, { likes: 34, views: 1000 + n * 50 }));
    const view = summarizeSimilarPosts(posts, { length: 6, hashtags: 0 });
    expect(describeSimilarPosts(view)).toBe(
      "Deine 5 Beiträge mit 0–36 Zeichen und ohne Hashtags: im Mittel 3,0 % Interaktionsrate, 1.150 Aufrufe, 34 Interaktionen.",
    );
  });
});
