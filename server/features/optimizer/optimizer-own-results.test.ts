import { describe, expect, it } from "vitest";
import { optimizerAppForFile, signUpForOptimizer } from "../../../tests/setup/optimizer-accounts.ts";
import { readJson } from "../../../tests/setup/test-app.ts";
import { seedSentPost } from "../../../tests/support/sent-posts.ts";

// ADR 0114: GET /api/optimizer/own-results through the real app: the signed-in user's own sent X
// posts of similar length and hashtag count, for Basis and Premium alike, never another user's.

const app = optimizerAppForFile();
const TEXT_210 = "a".repeat(200);

describe("GET /api/optimizer/own-results", () => {
  it("averages the user's own similar X posts from five on, for a Basis account too", async () => {
    const anna = await signUpForOptimizer(app.t, "free");
    const other = await signUpForOptimizer(app.t, "subscriber");
    for (const [index, views] of [100, 200, 300, 400, 1000].entries())
      await seedSentPost(app.t, anna.userId, { text: `${TEXT_210} #z${index}`, figures: { likes: views / 50, views } });
    // Not similar: too short, a thread, three hashtags, Bluesky.
    await seedSentPost(app.t, anna.userId, { text: "Kurz #z", figures: { likes: 90, views: 100 } });
    await seedSentPost(app.t, anna.userId, {
      text: `${TEXT_210} #t`,
      figures: { likes: 90, views: 100 },
      postCount: 3,
    });
    await seedSentPost(app.t, anna.userId, { text: `${TEXT_210} #a #b #c`, figures: { likes: 90, views: 100 } });
    await seedSentPost(app.t, anna.userId, { network: "bluesky", text: `${TEXT_210} #b`, figures: { likes: 90 } });
    // Another account's similar posts would change every average.
    for (const index of [1, 2, 3])
      await seedSentPost(app.t, other.userId, { text: `${TEXT_210} #f${index}`, figures: { likes: 900, views: 1000 } });

    const optimizer = app.t.api(anna.cookie).optimizer;
    const view = await readJson(await optimizer["own-results"].$get({ query: { length: "210", hashtags: "1" } }), 200);
    expect(view).toEqual({
      length: { min: 180, max: 240 },
      hashtags: { min: 1, max: 2 },
      posts: 5,
      averageRate: 0.02,
      averageViews: 400,
      averageInteractions: 8,
    });

    const theirs = await readJson(
      await app.t.api(other.cookie).optimizer["own-results"].$get({ query: { length: "210", hashtags: "1" } }),
      200,
    );
    expect(theirs).toMatchObject({ posts: 3, averageRate: null, averageViews: null, averageInteractions: null });
  });

  it("needs a session and whole numbers", async () => {
    const signedOut = await app.t.api().optimizer["own-results"].$get({ query: { length: "210", hashtags: "1" } });
    expect(signedOut.status).toBe(401);
    const { cookie } = await signUpForOptimizer(app.t, "free");
    for (const query of [
      { length: "1e3", hashtags: "1" },
      { length: "210", hashtags: "-1" },
      { length: "99999", hashtags: "0" },
    ]) {
      const answer = await app.t.api(cookie).optimizer["own-results"].$get({ query });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        code: "INVALID_INPUT",
        error: "Bitte gib Länge und Hashtags als ganze Zahlen an.",
      });
    }
  });
});
