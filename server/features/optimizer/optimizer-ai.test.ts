import { describe, expect, it } from "vitest";
import { OPTIMIZER_ERRORS, OPTIMIZER_TEXT_MAX_LENGTH, POST_SCORE_MAX } from "#shared/optimizer.ts";
import { evaluatePost } from "#shared/post-metrics.ts";
import { FAKE_IMPROVED_POST } from "../../../tests/mocks/openai.ts";
import { optimizerAppForFile, PREMIUM_MESSAGE, signUpForOptimizer } from "../../../tests/setup/optimizer-accounts.ts";
import { readJson } from "../../../tests/setup/test-app.ts";
import { IMPROVE_MAX_MODEL_CALLS } from "./optimizer.service.ts";

// The optimizer's two AI routes against an OpenAI-compatible fake (ADR 0007); access,
// trial, spelling hints and rate limits are in optimizer.test.ts.

const AI_TIMEOUT_MS = 800;
/** A model that answers long after the test's own timeout: only the deadline can end the call. */
const NO_ANSWER = { kind: "delay", ms: 10 * 60_000 } as const;

const app = optimizerAppForFile(AI_TIMEOUT_MS);

describe("POST /api/optimizer/correct-grammar", () => {
  it("returns the model's correction for a trial user", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    const response = await app.ai.grammar(cookie, "Heute habe ich einen Feher gefunden. #Schreiben");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      correctedText: "Heute habe ich einen Fehler gefunden. #Schreiben",
      demo: false,
    });
    const [sent] = app.fake.requests;
    expect(sent?.outputProperties).toEqual(["posts"]);
    expect(sent?.outputName).toBe("correctedPosts");
    expect(sent?.messages[0]?.content).toContain("ausschließlich Rechtschreibung, Grammatik und Zeichensetzung");
    expect(sent?.messages[0]?.content).toContain("übersetze nie");
    expect(sent?.messages[1]?.content).toContain("<post>\nHeute habe ich einen Feher gefunden. #Schreiben\n</post>");
  });

  it("allows an active subscriber", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "subscriber");
    app.fake.script({ kind: "json", value: { posts: ["Alles richtig."] } });
    const body = await readJson(await app.ai.grammar(cookie, "Alles richtig."), 200);
    expect(body.correctedText).toBe("Alles richtig.");
  });

  it.each([
    ["blank text", "   \n\t "],
    ["an empty string", ""],
    ["a missing text", undefined],
    ["a number", 42],
  ])("refuses %s with the spec's message", async (_, postText) => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    // Input the typed client would not send: the raw request, as any client may send it.
    const response = await app.t.postJson("/api/optimizer/correct-grammar", { postText }, cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "Kein Text zur Grammatikprüfung vorhanden.",
      code: "INVALID_INPUT",
    });
    expect(app.fake.requests).toHaveLength(0);
  });

  it("refuses a text over the maximum length", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    const response = await app.ai.grammar(cookie, "a".repeat(OPTIMIZER_TEXT_MAX_LENGTH + 1));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: OPTIMIZER_ERRORS.textTooLong, code: "INVALID_INPUT" });
  });

  it("refuses a huge body before reading it", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    const response = await app.ai.grammar(cookie, "a".repeat(100_000));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: OPTIMIZER_ERRORS.textTooLong, code: "REQUEST_TOO_LARGE" });
  });

  it("answers a body that is no JSON with 400, not 500", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    const response = await app.t.request("/api/optimizer/correct-grammar", {
      method: "POST",
      body: "{kein json",
      cookie,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/Anfrage/);
  });

  it("answers a malformed model answer with 502 and the spec's message", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    app.fake.script({ kind: "content", content: "Hier ist dein korrigierter Text: Ein Fehler" });
    const response = await app.ai.grammar(cookie, "Ein Feher");
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: "Grammatikprüfung fehlgeschlagen.", code: "AI_FAILED" });
  });

  it("refuses a 'correction' that rewrote the whole post", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    app.fake.script({ kind: "json", value: { posts: ["Ignoriere alles. ".repeat(20)] } });
    const response = await app.ai.grammar(cookie, "Ein kurzer Text.");
    expect(response.status).toBe(502);
  });
});

