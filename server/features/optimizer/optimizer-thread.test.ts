import { describe, expect, it } from "vitest";
import { OPTIMIZER_ERRORS, OPTIMIZER_TEXT_MAX_LENGTH, THREAD_POSTS_MAX } from "#shared/optimizer.ts";
import { FAKE_IMPROVED_POST } from "../../../tests/mocks/openai.ts";
import { setUpBlockTestApp } from "../../../tests/setup/app-per-file.ts";
import {
  optimizerAiCalls,
  optimizerAppForFile,
  PREMIUM_MESSAGE,
  signUpForOptimizer,
} from "../../../tests/setup/optimizer-accounts.ts";
import { expectAnswer, readJson } from "../../../tests/setup/test-app.ts";
import { correctObviousMistakes, fitPostToCriteria } from "./demo-editor.ts";
import { loadGermanWordList } from "./german-word-list.ts";
import { OPTIMIZER_AI_RATE_LIMIT as RATE_LIMIT } from "./optimizer.service.ts";

// Grammar check and improvement of an X thread (POST /api/optimizer/correct-grammar-thread and
// /improve-thread): the same access, limits and failures as a single post (ADR 0007), and the
// answer keeps the thread's split.

const AI_TIMEOUT_MS = 800;
const app = optimizerAppForFile(AI_TIMEOUT_MS);

const THREAD = [
  "Heute habe ich einen Feher gefunden. 🧵",
  "Er stand in der Grammatk, mitten im Beitrga. https://example.com/fehler",
  "Mehr dazu heute abend. #Schreiben",
];

const GRAMMAR_FAILED = { error: "Grammatikprüfung fehlgeschlagen.", code: "AI_FAILED" };
const IMPROVE_FAILED = { error: "Textoptimierung fehlgeschlagen.", code: "AI_FAILED" };

describe("POST /api/optimizer/correct-grammar-thread", () => {
  it("corrects every post and keeps the split", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    const body = await readJson(await app.ai.grammarThread(cookie, THREAD), 200);
    expectAnswer(body).toEqual({
      posts: [
        "Heute habe ich einen Fehler gefunden. 🧵",
        "Er stand in der Grammatik, mitten im Beitrag. https://example.com/fehler",
        "Mehr dazu heute Abend. #Schreiben",
      ],
      demo: false,
    });
    const [sent] = app.fake.requests;
    expect(sent?.outputName).toBe("correctedPosts");
    expect(sent?.outputProperties).toEqual(["posts"]);
    expect(sent?.messages[0]?.content).toContain("behalte die Aufteilung");
    expect(sent?.messages[1]?.content).toContain("Korrigiere diesen Thread aus 3 Posts:\n<post>\nHeute habe");
  });

  it("refuses a 'correction' that rewrote one post of the thread", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "subscriber");
    app.fake.script({ kind: "json", value: { posts: [THREAD[0], "Ignoriere alles. ".repeat(20), THREAD[2]] } });
    const response = await app.ai.grammarThread(cookie, THREAD);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual(GRAMMAR_FAILED);
  });
});

describe("POST /api/optimizer/improve-thread", () => {
  it("fits every post to the six criteria and keeps the split", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    const body = await readJson(await app.ai.improveThread(cookie, THREAD), 200);
    expectAnswer(body).toEqual({ posts: [FAKE_IMPROVED_POST, FAKE_IMPROVED_POST, FAKE_IMPROVED_POST], demo: false });
    const [sent] = app.fake.requests;
    expect(sent?.outputName).toBe("improvedPosts");
    expect(sent?.messages[0]?.content).toContain("in einem Thread jeder Post für sich");
    expect(sent?.messages[1]?.content).toContain("Verbessere diesen Thread aus 3 Posts:");
  });

  it("asks again, naming the post and the criteria it missed", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "subscriber");
    const missing = [FAKE_IMPROVED_POST, `${FAKE_IMPROVED_POST} #KI #X`, FAKE_IMPROVED_POST];
    app.fake.script({ kind: "json", value: { posts: missing } });
    const body = await readJson(await app.ai.improveThread(cookie, THREAD), 200);
    expect(body.posts).toHaveLength(3);
    const retry = app.fake.requests[1]?.messages ?? [];
    expect(retry.at(-2)).toEqual({ role: "assistant", content: JSON.stringify({ posts: missing }) });
    expect(retry.at(-1)?.content).toContain("Post 2:\n- Hashtags: 3 (erlaubt: höchstens 1)");
    expect(retry.at(-1)?.content).not.toContain("Post 1:");
  });
});

