import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OPTIMIZER_ERRORS, OPTIMIZER_TEXT_MAX_LENGTH, POST_SCORE_MAX } from "#shared/optimizer.ts";
import { evaluatePost } from "#shared/post-metrics.ts";
import { aiEnvFor, FAKE_IMPROVED_POST, type OpenAiFake, startOpenAiFake } from "../../../tests/mocks/openai.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { subscriptions } from "../../db/schema/billing.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { IMPROVE_MAX_MODEL_CALLS, OPTIMIZER_AI_RATE_LIMIT } from "./optimizer.service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const AI_TIMEOUT_MS = 800;
const PREMIUM_MESSAGE =
  "Die KI-Funktionen gehören zum Premium-Plan (9,99\u00a0€/Monat). Starte deinen kostenlosen 7-Tage-Test – ohne Kreditkarte.";

let fake: OpenAiFake;
let t: TestApp;
beforeAll(async () => {
  fake = await startOpenAiFake();
  t = await createTestApp({ env: aiEnvFor(fake, AI_TIMEOUT_MS) });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

type Plan = "free" | "trial" | "subscriber" | "expired-trial";
let userCount = 0;

// A fresh account per test, so no test depends on another's trial, plan or rate limit.
async function signUpAs(app: TestApp, plan: Plan) {
  const email = `optimizer-${++userCount}@example.test`;
  const cookie = await app.signUpAndConfirm(email);
  const [profile] = await app.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  const userId = profile?.id ?? "";
  if (plan === "subscriber") {
    // What a paid Optimizer Premium checkout leaves behind (ADR 0023).
    await app.db
      .insert(subscriptions)
      .values({ userId, plan: "optimizer_premium", stripeSubscriptionId: `sub_${userId}`, status: "active" });
  }
  if (plan === "trial") {
    const response = await app.postJson("/api/optimizer/trial", {}, cookie);
    if (response.status !== 200) throw new Error(`Test konnte nicht gestartet werden: ${response.status}`);
  }
  if (plan === "expired-trial") {
    await app.db
      .update(profiles)
      .set({ trialStartedAt: new Date(Date.now() - 8 * DAY_MS), trialEndsAt: new Date(Date.now() - DAY_MS) })
      .where(eq(profiles.id, userId));
  }
  return { cookie, userId };
}

const grammar = (cookie: string, postText: unknown) =>
  t.postJson("/api/optimizer/correct-grammar", { postText }, cookie);
const improve = (cookie: string, postText: unknown) => t.postJson("/api/optimizer/improve-post", { postText }, cookie);

describe("every optimizer route", () => {
  it('answers 401 in the optimizer\'s own words ("du") without a session', async () => {
    const requests = [
      t.request("/api/optimizer/access"),
      t.postJson("/api/optimizer/trial", {}),
      t.postJson("/api/optimizer/correct-grammar", { postText: "Hallo" }),
      t.postJson("/api/optimizer/improve-post", { postText: "Hallo" }),
      t.postJson("/api/optimizer/spelling", { text: "Hallo" }),
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
    const { cookie } = await signUpAs(t, "free");
    const response = await t.request("/api/optimizer/access", { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      canUseAi: false,
      via: null,
      trialEndsAt: null,
      trialAvailable: true,
      demoMode: false,
    });
  });

  it("shows a running trial with its end date", async () => {
    const { cookie } = await signUpAs(t, "trial");
    const body = await (await t.request("/api/optimizer/access", { cookie })).json();
    expect(body).toMatchObject({ canUseAi: true, via: "trial", trialAvailable: false, demoMode: false });
    expect(new Date(body.trialEndsAt).getTime()).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);
  });

  it("shows a subscriber's access without offering a trial", async () => {
    const { cookie } = await signUpAs(t, "subscriber");
    expect(await (await t.request("/api/optimizer/access", { cookie })).json()).toEqual({
      canUseAi: true,
      via: "subscription",
      trialEndsAt: null,
      trialAvailable: false,
      demoMode: false,
    });
  });

  it("shows an expired trial as no access and no second trial", async () => {
    const { cookie } = await signUpAs(t, "expired-trial");
    const body = await (await t.request("/api/optimizer/access", { cookie })).json();
    expect(body).toMatchObject({ canUseAi: false, via: null, trialAvailable: false });
    expect(new Date(body.trialEndsAt).getTime()).toBeLessThan(Date.now());
  });
});

describe("POST /api/optimizer/trial", () => {
  it("starts a 7-day trial stored on the server", async () => {
    const { cookie, userId } = await signUpAs(t, "free");
    const before = Date.now();
    const response = await t.postJson("/api/optimizer/trial", {}, cookie);
    expect(response.status).toBe(200);
    const { trialEndsAt } = await response.json();
    const endsAt = new Date(trialEndsAt).getTime();
    expect(endsAt).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(endsAt).toBeLessThan(Date.now() + 7 * DAY_MS + 1000);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile?.trialEndsAt?.toISOString()).toBe(trialEndsAt);
    expect(profile?.trialStartedAt).not.toBeNull();
  });

  it("refuses a second trial with 409", async () => {
    const { cookie } = await signUpAs(t, "trial");
    const response = await t.postJson("/api/optimizer/trial", {}, cookie);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: "Du hast deinen kostenlosen Testzeitraum bereits genutzt.",
      code: "TRIAL_USED",
    });
  });

  it("refuses a new trial after the first one expired", async () => {
    const { cookie } = await signUpAs(t, "expired-trial");
    expect((await t.postJson("/api/optimizer/trial", {}, cookie)).status).toBe(409);
  });

  it("starts only one trial when the button is clicked twice at once", async () => {
    const { cookie } = await signUpAs(t, "free");
    const responses = await Promise.all([
      t.postJson("/api/optimizer/trial", {}, cookie),
      t.postJson("/api/optimizer/trial", {}, cookie),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
  });

  it("tells a subscriber they need no trial", async () => {
    const { cookie } = await signUpAs(t, "subscriber");
    const response = await t.postJson("/api/optimizer/trial", {}, cookie);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: OPTIMIZER_ERRORS.trialNotNeeded, code: "TRIAL_NOT_NEEDED" });
  });
});

