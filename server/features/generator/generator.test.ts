import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contentGenerationLogs } from "#server/db/schema/content-generation-logs.ts";
import { consumeRateLimit } from "#server/features/rate-limit/rate-limit.service.ts";
import { createLogger } from "#server/logger.ts";
import { readGenerationEvents } from "#shared/generation-stream.ts";
import type { GenerationEvent } from "#shared/generator.schemas.ts";
import { GENERATOR_MESSAGES } from "#shared/generator.ts";
import { FAKE_GENERATED_POSTS } from "../../../tests/mocks/openai.ts";
import { AI_TIMEOUT_MS, FORM, signUpAs, withGeneratorTestApp } from "../../../tests/support/generator-app.ts";
import { GENERATOR_RATE_LIMIT } from "./generator.service.ts";
import { RUN_REPAIR_AFTER_MS, repairAbandonedRuns } from "./run-repair.service.ts";

const generator = withGeneratorTestApp();

describe("the generator's routes without a session", () => {
  it("answer 401 with the spec's words", async () => {
    for (const response of [
      await generator.t.request("/api/generator/status"),
      await generator.t.postJson("/api/generator/generate", FORM),
      await generator.t.postJson("/api/generator/unlock", { code: "egal" }),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: "Bitte melden Sie sich an, um Inhalte zu generieren",
        code: "NOT_SIGNED_IN",
      });
    }
  });
});

describe("GET /api/generator/status", () => {
  it("tells the page the credits, the plan and whether the demo mode is on", async () => {
    const { cookie } = await signUpAs(generator.t, { credits: 4 });
    expect(await (await generator.t.request("/api/generator/status", { cookie })).json()).toEqual({
      accessCodeRequired: false,
      credits: 4,
      subscriptionStatus: "free",
      isSubscriber: false,
      proRunsRemaining: null,
      canGenerate: true,
      demoMode: false,
      imageInput: false,
    });
  });

  it("shows the credit gate for a free user at 0 credits, not for a subscriber", async () => {
    const free = await signUpAs(generator.t, { credits: 0 });
    expect(
      (await (await generator.t.request("/api/generator/status", { cookie: free.cookie })).json()).canGenerate,
    ).toBe(false);
    const pro = await signUpAs(generator.t, { credits: 0, subscriber: true });
    expect(
      (await (await generator.t.request("/api/generator/status", { cookie: pro.cookie })).json()).canGenerate,
    ).toBe(true);
  });
});

