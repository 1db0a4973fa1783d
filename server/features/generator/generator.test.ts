import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeArchiveProvenance } from "#shared/archive.ts";
import { readGenerationEvents } from "#shared/generation-stream.ts";
import type { GenerationEvent } from "#shared/generator.schemas.ts";
import { GENERATOR_MESSAGES, WEBSITE_MESSAGES } from "#shared/generator.ts";
import { INVALID_CHARACTERS_MESSAGE } from "#shared/text.schemas.ts";
import { aiEnvFor, FAKE_GENERATED_POSTS, type OpenAiFake, startOpenAiFake } from "../../../tests/mocks/openai.ts";
import { createTestApp, type RunningApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { pngDataUrl, webpBomb } from "../../../tests/support/images.ts";
import { archivedPosts } from "../../db/schema/archive.ts";
import { contentGenerationLogs } from "../../db/schema/content-generation-logs.ts";
import { promptConfigurations, tokenConfigurations } from "../../db/schema/generator.ts";
import { profiles } from "../../db/schema/profiles.ts";
import { isPublicAddress } from "../../integrations/website/address-policy.ts";
import { createWebsiteReader, type ResolvedAddress } from "../../integrations/website/website-reader.ts";
import { createLogger } from "../../logger.ts";
import { consumeRateLimit } from "../rate-limit/rate-limit.service.ts";
import { GENERATOR_RATE_LIMIT } from "./generator.service.ts";
import {
  DEFAULT_SYSTEM_PROMPT,
  DEFAULT_USER_PROMPT,
  GENERATOR_CONFIGURATION_NAME,
  GENERATOR_DEFAULT_MAX_TOKENS,
  hashPromptConfiguration,
} from "./generator-prompts.ts";
import { RUN_REPAIR_AFTER_MS, repairAbandonedRuns } from "./run-repair.service.ts";

const AI_TIMEOUT_MS = 1500;
// A customer's website: shop.example answers from 127.0.0.1, which the test policy lets
// through in place of a public address; intranet.example is private and must be refused.
const SITE = `<html><head><title>Bäckerei Sonnenschein</title><meta name="description" content="Brot aus Köln"></head>
<body><main><p>Seit 1952 backen wir mit Sauerteig. Samstags gibt es Zimtschnecken.</p></main></body></html>`;
let site: http.Server;
let sitePort: number;
const DNS: Record<string, ResolvedAddress[]> = {
  "shop.example": [{ address: "127.0.0.1", family: 4 }],
  "intranet.example": [{ address: "10.0.0.5", family: 4 }],
};

let fake: OpenAiFake;
let t: TestApp;
beforeAll(async () => {
  site = http.createServer((request, response) => {
    if (request.url === "/to-intranet") {
      response.writeHead(302, { location: "http://intranet.example/" });
      return response.end();
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(SITE);
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", () => resolve()));
  sitePort = (site.address() as AddressInfo).port;
  fake = await startOpenAiFake();
  t = await createTestApp({
    env: aiEnvFor(fake, AI_TIMEOUT_MS),
    overrides: {
      websiteReader: createWebsiteReader({
        resolveHost: async (hostname) => {
          const answer = DNS[hostname];
          if (!answer) throw new Error(`ENOTFOUND ${hostname}`);
          return answer;
        },
        isAllowedAddress: (address) => address === "127.0.0.1" || isPublicAddress(address),
      }),
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});
beforeEach(() => fake.reset());

let userCount = 0;
async function signUpAs(app: RunningApp, plan: { credits?: number; subscriber?: boolean } = {}) {
  const email = `generator-${++userCount}@example.test`;
  const cookie = await app.signUpAndConfirm(email);
  const [profile] = await app.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  const userId = profile?.id ?? "";
  await app.db
    .update(profiles)
    .set({ credits: plan.credits ?? 10, subscriptionStatus: plan.subscriber ? "active" : "free" })
    .where(eq(profiles.id, userId));
  return { cookie, userId };
}

const FORM = {
  platform: "twitter",
  keyPoints: "Zimtschnecken, jeden Samstag, Sauerteig",
  tone: "friendly",
  language: "german",
};

// Reads the stream with the page's own reader (shared/generation-stream.ts), noting the time
// each event came in.
async function readEvents(response: Response): Promise<GenerationEvent[]> {
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  if (!response.body) throw new Error("Antwort ohne Body");
  const events: GenerationEvent[] = [];
  for await (const event of readGenerationEvents(response.body)) events.push(event);
  return events;
}

async function generate(cookie: string, body: Record<string, unknown> = FORM, app: RunningApp = t) {
  const response = await app.postJson("/api/generator/generate", body, cookie);
  return { response };
}

async function generateEvents(cookie: string, body: Record<string, unknown> = FORM, app: RunningApp = t) {
  const { response } = await generate(cookie, body, app);
  expect(response.status).toBe(200);
  const events = await readEvents(response);
  return { events, last: events.at(-1) };
}

const creditsOf = async (userId: string) =>
  (await t.db.select({ credits: profiles.credits }).from(profiles).where(eq(profiles.id, userId)))[0]?.credits;
const logsOf = (userId: string) =>
  t.db
    .select({ creditsRemaining: contentGenerationLogs.creditsRemaining })
    .from(contentGenerationLogs)
    .where(eq(contentGenerationLogs.userId, userId));
const storedImageNames = () => fs.readdir(path.join(t.dataDir, "uploads", "social-images")).catch(() => [] as string[]);
const archiveOf = (userId: string) => t.db.select().from(archivedPosts).where(eq(archivedPosts.userId, userId));
const seededConfiguration = async () => {
  const [prompt] = await t.db
    .select()
    .from(promptConfigurations)
    .where(eq(promptConfigurations.name, GENERATOR_CONFIGURATION_NAME));
  const [tokens] = await t.db
    .select()
    .from(tokenConfigurations)
    .where(eq(tokenConfigurations.name, GENERATOR_CONFIGURATION_NAME));
  if (!prompt || !tokens) throw new Error("Generator-Konfiguration fehlt");
  return { prompt, tokens };
};

describe("the generator's routes without a session", () => {
  it("answer 401 with the spec's words", async () => {
    for (const response of [
      await t.request("/api/generator/status"),
      await t.postJson("/api/generator/generate", FORM),
      await t.postJson("/api/generator/unlock", { code: "egal" }),
    ]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: "Bitte melden Sie sich an, um Inhalte zu generieren" });
    }
  });
});

describe("GET /api/generator/status", () => {
  it("tells the page the credits, the plan and whether the demo mode is on", async () => {
    const { cookie } = await signUpAs(t, { credits: 4 });
    expect(await (await t.request("/api/generator/status", { cookie })).json()).toEqual({
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
    const free = await signUpAs(t, { credits: 0 });
    expect((await (await t.request("/api/generator/status", { cookie: free.cookie })).json()).canGenerate).toBe(false);
    const pro = await signUpAs(t, { credits: 0, subscriber: true });
    expect((await (await t.request("/api/generator/status", { cookie: pro.cookie })).json()).canGenerate).toBe(true);
  });
});

describe("POST /api/generator/generate", () => {
  it("streams three posts, archives them and takes one credit", async () => {
    const { cookie, userId } = await signUpAs(t, { credits: 10 });
    const { events, last } = await generateEvents(cookie);
    expect(events[0]).toEqual({ type: "start", creditsRemaining: 9, demo: false });
    expect(events.some((event) => event.type === "progress")).toBe(true);
    expect(last).toMatchObject({ type: "done", posts: FAKE_GENERATED_POSTS, creditsRemaining: 9, demo: false });
    const [entry] = await archiveOf(userId);
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
    expect(await creditsOf(userId)).toBe(9);
    expect(await logsOf(userId)).toEqual([{ creditsRemaining: 9 }]);
    // The seeded German prompts, filled in: network rules in the instructions, the key
    // points as data between markers.
    const [sent] = fake.requests;
    expect(sent?.stream).toBe(true);
    expect(sent?.outputProperties).toEqual(["posts"]);
    expect(sent?.messages[0]?.content).toContain("Schreibe genau 3 unterschiedliche");
    expect(sent?.messages[0]?.content).toContain("höchstens 280 Zeichen");
    expect(sent?.messages[0]?.content).toContain("vollständig auf Deutsch");
    expect(sent?.messages[1]?.content).toContain(`<stichpunkte>\n${FORM.keyPoints}\n</stichpunkte>`);
    expect(sent?.messages[1]?.content).not.toContain("{{");
  });

  it("marks a finished run archived and a failed one refunded, so the repair sweep gives nothing twice (ADR 0049)", async () => {
    const { cookie, userId } = await signUpAs(t, { credits: 10 });
    expect((await generateEvents(cookie)).last?.type).toBe("done");
    fake.script({ kind: "error", status: 500 }, { kind: "error", status: 503 });
    expect((await generateEvents(cookie)).last?.type).toBe("error");
    const runs = await t.db
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
    await repairAbandonedRuns(t.db, logger, { now: new Date(Date.now() + RUN_REPAIR_AFTER_MS + 60_000) });
    expect(await creditsOf(userId)).toBe(9);
  });

  it("delivers the first post while the model is still writing the others", async () => {
    const { cookie } = await signUpAs(t);
    const [first = ""] = FAKE_GENERATED_POSTS;
    const content = JSON.stringify({ posts: FAKE_GENERATED_POSTS });
    // The model writes the first post and the start of the second, then waits until the page
    // has shown the first one: no clock decides what "early" means.
    let release = () => {};
    const pageShowedFirstPost = new Promise<void>((resolve) => {
      release = resolve;
    });
    const afterCharacters = content.indexOf(JSON.stringify(first)) + JSON.stringify(first).length + 4;
    fake.script({
      kind: "json",
      value: { posts: FAKE_GENERATED_POSTS },
      hold: { afterCharacters, until: pageShowedFirstPost },
    });
    const { response } = await generate(cookie);
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
    const { cookie, userId } = await signUpAs(t, { credits: 10 });
    fake.script(reply);
    const { events, last } = await generateEvents(cookie);
    expect(events[0]).toMatchObject({ type: "start", creditsRemaining: 9 });
    expect(last).toEqual({ type: "error", message: "Ungültiges Antwortformat vom Server", creditsRemaining: 10 });
    expect(await creditsOf(userId)).toBe(10);
    expect((await logsOf(userId)).map((row) => row.creditsRemaining).sort()).toEqual([10, 9]);
    expect(await archiveOf(userId)).toEqual([]);
  });

  it("refunds the credit when the model times out", async () => {
    const { cookie, userId } = await signUpAs(t, { credits: 2 });
    fake.script({ kind: "delay", ms: AI_TIMEOUT_MS + 1000 });
    const { last } = await generateEvents(cookie);
    expect(last).toEqual({ type: "error", message: GENERATOR_MESSAGES.timeout, creditsRemaining: 2 });
    expect(await creditsOf(userId)).toBe(2);
    expect(await logsOf(userId)).toHaveLength(2);
  });

  it("refunds the credit when the provider fails twice", async () => {
    const { cookie, userId } = await signUpAs(t, { credits: 2 });
    fake.script({ kind: "error", status: 500 }, { kind: "error", status: 503 });
    const { last } = await generateEvents(cookie);
    expect(last).toEqual({
      type: "error",
      message: "Fehler bei der Generierung des Inhalts. Bitte versuchen Sie es erneut.",
      creditsRemaining: 2,
    });
    expect(await creditsOf(userId)).toBe(2);
  });

  it("refuses a free user at 0 credits before streaming, without calling the model", async () => {
    const { cookie, userId } = await signUpAs(t, { credits: 0 });
    const { response } = await generate(cookie);
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ error: "Keine Credits mehr verfügbar" });
    expect(fake.requests).toHaveLength(0);
    expect(await logsOf(userId)).toEqual([]);
  });

  it("never charges an active subscriber", async () => {
    const { cookie, userId } = await signUpAs(t, { credits: 0, subscriber: true });
    const { events, last } = await generateEvents(cookie);
    expect(events[0]).toEqual({ type: "start", creditsRemaining: null, demo: false });
    expect(last).toMatchObject({ type: "done", creditsRemaining: null });
    expect(await creditsOf(userId)).toBe(0);
    expect(await logsOf(userId)).toEqual([]);
  });

  it(`allows ${GENERATOR_RATE_LIMIT.max} runs per account in ten minutes, then answers 429 in the generator's words`, async () => {
    const { cookie, userId } = await signUpAs(t, { credits: 5 });
    // The account's earlier runs, counted where the limiter counts them.
    for (let run = 0; run < GENERATOR_RATE_LIMIT.max; run++) await consumeRateLimit(t.db, GENERATOR_RATE_LIMIT, userId);
    const { response } = await generate(cookie);
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      error: "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
    });
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await creditsOf(userId)).toBe(5);
  });

  it("lets exactly 1 of 20 simultaneous requests through for a user with 1 credit", async () => {
    // ADR 0050: at most two of them are admitted at once (429 for the others); of those, the
    // credit statement lets one through (402 for the other). The SQL race itself is in credits.test.ts.
    const { cookie, userId } = await signUpAs(t, { credits: 1 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => t.postJson("/api/generator/generate", FORM, cookie)),
    );
    const streamed = responses.filter((response) => response.status === 200);
    expect(streamed).toHaveLength(1);
    expect(responses.every((response) => [200, 402, 429].includes(response.status))).toBe(true);
    const finals = await Promise.all(streamed.map(async (response) => (await readEvents(response)).at(-1)));
    expect(finals.map((event) => event?.type)).toEqual(["done"]);
    expect(fake.requests).toHaveLength(1);
    expect(await creditsOf(userId)).toBe(0);
    expect((await logsOf(userId)).map((row) => row.creditsRemaining)).toEqual([0]);
    expect(await archiveOf(userId)).toHaveLength(1);
  });

  describe("refuses bad input with 400 before charging", () => {
    it.each([
      [{ ...FORM, keyPoints: "   " }, "Bitte geben Sie Ihre Schlüsselwörter ein"],
      [{ ...FORM, keyPoints: undefined }, "Bitte geben Sie Ihre Schlüsselwörter ein"],
      [{ ...FORM, keyPoints: "Zimtschnecken \ud800" }, INVALID_CHARACTERS_MESSAGE],
      [{ ...FORM, keyPoints: "Zimt\u0000schnecken" }, INVALID_CHARACTERS_MESSAGE],
      [{ ...FORM, platform: "myspace" }, GENERATOR_MESSAGES.platformInvalid],
      [{ ...FORM, tone: "professional" }, GENERATOR_MESSAGES.toneInvalid],
      [{ ...FORM, language: "latin" }, GENERATOR_MESSAGES.languageInvalid],
      [{ ...FORM, website: "ftp://shop.example/" }, GENERATOR_MESSAGES.websiteInvalid],
      [{ ...FORM, website: "kein link" }, GENERATOR_MESSAGES.websiteInvalid],
      [
        { ...FORM, imageData: "data:image/gif;base64,R0lGODlhAQABAAAAACw=" },
        "Nur JPEG, PNG und WEBP Bilder sind erlaubt",
      ],
      // A GIF's bytes sent as PNG: the bytes decide.
      [
        { ...FORM, imageData: "data:image/png;base64,R0lGODlhAQABAAAAACw=" },
        "Nur JPEG, PNG und WEBP Bilder sind erlaubt",
      ],
      [
        { ...FORM, imageData: `data:image/png;base64,${Buffer.from("<svg onload=alert(1)>").toString("base64")}` },
        "Nur JPEG, PNG und WEBP Bilder sind erlaubt",
      ],
      [{ ...FORM, imageData: "nicht base64" }, "Nur JPEG, PNG und WEBP Bilder sind erlaubt"],
    ])("%o", async (body, message) => {
      const { cookie, userId } = await signUpAs(t, { credits: 1 });
      const { response } = await generate(cookie, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: message });
      expect(await creditsOf(userId)).toBe(1);
      expect(fake.requests).toHaveLength(0);
    });

    it("an image over 10 MB", async () => {
      const { cookie } = await signUpAs(t, { credits: 1 });
      const big = Buffer.alloc(10 * 1024 * 1024 + 1);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const { response } = await generate(cookie, {
        ...FORM,
        imageData: `data:image/png;base64,${big.toString("base64")}`,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Bildgröße muss kleiner als 10MB sein" });
    });
  });

  it.each([
    [
      "the decompression bomb (16383 × 16383 WebP)",
      async () => `data:image/webp;base64,${(await webpBomb()).toString("base64")}`,
    ],
    ["a PNG of 20000 × 20000 pixels", async () => pngDataUrl({ width: 20_000, height: 20_000 })],
    ["a PNG just above 40 megapixels", async () => pngDataUrl({ width: 8000, height: 5001 })],
  ])("refuses %s from its header with 400, before charging or storing anything", async (_case, makeImage) => {
    const { cookie, userId } = await signUpAs(t, { credits: 1 });
    const started = performance.now();
    const { response } = await generate(cookie, { ...FORM, imageData: await makeImage() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: GENERATOR_MESSAGES.imageTooManyPixels });
    expect(await creditsOf(userId)).toBe(1);
    expect(await archiveOf(userId)).toHaveLength(0);
    expect(fake.requests).toHaveLength(0);
    expect(await storedImageNames()).toEqual([]);
    // Not a timed assertion of speed, only proof that nothing was decoded: decoding the bomb takes ~20 s.
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("stores the image without metadata under a random name, serves it and sends it to a vision model", async () => {
    const { cookie, userId } = await signUpAs(t);
    // The same server with the model's image input switched on.
    const vision = await t.restartWith({ env: { AI_VISION: "on" } });
    const { last } = await generateEvents(cookie, { ...FORM, imageData: pngDataUrl() }, vision);
    expect(last?.type).toBe("done");
    const [entry] = await archiveOf(userId);
    expect(entry?.imageUrl).toMatch(/^\/uploads\/social-images\/\d{13}-[0-9a-f]{16}\.png$/);
    const image = await t.request(entry?.imageUrl ?? "");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.includes(Buffer.from("GPS"))).toBe(false);
    expect(fake.requests[0]?.messages[1]?.content).toContain("image_url");
    expect(fake.requests[0]?.messages[1]?.content).toContain("data:image/png;base64,");
    // The model gets the re-encoded copy too: no GPS position leaves the server.
    const sentToModel = /data:image\/png;base64,([A-Za-z0-9+/=]+)/.exec(
      JSON.stringify(fake.requests[0]?.messages[1]?.content),
    )?.[1];
    expect(Buffer.from(sentToModel ?? "", "base64").includes(Buffer.from("GPS"))).toBe(false);
  });

  it("keeps the image out of the prompt for a model without vision", async () => {
    const { cookie, userId } = await signUpAs(t);
    const { last } = await generateEvents(cookie, { ...FORM, imageData: pngDataUrl() });
    expect(last?.type).toBe("done");
    expect(fake.requests[0]?.messages[1]?.content).not.toContain("image_url");
    expect(fake.requests[0]?.messages[1]?.content).toContain("Es ist kein Bild beigefügt.");
    expect((await archiveOf(userId))[0]?.imageUrl).toMatch(/^\/uploads\/social-images\//);
  });

  it("puts the website's title, description and text into the prompt", async () => {
    const { cookie, userId } = await signUpAs(t);
    const website = `http://shop.example:${sitePort}/`;
    const { last } = await generateEvents(cookie, { ...FORM, website });
    expect(last?.type).toBe("done");
    const prompt = fake.requests[0]?.messages[1]?.content ?? "";
    expect(prompt).toContain("Titel: Bäckerei Sonnenschein");
    expect(prompt).toContain("Beschreibung: Brot aus Köln");
    expect(prompt).toContain("Seit 1952 backen wir mit Sauerteig.");
    expect((await archiveOf(userId))[0]?.website).toBe(website);
  });

  it.each([
    ["a private address", "http://intranet.example/"],
    ["loopback", `http://[::1]:PORT/`],
    ["a redirect into a private address", "http://shop.example:PORT/to-intranet"],
  ])("refuses a website on %s, refunds and never calls the model", async (_name, website) => {
    const { cookie, userId } = await signUpAs(t, { credits: 5 });
    const { last } = await generateEvents(cookie, { ...FORM, website: website.replace("PORT", String(sitePort)) });
    expect(last).toEqual({ type: "error", message: WEBSITE_MESSAGES.notAllowed, creditsRemaining: 5 });
    expect(fake.requests).toHaveLength(0);
    expect(await creditsOf(userId)).toBe(5);
  });
});

describe("the provenance of an archive entry (ADR 0025)", () => {
  it("records provider, model, prompt and token configuration of the run and returns them", async () => {
    const { cookie, userId } = await signUpAs(t);
    const { prompt, tokens } = await seededConfiguration();
    const { last } = await generateEvents(cookie);
    const archiveId = last?.type === "done" ? last.archiveId : "";
    const expected = {
      demo: false,
      provider: "openai-compatible",
      model: "fake-model",
      promptConfigurationId: prompt.id,
      promptHash: hashPromptConfiguration({ systemPrompt: DEFAULT_SYSTEM_PROMPT, userPrompt: DEFAULT_USER_PROMPT }),
      tokenConfigurationId: tokens.id,
      maxTokens: GENERATOR_DEFAULT_MAX_TOKENS,
    };
    expect((await archiveOf(userId))[0]?.provenance).toEqual(expected);
    expect(expected.promptHash).toMatch(/^[0-9a-f]{16}$/);

    const single = await (await t.request(`/api/archive/${archiveId}`, { cookie })).json();
    expect(single.provenance).toEqual(expected);
    const list = await (await t.request("/api/archive", { cookie })).json();
    expect(list.entries[0]).toMatchObject({ id: archiveId, demo: false, provenance: expected });
    expect(describeArchiveProvenance(single)).toBe("Erstellt mit KI · Modell fake-model (OpenAI-kompatibler Server)");
  });

  it("gets a new prompt hash once an admin edits the prompt, and records the edited token limit", async () => {
    const { cookie, userId } = await signUpAs(t);
    const { prompt, tokens } = await seededConfiguration();
    const before = hashPromptConfiguration(prompt);
    try {
      await t.db
        .update(promptConfigurations)
        .set({ userPrompt: `${prompt.userPrompt}\n\nBitte ohne Emojis.` })
        .where(eq(promptConfigurations.id, prompt.id));
      await t.db.update(tokenConfigurations).set({ maxTokens: 1500 }).where(eq(tokenConfigurations.id, tokens.id));
      const { last } = await generateEvents(cookie);
      expect(last?.type).toBe("done");
      expect(fake.requests[0]?.messages[1]?.content).toContain("Bitte ohne Emojis.");
      const provenance = (await archiveOf(userId))[0]?.provenance;
      expect(provenance).toMatchObject({ promptConfigurationId: prompt.id, maxTokens: 1500 });
      expect(provenance?.promptHash).toBe(
        hashPromptConfiguration({
          systemPrompt: prompt.systemPrompt,
          userPrompt: `${prompt.userPrompt}\n\nBitte ohne Emojis.`,
        }),
      );
      expect(provenance?.promptHash).not.toBe(before);
    } finally {
      await t.db
        .update(promptConfigurations)
        .set({ userPrompt: prompt.userPrompt })
        .where(eq(promptConfigurations.id, prompt.id));
      await t.db
        .update(tokenConfigurations)
        .set({ maxTokens: tokens.maxTokens })
        .where(eq(tokenConfigurations.id, tokens.id));
    }
  });

  it("says when the code's default prompt stood in for a deleted row", async () => {
    const { cookie, userId } = await signUpAs(t);
    const { prompt } = await seededConfiguration();
    try {
      await t.db.delete(promptConfigurations).where(eq(promptConfigurations.id, prompt.id));
      expect((await generateEvents(cookie)).last?.type).toBe("done");
      expect((await archiveOf(userId))[0]?.provenance).toMatchObject({
        promptConfigurationId: null,
        promptHash: hashPromptConfiguration({ systemPrompt: DEFAULT_SYSTEM_PROMPT, userPrompt: DEFAULT_USER_PROMPT }),
      });
    } finally {
      await t.db.insert(promptConfigurations).values(prompt);
    }
  });
});

describe("the access code (ADR 0015)", () => {
  const CODE = "Sonnenschein-2026";
  let gated: TestApp;
  beforeAll(async () => {
    gated = await createTestApp({ env: { GENERATOR_ACCESS_CODE: CODE } });
  });
  afterAll(() => gated?.close());

  const status = async (cookie: string) => (await gated.request("/api/generator/status", { cookie })).json();
  const unlock = (cookie: string, code: unknown) => gated.postJson("/api/generator/unlock", { code }, cookie);

  it("keeps a locked account from generating, without charging it", async () => {
    const { cookie, userId } = await signUpAs(gated, { credits: 3 });
    expect((await status(cookie)).accessCodeRequired).toBe(true);
    const response = await gated.postJson("/api/generator/generate", FORM, cookie);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Bitte geben Sie zuerst den Zugangscode für den Generator ein." });
    const [profile] = await gated.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile?.credits).toBe(3);
    expect(await gated.db.select().from(archivedPosts).where(eq(archivedPosts.userId, userId))).toHaveLength(0);
  });

  it("stays locked on a wrong or blank entry and opens on the right one, for this account only", async () => {
    const { cookie } = await signUpAs(gated);
    const other = await signUpAs(gated);
    const wrong = await unlock(cookie, "sonnenschein-2026");
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: "Falsches Passwort" });
    expect(await (await unlock(cookie, "   ")).json()).toEqual({ error: "Bitte geben Sie den Zugangscode ein." });
    expect((await status(cookie)).accessCodeRequired).toBe(true);

    const right = await unlock(cookie, ` ${CODE} `);
    expect(right.status).toBe(200);
    expect((await status(cookie)).accessCodeRequired).toBe(false);
    expect((await status(other.cookie)).accessCodeRequired).toBe(true);
    const { last } = await generateEvents(cookie, FORM, gated);
    expect(last).toMatchObject({ type: "done" });
  });

  it("asks everybody again once the server's code changes", async () => {
    const { cookie } = await signUpAs(gated);
    expect((await unlock(cookie, CODE)).status).toBe(200);
    const changed = await gated.restartWith({ env: { GENERATOR_ACCESS_CODE: "Neuer-Code-2027" } });
    expect((await (await changed.request("/api/generator/status", { cookie })).json()).accessCodeRequired).toBe(true);
    expect((await changed.postJson("/api/generator/generate", FORM, cookie)).status).toBe(403);
  });

  it("allows ten guesses per quarter hour, then answers 429", async () => {
    const { cookie } = await signUpAs(gated);
    for (let guess = 1; guess <= 10; guess++) expect((await unlock(cookie, `falsch-${guess}`)).status).toBe(403);
    const limited = await unlock(cookie, CODE);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: "Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.",
    });
    expect((await status(cookie)).accessCodeRequired).toBe(true);
  });

  it("is off when no code is configured", async () => {
    const { cookie } = await signUpAs(t);
    expect((await (await t.request("/api/generator/status", { cookie })).json()).accessCodeRequired).toBe(false);
    expect((await t.postJson("/api/generator/unlock", { code: "egal" }, cookie)).status).toBe(200);
  });
});