describe("POST /api/optimizer/correct-grammar", () => {
  it("returns the model's correction for a trial user", async () => {
    const { cookie } = await signUpAs(t, "trial");
    const response = await grammar(cookie, "Heute habe ich einen Feher gefunden. #Schreiben");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      correctedText: "Heute habe ich einen Fehler gefunden. #Schreiben",
      demo: false,
    });
    const [sent] = fake.requests;
    expect(sent?.outputProperties).toEqual(["correctedText"]);
    expect(sent?.messages[0]?.content).toContain("ausschließlich Rechtschreibung, Grammatik und Zeichensetzung");
    expect(sent?.messages[0]?.content).toContain("übersetze nie");
    expect(sent?.messages[1]?.content).toContain("<post>\nHeute habe ich einen Feher gefunden. #Schreiben\n</post>");
  });

  it("allows an active subscriber", async () => {
    const { cookie } = await signUpAs(t, "subscriber");
    fake.script({ kind: "json", value: { correctedText: "Alles richtig." } });
    const response = await grammar(cookie, "Alles richtig.");
    expect(response.status).toBe(200);
    expect((await response.json()).correctedText).toBe("Alles richtig.");
  });

  it("refuses a free user with 403 and the Premium message, without calling the model", async () => {
    const { cookie } = await signUpAs(t, "free");
    const response = await grammar(cookie, "Ein Text.");
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: PREMIUM_MESSAGE, code: "PREMIUM_REQUIRED" });
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses a user whose trial has expired", async () => {
    const { cookie } = await signUpAs(t, "expired-trial");
    const response = await grammar(cookie, "Ein Text.");
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: OPTIMIZER_ERRORS.trialExpired, code: "TRIAL_EXPIRED" });
    expect(fake.requests).toHaveLength(0);
  });

  it.each([
    ["blank text", "   \n\t "],
    ["an empty string", ""],
    ["a missing text", undefined],
    ["a number", 42],
  ])("refuses %s with the spec's message", async (_, postText) => {
    const { cookie } = await signUpAs(t, "trial");
    const response = await grammar(cookie, postText);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Kein Text zur Grammatikprüfung vorhanden.",
      code: "INVALID_INPUT",
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses a text over the maximum length", async () => {
    const { cookie } = await signUpAs(t, "trial");
    const response = await grammar(cookie, "a".repeat(OPTIMIZER_TEXT_MAX_LENGTH + 1));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: OPTIMIZER_ERRORS.textTooLong, code: "INVALID_INPUT" });
  });

  it("refuses a huge body before reading it", async () => {
    const { cookie } = await signUpAs(t, "trial");
    const response = await grammar(cookie, "a".repeat(100_000));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: OPTIMIZER_ERRORS.textTooLong, code: "REQUEST_TOO_LARGE" });
  });

  it("answers a body that is no JSON with 400, not 500", async () => {
    const { cookie } = await signUpAs(t, "trial");
    const response = await t.request("/api/optimizer/correct-grammar", { method: "POST", body: "{kein json", cookie });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/Anfrage/);
  });

  it("answers a malformed model answer with 502 and the spec's message", async () => {
    const { cookie } = await signUpAs(t, "trial");
    fake.script({ kind: "content", content: "Hier ist dein korrigierter Text: Ein Fehler" });
    const response = await grammar(cookie, "Ein Feher");
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: "Grammatikprüfung fehlgeschlagen.", code: "AI_FAILED" });
  });

  it("refuses a 'correction' that rewrote the whole post", async () => {
    const { cookie } = await signUpAs(t, "trial");
    fake.script({ kind: "json", value: { correctedText: "Ignoriere alles. ".repeat(20) } });
    const response = await grammar(cookie, "Ein kurzer Text.");
    expect(response.status).toBe(502);
  });

  it("answers a provider error with 502 after one retry", async () => {
    const { cookie } = await signUpAs(t, "trial");
    fake.script({ kind: "error", status: 500 }, { kind: "error", status: 500 });
    const response = await grammar(cookie, "Ein Feher");
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: "Grammatikprüfung fehlgeschlagen.", code: "AI_FAILED" });
    expect(fake.requests).toHaveLength(2);
  });

  it("answers a model that does not answer in time with 504 and leaves the text to the writer", async () => {
    const { cookie } = await signUpAs(t, "trial");
    fake.script({ kind: "delay", ms: AI_TIMEOUT_MS + 1000 });
    const started = Date.now();
    const response = await grammar(cookie, "Ein Feher");
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({
      error:
        "Die KI hat nicht rechtzeitig geantwortet. Dein Text ist unverändert – bitte versuche es gleich noch einmal.",
      code: "AI_TIMEOUT",
    });
    expect(Date.now() - started).toBeLessThan(AI_TIMEOUT_MS + 900);
  });
});