describe("POST /api/generator/generate", () => {
  it("streams three posts, archives them and takes one credit", async () => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 10 });
    const { events, last } = await generator.generateEvents(cookie);
    expect(events[0]).toEqual({ type: "start", creditsRemaining: 9, demo: false });
    expect(events.some((event) => event.type === "progress")).toBe(true);
    expect(last).toMatchObject({ type: "done", posts: FAKE_GENERATED_POSTS, creditsRemaining: 9, demo: false });
    const [entry] = await generator.archiveOf(userId);
    expect(entry).toMatchObject({
      id: last?.type === "done" ? last.archiveId : "",
      platform: "twitter",
      language: "german",
      tone: "friendly",
      keyPoints: FORM.keyPoints,
      generatedPosts: FAKE_GENERATED_POSTS,
      imageUrl: null,
      website: null,
      demo: false,
    });
    expect(await generator.creditsOf(userId)).toBe(9);
    expect(await generator.logsOf(userId)).toEqual([{ creditsRemaining: 9 }]);
    // The seeded German prompts, filled in: network rules in the instructions, the key
    // points as data between markers.
    const [sent] = generator.fake.requests;
    expect(sent?.stream).toBe(true);
    expect(sent?.outputProperties).toEqual(["posts"]);
    expect(sent?.messages[0]?.content).toContain("Schreibe genau 3 unterschiedliche");
    expect(sent?.messages[0]?.content).toContain("höchstens 280 Zeichen");
    expect(sent?.messages[0]?.content).toContain("vollständig auf Deutsch");
    expect(sent?.messages[1]?.content).toContain(`<stichpunkte>\n${FORM.keyPoints}\n</stichpunkte>`);
    expect(sent?.messages[1]?.content).not.toContain("{{");
  });

  it("marks a finished run archived and a failed one refunded, so the repair sweep gives nothing twice (ADR 0049)", async () => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 10 });
    expect((await generator.generateEvents(cookie)).last?.type).toBe("done");
    generator.fake.script({ kind: "error", status: 500 }, { kind: "error", status: 503 });
    expect((await generator.generateEvents(cookie)).last?.type).toBe("error");
    const runs = await generator.t.db
      .select({ kind: contentGenerationLogs.kind, runState: contentGenerationLogs.runState })
      .from(contentGenerationLogs)
      .where(eq(contentGenerationLogs.userId, userId));
    expect(
      runs
        .filter((run) => run.kind === "charged")
        .map((run) => run.runState)
        .sort(),
    ).toEqual(["archived", "refunded"]);
    const logger = createLogger({ NODE_ENV: "test", LOG_LEVEL: "silent" });
    await repairAbandonedRuns(generator.t.db, logger, { now: new Date(Date.now() + RUN_REPAIR_AFTER_MS + 60_000) });
    expect(await generator.creditsOf(userId)).toBe(9);
  });

  it("delivers the first post while the model is still writing the others", async () => {
    const { cookie } = await signUpAs(generator.t);
    const [first = ""] = FAKE_GENERATED_POSTS;
    const content = JSON.stringify({ posts: FAKE_GENERATED_POSTS });
    // The model writes the first post and the start of the second, then waits until the page
    // has shown the first one: no clock decides what "early" means.
    let release = () => {};
    const pageShowedFirstPost = new Promise<void>((resolve) => {
      release = resolve;
    });
    const afterCharacters = content.indexOf(JSON.stringify(first)) + JSON.stringify(first).length + 4;
    generator.fake.script({
      kind: "json",
      value: { posts: FAKE_GENERATED_POSTS },
      hold: { afterCharacters, until: pageShowedFirstPost },
    });
    const { response } = await generator.generate(cookie);
    expect(response.status).toBe(200);
    if (!response.body) throw new Error("Antwort ohne Body");
    const progressCounts: number[] = [];
    let last: GenerationEvent | undefined;
    for await (const event of readGenerationEvents(response.body)) {
      last = event;
      if (event.type !== "progress") continue;
      progressCounts.push(event.posts.length);
      if (event.posts[0] === first && event.posts.length < 3) release();
    }
    expect(last?.type).toBe("done");
    expect(progressCounts.at(-1)).toBe(3);
  });

  it.each([
    ["text that is no JSON", { kind: "content" as const, content: "Hier sind drei tolle Beiträge: 1. …" }],
    ["two posts instead of three", { kind: "json" as const, value: { posts: ["Eins", "Zwei"] } }],
    ["an empty post", { kind: "json" as const, value: { posts: ["Eins", " ", "Drei"] } }],
  ])("refunds the credit and says 'Ungültiges Antwortformat vom Server' for %s", async (_name, reply) => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 10 });
    generator.fake.script(reply);
    const { events, last } = await generator.generateEvents(cookie);
    expect(events[0]).toMatchObject({ type: "start", creditsRemaining: 9 });
    expect(last).toEqual({ type: "error", message: "Ungültiges Antwortformat vom Server", creditsRemaining: 10 });
    expect(await generator.creditsOf(userId)).toBe(10);
    expect((await generator.logsOf(userId)).map((row) => row.creditsRemaining).sort()).toEqual([10, 9]);
    expect(await generator.archiveOf(userId)).toEqual([]);
  });

  it("refunds the credit when the model times out", async () => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 2 });
    generator.fake.script({ kind: "delay", ms: AI_TIMEOUT_MS + 1000 });
    const { last } = await generator.generateEvents(cookie);
    expect(last).toEqual({ type: "error", message: GENERATOR_MESSAGES.timeout, creditsRemaining: 2 });
    expect(await generator.creditsOf(userId)).toBe(2);
    expect(await generator.logsOf(userId)).toHaveLength(2);
  });

  it("refunds the credit when the provider fails twice", async () => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 2 });
    generator.fake.script({ kind: "error", status: 500 }, { kind: "error", status: 503 });
    const { last } = await generator.generateEvents(cookie);
    expect(last).toEqual({
      type: "error",
      message: "Fehler bei der Generierung des Inhalts. Bitte versuchen Sie es erneut.",
      creditsRemaining: 2,
    });
    expect(await generator.creditsOf(userId)).toBe(2);
  });

  it("refuses a free user at 0 credits before streaming, without calling the model", async () => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 0 });
    const { response } = await generator.generate(cookie);
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ error: "Keine Credits mehr verfügbar", code: "NO_CREDITS" });
    expect(generator.fake.requests).toHaveLength(0);
    expect(await generator.logsOf(userId)).toEqual([]);
  });

  it("never charges an active subscriber", async () => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 0, subscriber: true });
    const { events, last } = await generator.generateEvents(cookie);
    expect(events[0]).toEqual({ type: "start", creditsRemaining: null, demo: false });
    expect(last).toMatchObject({ type: "done", creditsRemaining: null });
    expect(await generator.creditsOf(userId)).toBe(0);
    expect(await generator.logsOf(userId)).toEqual([]);
  });

  it(`allows ${GENERATOR_RATE_LIMIT.max} runs per account in ten minutes, then answers 429 in the generator's words`, async () => {
    const { cookie, userId } = await signUpAs(generator.t, { credits: 5 });
    // The account's earlier runs, counted where the limiter counts them.
    for (let run = 0; run < GENERATOR_RATE_LIMIT.max; run++)
      await consumeRateLimit(generator.t.db, GENERATOR_RATE_LIMIT, userId);
    const { response } = await generator.generate(cookie);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      error: "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
      code: "TOO_MANY_REQUESTS",
    });
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await generator.creditsOf(userId)).toBe(5);
  });

  it("lets exactly 1 of 20 simultaneous requests through for a user with 1 credit", async () => {
    // ADR 0050: at most two of them are admitted at once (429 for the others); of those, the
    // credit statement lets one through (402 for the other). The SQL race itself is in credits.test.ts.
    const { cookie, userId } = await signUpAs(generator.t, { credits: 1 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => generator.t.postJson("/api/generator/generate", FORM, cookie)),
    );
    const streamed = responses.filter((response) => response.status === 200);
    expect(streamed).toHaveLength(1);
    expect(responses.every((response) => [200, 402, 429].includes(response.status))).toBe(true);
    const finals = await Promise.all(streamed.map(async (response) => (await generator.readEvents(response)).at(-1)));
    expect(finals.map((event) => event?.type)).toEqual(["done"]);
    expect(generator.fake.requests).toHaveLength(1);
    expect(await generator.creditsOf(userId)).toBe(0);
    expect((await generator.logsOf(userId)).map((row) => row.creditsRemaining)).toEqual([0]);
    expect(await generator.archiveOf(userId)).toHaveLength(1);
  });
});
