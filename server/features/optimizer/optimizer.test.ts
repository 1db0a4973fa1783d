import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { profiles } from "#server/db/schema/profiles.ts";
import { OPTIMIZER_ERRORS, POST_SCORE_MAX } from "#shared/optimizer.ts";
import { evaluatePost } from "#shared/post-metrics.ts";
import { setUpBlockTestApp } from "../../../tests/setup/app-per-file.ts";
import {
  DAY_MS,
  optimizerAppForFile,
  PREMIUM_MESSAGE,
  signUpForOptimizer,
} from "../../../tests/setup/optimizer-accounts.ts";
import { expectAnswer, readJson } from "../../../tests/setup/test-app.ts";
import { OPTIMIZER_AI_RATE_LIMIT } from "./optimizer.service.ts";

// The X-Post Optimizer's access, trial, spelling hints, rate limits and demo mode
// (ADR 0007); the AI routes against the model are in optimizer-ai.test.ts.

const app = optimizerAppForFile();

async function storedTrialEnd(userId: string) {
  const [profile] = await app.t.db
    .select({ trialEndsAt: profiles.trialEndsAt })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return profile?.trialEndsAt?.toISOString();
}

describe("every optimizer route", () => {
  it('answers 401 in the optimizer\'s own words ("du") without a session', async () => {
    const optimizer = app.t.api().optimizer;
    const requests = [
      optimizer.access.$get(),
      optimizer.trial.$post(),
      optimizer["correct-grammar"].$post({ json: { postText: "Hallo" } }),
      optimizer["improve-post"].$post({ json: { postText: "Hallo" } }),
      optimizer.spelling.$post({ json: { text: "Hallo" } }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: "Bitte melde dich an, um den X-Post Optimizer zu nutzen.",
        code: "NOT_SIGNED_IN",
      });
    }
  });
});

describe("GET /api/optimizer/access", () => {
  it("tells a free user that AI needs Premium and that the trial is available", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "free");
    expectAnswer(await readJson(await app.t.api(cookie).optimizer.access.$get(), 200)).toEqual({
      canUseAi: false,
      via: null,
      trialEndsAt: null,
      trialAvailable: true,
      demoMode: false,
    });
  });

  it("shows a running trial with its end date", async () => {
    const { cookie, userId } = await signUpForOptimizer(app.t, "trial");
    const body = await readJson(await app.t.api(cookie).optimizer.access.$get(), 200);
    expectAnswer(body).toMatchObject({ canUseAi: true, via: "trial", trialAvailable: false, demoMode: false });
    expect(body.trialEndsAt).toBe(await storedTrialEnd(userId));
  });

  it("shows a subscriber's access without offering a trial", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "subscriber");
    expectAnswer(await readJson(await app.t.api(cookie).optimizer.access.$get(), 200)).toEqual({
      canUseAi: true,
      via: "subscription",
      trialEndsAt: null,
      trialAvailable: false,
      demoMode: false,
    });
  });

  it("shows an expired trial as no access and no second trial", async () => {
    const { cookie, userId } = await signUpForOptimizer(app.t, "expired-trial");
    const body = await readJson(await app.t.api(cookie).optimizer.access.$get(), 200);
    expectAnswer(body).toMatchObject({ canUseAi: false, via: null, trialAvailable: false });
    expect(body.trialEndsAt).toBe(await storedTrialEnd(userId));
  });
});

describe("POST /api/optimizer/trial", () => {
  it("starts a 7-day trial stored on the server", async () => {
    const { cookie, userId } = await signUpForOptimizer(app.t, "free");
    const startedAt = new Date(Date.UTC(2026, 2, 2, 9, 30));
    vi.useFakeTimers({ toFake: ["Date"], now: startedAt });
    const response = await app.t.api(cookie).optimizer.trial.$post();
    vi.useRealTimers();
    const { trialEndsAt } = await readJson(response, 200);
    expect(trialEndsAt).toBe(new Date(startedAt.getTime() + 7 * DAY_MS).toISOString());
    const [profile] = await app.t.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile?.trialEndsAt?.toISOString()).toBe(trialEndsAt);
    expect(profile?.trialStartedAt?.toISOString()).toBe(startedAt.toISOString());
  });

  it("refuses a second trial with 409", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    const response = await app.t.api(cookie).optimizer.trial.$post();
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: "Du hast deinen kostenlosen Testzeitraum bereits genutzt.",
      code: "TRIAL_USED",
    });
  });

  it("refuses a new trial after the first one expired", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "expired-trial");
    expect((await app.t.api(cookie).optimizer.trial.$post()).status).toBe(409);
  });

  it("starts only one trial when the button is clicked twice at once", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "free");
    const responses = await Promise.all([
      app.t.api(cookie).optimizer.trial.$post(),
      app.t.api(cookie).optimizer.trial.$post(),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
  });

  it("tells a subscriber they need no trial", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "subscriber");
    const response = await app.t.api(cookie).optimizer.trial.$post();
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: OPTIMIZER_ERRORS.trialNotNeeded, code: "TRIAL_NOT_NEEDED" });
  });
});