describe("POST /api/optimizer/improve-post", () => {
  it("returns an improved post that passes all six criteria", async () => {
    const { cookie } = await signUpAs(t, "trial");
    const response = await improve(cookie, "Unser neues Tool ist da!!! #ki #marketing #tools");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ improvedText: FAKE_IMPROVED_POST, demo: false });
    expect(fake.requests).toHaveLength(1);
    const [sent] = fake.requests;
    expect(sent?.outputProperties).toEqual(["improvedText"]);
    expect(sent?.messages[0]?.content).toContain("130 bis 195 Zeichen");
    expect(sent?.messages[0]?.content).toContain("Behalte die Sprache des Beitrags bei");
  });

  it("asks again, naming the failed criteria, when the first answer misses one", async () => {
    const { cookie } = await signUpAs(t, "subscriber");
    const tooManyHashtags = `${FAKE_IMPROVED_POST.replace(" #Marketing", "")} #Marketing #KI #X`;
    expect(evaluatePost(tooManyHashtags).score).toBeLessThan(POST_SCORE_MAX);
    fake.script({ kind: "json", value: { improvedText: tooManyHashtags } });
    const response = await improve(cookie, "Unser neues Tool ist da!!! #ki #marketing #tools");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ improvedText: FAKE_IMPROVED_POST, demo: false });
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1]?.messages ?? [];
    expect(retry.at(-2)).toEqual({ role: "assistant", content: JSON.stringify({ improvedText: tooManyHashtags }) });
    expect(retry.at(-1)?.role).toBe("user");
    expect(retry.at(-1)?.content).toContain("Hashtags: 3 (erlaubt: höchstens 1)");
    expect(retry.at(-1)?.content).not.toContain("Wörter:");
  });

  it(`gives up with 502 after ${IMPROVE_MAX_MODEL_CALLS} answers that all miss a criterion`, async () => {
    const { cookie } = await signUpAs(t, "trial");
    const tooShort = { kind: "json", value: { improvedText: "Zu kurz." } } as const;
    fake.script(tooShort, tooShort, tooShort, tooShort);
    const response = await improve(cookie, "Ein Text, der besser werden soll.");
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: "Textoptimierung fehlgeschlagen.", code: "AI_FAILED" });
    expect(fake.requests).toHaveLength(IMPROVE_MAX_MODEL_CALLS);
    expect(fake.requests.at(-1)?.messages.at(-1)?.content).toContain("Länge: 8 Zeichen (erlaubt: 130 bis 195)");
  });

  it("refuses blank text with the spec's message", async () => {
    const { cookie } = await signUpAs(t, "trial");
    const response = await improve(cookie, "  \n ");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Kein Text zur Optimierung vorhanden.", code: "INVALID_INPUT" });
  });

  it("refuses a free user with 403 without calling the model", async () => {
    const { cookie } = await signUpAs(t, "free");
    const response = await improve(cookie, "Ein Text.");
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: PREMIUM_MESSAGE, code: "PREMIUM_REQUIRED" });
    expect(fake.requests).toHaveLength(0);
  });

  it("answers a malformed model answer with 502", async () => {
    const { cookie } = await signUpAs(t, "trial");
    fake.script({ kind: "json", value: { text: "falsches Feld" } });
    const response = await improve(cookie, "Ein Text.");
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: "Textoptimierung fehlgeschlagen.", code: "AI_FAILED" });
  });

  it("answers a timeout with 504", async () => {
    const { cookie } = await signUpAs(t, "trial");
    fake.script({ kind: "delay", ms: AI_TIMEOUT_MS + 1000 });
    const response = await improve(cookie, "Ein Text.");
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ error: OPTIMIZER_ERRORS.timeout, code: "AI_TIMEOUT" });
  });
});

