import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { contentGenerationLogs } from "#server/db/schema/content-generation-logs.ts";
import { promptConfigurations, tokenConfigurations } from "#server/db/schema/generator.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { GENERATOR_CONFIGURATION_NAME } from "#server/features/generator/generator-prompts.ts";
import type { ResolvedAddress } from "#server/integrations/website/address-policy.ts";
import { isPublicAddress } from "#server/integrations/website/address-policy.ts";
import { createWebsiteReader } from "#server/integrations/website/website-reader.ts";
import { readGenerationEvents } from "#shared/generation-stream.ts";
import type { GenerationEvent } from "#shared/generator.schemas.ts";
import { aiEnvFor, type OpenAiFake, startOpenAiFake } from "../mocks/openai.ts";
import { createTestApp, type RunningApp, type TestApp } from "../setup/test-app.ts";

// The generator's integration tests share one app (with the OpenAI fake and a customer's
// website on 127.0.0.1) per test file; this sets it up and holds the helpers they share.

export const AI_TIMEOUT_MS = 1500;
// A customer's website: shop.example answers from 127.0.0.1, which the test policy lets
// through in place of a public address; intranet.example is private and must be refused.
const SITE = `<html><head><title>Bäckerei Sonnenschein</title><meta name="description" content="Brot aus Köln"></head>
<body><main><p>Seit 1952 backen wir mit Sauerteig. Samstags gibt es Zimtschnecken.</p></main></body></html>`;
const DNS: Record<string, ResolvedAddress[]> = {
  "shop.example": [{ address: "127.0.0.1", family: 4 }],
  "intranet.example": [{ address: "10.0.0.5", family: 4 }],
};

/**
 * The calling test file's own app, OpenAI fake and customer website (its hooks are registered
 * here, the fake's queue is emptied before each test), with the helpers that read and call it.
 * `t`, `fake` and `sitePort` are set in beforeAll.
 */
export function withGeneratorTestApp() {
  const generator = {} as { t: TestApp; fake: OpenAiFake; sitePort: number };
  let site: http.Server;
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
    generator.sitePort = (site.address() as AddressInfo).port;
    generator.fake = await startOpenAiFake();
    generator.t = await createTestApp({
      env: aiEnvFor(generator.fake, AI_TIMEOUT_MS),
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
    await generator.t?.close();
    await generator.fake?.close();
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
  });
  beforeEach(() => generator.fake.reset());

  async function generate(cookie: string, body: Record<string, unknown> = FORM, app: RunningApp = generator.t) {
    const response = await app.postJson("/api/generator/generate", body, cookie);
    return { response };
  }

  async function generateEvents(cookie: string, body: Record<string, unknown> = FORM, app: RunningApp = generator.t) {
    const { response } = await generate(cookie, body, app);
    expect(response.status).toBe(200);
    const events = await readEvents(response);
    return { events, last: events.at(-1) };
  }

  const creditsOf = async (userId: string) =>
    (await generator.t.db.select({ credits: profiles.credits }).from(profiles).where(eq(profiles.id, userId)))[0]
      ?.credits;
  const logsOf = (userId: string) =>
    generator.t.db
      .select({ creditsRemaining: contentGenerationLogs.creditsRemaining })
      .from(contentGenerationLogs)
      .where(eq(contentGenerationLogs.userId, userId));
  const storedImageNames = () =>
    fs.readdir(path.join(generator.t.dataDir, "uploads", "social-images")).catch(() => [] as string[]);
  const archiveOf = (userId: string, app: RunningApp = generator.t) =>
    app.db.select().from(archivedPosts).where(eq(archivedPosts.userId, userId));
  const seededConfiguration = async () => {
    const [prompt] = await generator.t.db
      .select()
      .from(promptConfigurations)
      .where(eq(promptConfigurations.name, GENERATOR_CONFIGURATION_NAME));
    const [tokens] = await generator.t.db
      .select()
      .from(tokenConfigurations)
      .where(eq(tokenConfigurations.name, GENERATOR_CONFIGURATION_NAME));
    if (!prompt || !tokens) throw new Error("Generator-Konfiguration fehlt");
    return { prompt, tokens };
  };

  return Object.assign(generator, {
    generate,
    generateEvents,
    creditsOf,
    logsOf,
    storedImageNames,
    archiveOf,
    seededConfiguration,
    readEvents,
  });
}

let userCount = 0;
export async function signUpAs(app: RunningApp, plan: { credits?: number; subscriber?: boolean } = {}) {
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

export const FORM = {
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