describe("POST /api/optimizer/spelling", () => {
  it("gives every signed-in user German spelling hints with suggestions", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "free");
    const text = "Ein Feher auf https://example.com/Feher und #Feher bei @feher.";
    const { issues } = await readJson(await app.t.api(cookie).optimizer.spelling.$post({ json: { text } }), 200);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ start: 4, end: 9, word: "Feher" });
    expect(issues[0]?.suggestions).toContain("Fehler");
    expect(app.fake.requests).toHaveLength(0);
  });

  it("has no issues for blank text and refuses text over the maximum length", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "free");
    const spelling = app.t.api(cookie).optimizer.spelling;
    expectAnswer(await readJson(await spelling.$post({ json: { text: " " } }), 200)).toEqual({ issues: [] });
    const tooLong = await spelling.$post({ json: { text: "a".repeat(2001) } });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ error: OPTIMIZER_ERRORS.textTooLong, code: "INVALID_INPUT" });
  });
});

describe("rate limits", () => {
  it(`allows ${OPTIMIZER_AI_RATE_LIMIT.max} AI requests per user in the window, then answers 429`, async () => {
    const { cookie } = await signUpForOptimizer(app.t, "free");
    for (let request = 0; request < OPTIMIZER_AI_RATE_LIMIT.max; request++) {
      const response = await (request % 2 === 0
        ? app.ai.improve(cookie, "Ein Text.")
        : app.ai.grammar(cookie, "Ein Text."));
      expect(response.status).toBe(403);
    }
    const limited = await app.ai.improve(cookie, "Ein Text.");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: "Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.",
      code: "TOO_MANY_REQUESTS",
    });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(OPTIMIZER_AI_RATE_LIMIT.windowMs / 1000);
    // Other users and the spelling hints have buckets of their own.
    const other = await signUpForOptimizer(app.t, "free");
    expect((await app.ai.improve(other.cookie, "Ein Text.")).status).toBe(403);
    expect((await app.t.api(cookie).optimizer.spelling.$post({ json: { text: "Hallo" } })).status).toBe(200);
  });
});

describe("demo mode (no AI provider configured)", () => {
  const demo = setUpBlockTestApp();

  it("says so in the access answer", async () => {
    const { cookie } = await signUpForOptimizer(demo, "free");
    expectAnswer(await readJson(await demo.api(cookie).optimizer.access.$get(), 200)).toMatchObject({
      canUseAi: false,
      demoMode: true,
    });
  });

  it("fixes obvious mistakes offline, labelled as demo", async () => {
    const { cookie } = await signUpForOptimizer(demo, "trial");
    const response = await demo.api(cookie).optimizer["correct-grammar"].$post({
      json: { postText: "heute habe ich einen Feher gefunden , leider." },
    });
    expectAnswer(await readJson(response, 200)).toEqual({
      correctedText: "Heute habe ich einen Fehler gefunden, leider.",
      demo: true,
    });
  });

  it("improves a post offline, labelled as demo, with the score it really reaches", async () => {
    const { cookie } = await signUpForOptimizer(demo, "subscriber");
    const response = await demo.api(cookie).optimizer["improve-post"].$post({
      json: { postText: "Unser neues Tool ist da!!! Probiert es aus!!! #ki #marketing #tools" },
    });
    const body = await readJson(response, 200);
    expect(body.demo).toBe(true);
    expect(body.improvedText).toMatch(/^Unser neues Tool ist da! Probiert es aus\./);
    expect(body.improvedText).toMatch(/ #ki$/);
    expect(evaluatePost(body.improvedText).score).toBe(POST_SCORE_MAX);
  });

  it("answers a post the demo editor cannot fully fix with its honest best, not with an error", async () => {
    const { cookie } = await signUpForOptimizer(demo, "trial");
    const postText =
      "Das ist ein sehr langer Satz ohne Punkt und Komma der einfach immer weiter geht und kein Ende nimmt weil der Autor vergessen hat Satzzeichen zu setzen";
    const response = await demo.api(cookie).optimizer["improve-post"].$post({ json: { postText } });
    expectAnswer(await readJson(response, 200)).toEqual({ improvedText: postText, demo: true });
  });

  it("still refuses a free user: the demo stands in for the model, not for the plan", async () => {
    const { cookie } = await signUpForOptimizer(demo, "free");
    const response = await demo.api(cookie).optimizer["improve-post"].$post({ json: { postText: "Ein Text." } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: PREMIUM_MESSAGE, code: "PREMIUM_REQUIRED" });
  });
});