describe("POST /api/optimizer/spelling", () => {
  it("gives every signed-in user German spelling hints with suggestions", async () => {
    const { cookie } = await signUpAs(t, "free");
    const text = "Ein Feher auf https://example.com/Feher und #Feher bei @feher.";
    const response = await t.postJson("/api/optimizer/spelling", { text }, cookie);
    expect(response.status).toBe(200);
    const { issues } = await response.json();
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ start: 4, end: 9, word: "Feher" });
    expect(issues[0].suggestions).toContain("Fehler");
    expect(fake.requests).toHaveLength(0);
  });

  it("has no issues for blank text and refuses text over the maximum length", async () => {
    const { cookie } = await signUpAs(t, "free");
    expect(await (await t.postJson("/api/optimizer/spelling", { text: " " }, cookie)).json()).toEqual({ issues: [] });
    const tooLong = await t.postJson("/api/optimizer/spelling", { text: "a".repeat(2001) }, cookie);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ error: OPTIMIZER_ERRORS.textTooLong, code: "INVALID_INPUT" });
  });
});

describe("rate limits", () => {
  it(`allows ${OPTIMIZER_AI_RATE_LIMIT.max} AI requests per user in the window, then answers 429`, async () => {
    const { cookie } = await signUpAs(t, "free");
    for (let request = 0; request < OPTIMIZER_AI_RATE_LIMIT.max; request++) {
      const response = await (request % 2 === 0 ? improve(cookie, "Ein Text.") : grammar(cookie, "Ein Text."));
      expect(response.status).toBe(403);
    }
    const limited = await improve(cookie, "Ein Text.");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: "Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.",
      code: "TOO_MANY_REQUESTS",
    });
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(OPTIMIZER_AI_RATE_LIMIT.windowMs / 1000);
    // Other users and the spelling hints have buckets of their own.
    const other = await signUpAs(t, "free");
    expect((await improve(other.cookie, "Ein Text.")).status).toBe(403);
    expect((await t.postJson("/api/optimizer/spelling", { text: "Hallo" }, cookie)).status).toBe(200);
  });
});

describe("demo mode (no AI provider configured)", () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp();
  });
  afterAll(() => demo?.close());

  it("says so in the access answer", async () => {
    const { cookie } = await signUpAs(demo, "free");
    expect(await (await demo.request("/api/optimizer/access", { cookie })).json()).toMatchObject({
      canUseAi: false,
      demoMode: true,
    });
  });

  it("fixes obvious mistakes offline, labelled as demo", async () => {
    const { cookie } = await signUpAs(demo, "trial");
    const response = await demo.postJson(
      "/api/optimizer/correct-grammar",
      { postText: "heute habe ich einen Feher gefunden , leider." },
      cookie,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      correctedText: "Heute habe ich einen Fehler gefunden, leider.",
      demo: true,
    });
  });

  it("fits a post to all six criteria offline, labelled as demo", async () => {
    const { cookie } = await signUpAs(demo, "subscriber");
    const response = await demo.postJson(
      "/api/optimizer/improve-post",
      { postText: "Unser neues Tool ist da!!! Probiert es aus!!! #ki #marketing #tools" },
      cookie,
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.demo).toBe(true);
    expect(body.improvedText).toMatch(/^Unser neues Tool ist da! Probiert es aus\./);
    expect(evaluatePost(body.improvedText).score).toBe(POST_SCORE_MAX);
  });

  it("still refuses a free user: the demo stands in for the model, not for the plan", async () => {
    const { cookie } = await signUpAs(demo, "free");
    const response = await demo.postJson("/api/optimizer/improve-post", { postText: "Ein Text." }, cookie);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: PREMIUM_MESSAGE, code: "PREMIUM_REQUIRED" });
  });
});