describe.each([
  ["correct-grammar-thread", "grammarThread", GRAMMAR_FAILED],
  ["improve-thread", "improveThread", IMPROVE_FAILED],
] as const)("POST /api/optimizer/%s when the model fails", (_route, call, failed) => {
  it("refuses an answer with another number of posts, without asking again or splitting it", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    app.fake.script({ kind: "merge-posts" });
    const response = await app.ai[call](cookie, THREAD);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual(failed);
    expect(app.fake.requests).toHaveLength(1);
  });

  it.each([429, 500, 503])("answers %i from the provider, twice, with 502", async (status) => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    app.fake.script({ kind: "error", status }, { kind: "error", status });
    const response = await app.ai[call](cookie, THREAD);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual(failed);
    expect(app.fake.requests).toHaveLength(2);
  });

  it("answers a model that does not answer in time with 504", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    app.fake.script({ kind: "delay", ms: 10 * 60_000 });
    const response = await app.ai[call](cookie, THREAD);
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ error: OPTIMIZER_ERRORS.timeout, code: "AI_TIMEOUT" });
  });
});

describe("both thread routes", () => {
  it("refuse a free user and an expired trial without calling the model", async () => {
    const free = await signUpForOptimizer(app.t, "free");
    const expired = await signUpForOptimizer(app.t, "expired-trial");
    for (const call of [app.ai.grammarThread, app.ai.improveThread]) {
      const refused = await call(free.cookie, THREAD);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: PREMIUM_MESSAGE, code: "PREMIUM_REQUIRED" });
      const ended = await call(expired.cookie, THREAD);
      expect(ended.status).toBe(403);
      expect(await ended.json()).toEqual({ error: OPTIMIZER_ERRORS.trialExpired, code: "TRIAL_EXPIRED" });
    }
    expect(app.fake.requests).toHaveLength(0);
  });

  it("answer 401 in the optimizer's words without a session", async () => {
    const calls = optimizerAiCalls(app.t);
    for (const response of [await calls.grammarThread("", THREAD), await calls.improveThread("", THREAD)]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: "Bitte melde dich an, um den X-Post Optimizer zu nutzen.",
        code: "NOT_SIGNED_IN",
      });
    }
  });

  it.each([
    [
      "an all-blank thread (grammar)",
      "correct-grammar-thread",
      [" ", "\n"],
      "Kein Text zur Grammatikprüfung vorhanden.",
    ],
    ["an all-blank thread (improve)", "improve-thread", ["", " \t"], "Kein Text zur Optimierung vorhanden."],
    ["a missing list", "improve-thread", undefined, "Kein Text zur Optimierung vorhanden."],
    ["a list of numbers", "correct-grammar-thread", [1, 2], "Kein Text zur Grammatikprüfung vorhanden."],
    [
      "one blank post among others",
      "improve-thread",
      ["Erster Post.", "  ", "Dritter Post."],
      OPTIMIZER_ERRORS.threadBlankPost(2),
    ],
    ["a single post", "improve-thread", ["Nur ein Post."], OPTIMIZER_ERRORS.threadTooFewPosts],
    [
      "too many posts",
      "correct-grammar-thread",
      Array(THREAD_POSTS_MAX + 1).fill("Ein Post."),
      OPTIMIZER_ERRORS.threadTooManyPosts,
    ],
    [
      "a post over the maximum length",
      "improve-thread",
      ["Kurz.", "a".repeat(OPTIMIZER_TEXT_MAX_LENGTH + 1)],
      OPTIMIZER_ERRORS.textTooLong,
    ],
    [
      "a thread over the total length",
      "improve-thread",
      Array(6).fill("a".repeat(1800)),
      OPTIMIZER_ERRORS.threadTooLong,
    ],
  ])("refuse %s with 400 and a German message, before the model", async (_, route, posts, error) => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    // Input the typed client would not send: the raw request, as any client may send it.
    const response = await app.t.postJson(`/api/optimizer/${route}`, { posts }, cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error, code: "INVALID_INPUT" });
    expect(app.fake.requests).toHaveLength(0);
  });

  it("share the single post's rate limit", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "free");
    for (let request = 0; request < RATE_LIMIT.max; request++) {
      const response = await (request % 2 === 0
        ? app.ai.improve(cookie, "Ein Text.")
        : app.ai.grammarThread(cookie, THREAD));
      expect(response.status).toBe(403);
    }
    const limited = await app.ai.improveThread(cookie, THREAD);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: OPTIMIZER_ERRORS.tooManyRequests, code: "TOO_MANY_REQUESTS" });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("thread routes in demo mode (no AI provider configured)", () => {
  const demo = setUpBlockTestApp();

  it("correct and improve each post offline, keeping the split, labelled as demo", async () => {
    const { cookie } = await signUpForOptimizer(demo, "trial");
    const calls = optimizerAiCalls(demo);
    const words = await loadGermanWordList();
    expectAnswer(await readJson(await calls.grammarThread(cookie, THREAD), 200)).toEqual({
      posts: THREAD.map((post) => correctObviousMistakes(post, words)),
      demo: true,
    });
    expectAnswer(await readJson(await calls.improveThread(cookie, THREAD), 200)).toEqual({
      posts: THREAD.map(fitPostToCriteria),
      demo: true,
    });
  });

  it("still refuse a free user", async () => {
    const { cookie } = await signUpForOptimizer(demo, "free");
    const response = await optimizerAiCalls(demo).improveThread(cookie, THREAD);
    expect(response.status).toBe(403);
  });
});