describe("the demo mode (no AI provider)", () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp();
  });
  afterAll(() => demo?.close());

  it("streams three labelled posts in the chosen language and archives them as demo", async () => {
    const { cookie } = await signUpAs(demo);
    expect((await (await demo.request("/api/generator/status", { cookie })).json()).demoMode).toBe(true);
    const { events, last } = await generateEvents(
      cookie,
      { ...FORM, platform: "linkedin", language: "english", tone: "formal" },
      demo,
    );
    expect(events[0]).toEqual({ type: "start", creditsRemaining: 9, demo: true });
    expect(events.filter((event) => event.type === "progress").length).toBeGreaterThan(5);
    expect(last).toMatchObject({ type: "done", demo: true });
    const posts = last?.type === "done" ? last.posts : [];
    expect(posts).toHaveLength(3);
    expect(posts[0]).toContain("We would like to inform you about Zimtschnecken.");
    expect(posts[0]).toContain("• Jeden Samstag");
    expect(new Set(posts).size).toBe(3);
    // ADR 0025: the offline composer used no provider, model, prompt or token limit.
    const archiveId = last?.type === "done" ? last.archiveId : "";
    const entry = await (await demo.request(`/api/archive/${archiveId}`, { cookie })).json();
    expect(entry).toMatchObject({
      demo: true,
      provenance: {
        demo: true,
        provider: null,
        model: null,
        promptConfigurationId: null,
        promptHash: null,
        tokenConfigurationId: null,
        maxTokens: null,
      },
    });
    expect(describeArchiveProvenance(entry)).toBe("Erstellt ohne KI · Demo-Modus");
  });
});