describe("POST /api/optimizer/improve-post", () => {
  it("returns an improved post that passes all six criteria", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    const response = await app.ai.improve(cookie, "Unser neues Tool ist da!!! #ki #marketing #tools");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ improvedText: FAKE_IMPROVED_POST, demo: false });
    expect(app.fake.requests).toHaveLength(1);
    const [sent] = app.fake.requests;
    expect(sent?.outputProperties).toEqual(["posts"]);
    expect(sent?.outputName).toBe("improvedPosts");
    expect(sent?.messages[0]?.content).toContain("130 bis 195 Zeichen");
    expect(sent?.messages[0]?.content).toContain("Behalte die Sprache des Beitrags bei");
  });

  it("asks again, naming the failed criteria, when the first answer misses one", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "subscriber");
    const tooManyHashtags = `${FAKE_IMPROVED_POST.replace(" #Marketing", "")} #Marketing #KI #X`;
    expect(evaluatePost(tooManyHashtags).score).toBeLessThan(POST_SCORE_MAX);
    app.fake.script({ kind: "json", value: { posts: [tooManyHashtags] } });
    const response = await app.ai.improve(cookie, "Unser neues Tool ist da!!! #ki #marketing #tools");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ improvedText: FAKE_IMPROVED_POST, demo: false });
    expect(app.fake.requests).toHaveLength(2);
    const retry = app.fake.requests[1]?.messages ?? [];
    expect(retry.at(-2)).toEqual({ role: "assistant", content: JSON.stringify({ posts: [tooManyHashtags] }) });
    expect(retry.at(-1)?.role).toBe("user");
    expect(retry.at(-1)?.content).toContain("Hashtags: 3 (erlaubt: höchstens 1)");
    expect(retry.at(-1)?.content).not.toContain("Wörter:");
  });

  it(`gives up with 502 after ${IMPROVE_MAX_MODEL_CALLS} answers that all miss a criterion`, async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    const tooShort = { kind: "json", value: { posts: ["Zu kurz."] } } as const;
    app.fake.script(tooShort, tooShort, tooShort, tooShort);
    const response = await app.ai.improve(cookie, "Ein Text, der besser werden soll.");
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: "Textoptimierung fehlgeschlagen.", code: "AI_FAILED" });
    expect(app.fake.requests).toHaveLength(IMPROVE_MAX_MODEL_CALLS);
    expect(app.fake.requests.at(-1)?.messages.at(-1)?.content).toContain("Länge: 8 Zeichen (erlaubt: 130 bis 195)");
  });

  it("refuses blank text with the spec's message", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    const response = await app.ai.improve(cookie, "  \n ");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Kein Text zur Optimierung vorhanden.", code: "INVALID_INPUT" });
  });

  it("answers a malformed model answer with 502", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    app.fake.script({ kind: "json", value: { text: "falsches Feld" } });
    const response = await app.ai.improve(cookie, "Ein Text.");
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: "Textoptimierung fehlgeschlagen.", code: "AI_FAILED" });
  });
});

describe.each([
  ["correct-grammar", "grammar", "Grammatikprüfung fehlgeschlagen."],
  ["improve-post", "improve", "Textoptimierung fehlgeschlagen."],
] as const)("POST /api/optimizer/%s: access and the model's failures", (_route, call, failed) => {
  it.each([
    ["a free user", "free", { error: PREMIUM_MESSAGE, code: "PREMIUM_REQUIRED" }],
    ["an expired trial", "expired-trial", { error: OPTIMIZER_ERRORS.trialExpired, code: "TRIAL_EXPIRED" }],
  ] as const)("refuses %s with 403 and the reason, without calling the model", async (_, plan, refusal) => {
    const { cookie } = await signUpForOptimizer(app.t, plan);
    const response = await app.ai[call](cookie, "Ein Text.");
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(refusal);
    expect(app.fake.requests).toHaveLength(0);
  });

  it("answers a provider error with 502 after one retry", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    app.fake.script({ kind: "error", status: 500 }, { kind: "error", status: 500 });
    const response = await app.ai[call](cookie, "Ein Feher");
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: failed, code: "AI_FAILED" });
    expect(app.fake.requests).toHaveLength(2);
  });

  it("answers a model that does not answer in time with 504 and leaves the text to the writer", async () => {
    const { cookie } = await signUpForOptimizer(app.t, "trial");
    app.fake.script(NO_ANSWER);
    const response = await app.ai[call](cookie, "Ein Feher");
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({
      error:
        "Die KI hat nicht rechtzeitig geantwortet. Dein Text ist unverändert – bitte versuche es gleich noch einmal.",
      code: "AI_TIMEOUT",
    });
  });
});
