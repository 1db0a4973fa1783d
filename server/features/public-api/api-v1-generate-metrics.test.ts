import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { JobQueue } from "#server/db/job-queue.ts";
import { postMetricSnapshots } from "#server/db/schema/metrics.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { apiIdempotency } from "#server/db/schema/public-api.ts";
import { publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import { scheduleBackgroundWork } from "#server/start-server.ts";
import { aiEnvFor, type OpenAiFake, startOpenAiFake } from "../../../tests/mocks/openai.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { FORM, signUpAs } from "../../../tests/support/generator-app.ts";
import { connectMcp, mcpResultOf, publicApiClient } from "../../../tests/support/public-api.ts";
import { createScriptedNetworks } from "../../../tests/support/scripted-network.ts";
import { IDEMPOTENCY_SWEEP_SCHEDULE } from "./idempotency.service.ts";

// /api/v1/generate and /api/v1/metrics (ADR 0107, 0109) through the real app with the OpenAI fake:
// charged like the page, replayed under an Idempotency-Key without a second charge, figures as the
// Erfolg page reads them; unknown paths answer 404; the expiry sweep is a pg-boss schedule.

let t: TestApp;
let fake: OpenAiFake;
let cookie: string;
let userId: string;
let api: Awaited<ReturnType<typeof publicApiClient>>;

beforeAll(async () => {
  fake = await startOpenAiFake();
  const networks = createScriptedNetworks();
  // Figures exist where a network can fetch them; X can (ADR 0104).
  networks.x = { ...networks.x, fetchMetrics: async () => new Map() };
  t = await createTestApp({ env: aiEnvFor(fake, 1500), overrides: { networks } });
  ({ cookie, userId } = await signUpAs(t, { credits: 2 }));
  api = await publicApiClient(t, cookie);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const creditsOf = async () =>
  (await t.db.select({ credits: profiles.credits }).from(profiles).where(eq(profiles.id, userId)))[0]?.credits;
const generate = (key: string, body: object, idempotencyKey?: string) =>
  api.call(key, "/generate", {
    method: "POST",
    body,
    headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {},
  });

describe("POST /api/v1/generate", () => {
  it("answers three suggestions for one credit; the same Idempotency-Key replays them without a second charge", async () => {
    const key = await api.newKey(["generate"]);
    const first = await generate(key, FORM, "gen-1");
    const generated = (await api.contract(first, "/generate", "post")) as { posts: string[]; creditsRemaining: number };
    expect(first.status).toBe(201);
    expect(generated.posts).toHaveLength(3);
    expect(generated.creditsRemaining).toBe(1);
    const modelCalls = fake.requests.length;

    const again = await generate(key, FORM, "gen-1");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(generated);
    expect(fake.requests).toHaveLength(modelCalls);
    expect(await creditsOf()).toBe(1);

    const other = await generate(key, { ...FORM, keyPoints: "Etwas anderes" }, "gen-1");
    expect(((await api.contract(other, "/generate", "post")) as { code: string }).code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("gives the credit back when the model fails, frees the key for a retry, and refuses without credits", async () => {
    await t.db.update(profiles).set({ credits: 1 }).where(eq(profiles.id, userId));
    const key = await api.newKey(["generate"]);
    fake.script({ kind: "error", status: 500 }, { kind: "error", status: 503 });
    const failed = await generate(key, FORM, "gen-retry");
    expect(((await api.contract(failed, "/generate", "post")) as { code: string }).code).toBe("AI_FAILED");
    expect(await creditsOf()).toBe(1);

    const retried = await generate(key, FORM, "gen-retry");
    expect(retried.status).toBe(201);
    expect(await creditsOf()).toBe(0);

    const broke = await generate(key, FORM);
    const refusal = (await api.contract(broke, "/generate", "post")) as { code: string; error: string };
    expect(refusal.code).toBe("NO_CREDITS");
    expect(refusal.error).toMatch(/Credits/);
  });

  it("needs the generate scope and checks the input with the page's own German messages", async () => {
    const reader = await api.newKey(["posts:read"]);
    expect(((await (await generate(reader, FORM)).json()) as { code: string }).code).toBe("SCOPE_MISSING");
    const key = await api.newKey(["generate"]);
    const thread = await generate(key, { ...FORM, platform: "linkedin", format: "thread" });
    const refusal = (await api.contract(thread, "/generate", "post")) as { code: string; error: string };
    expect(refusal).toEqual({ code: "INVALID_INPUT", error: expect.stringContaining("X") });
  });

  it("is the same run as the MCP tool generate_posts", async () => {
    await t.db.update(profiles).set({ credits: 1 }).where(eq(profiles.id, userId));
    const client = await connectMcp(t, await api.newKey(["generate"]));
    const result = mcpResultOf(
      await client.callTool({ name: "generate_posts", arguments: { ...FORM, platform: "linkedin" } }),
    );
    expect(result.posts).toHaveLength(3);
    expect(result.creditsRemaining).toBe(0);
    await client.close();
  });

  it("runs generate_posts once per idempotencyKey: a retried call charges nothing and gets the same posts", async () => {
    await t.db.update(profiles).set({ credits: 2 }).where(eq(profiles.id, userId));
    const client = await connectMcp(t, await api.newKey(["generate"]));
    const call = (keyPoints: string) =>
      client.callTool({
        name: "generate_posts",
        arguments: { ...FORM, keyPoints, platform: "linkedin", idempotencyKey: "mcp-gen-1" },
      });
    const modelCalls = fake.requests.length;
    const first = mcpResultOf(await call(FORM.keyPoints));
    const again = mcpResultOf(await call(FORM.keyPoints));
    expect(again).toEqual(first);
    expect(fake.requests.length - modelCalls).toBe(1);
    expect(await creditsOf()).toBe(1);
    const other = await call("Etwas anderes");
    expect(other.isError).toBe(true);
    expect(JSON.stringify(other.content)).toContain("IDEMPOTENCY_KEY_REUSED");
    expect(await creditsOf()).toBe(1);
    await client.close();
  });
});

describe("GET /api/v1/metrics", () => {
  it("lists the sent posts' latest figures and one post's history, as the Erfolg page reads them", async () => {
    const accountId = crypto.randomUUID();
    await t.db.insert(socialAccounts).values({
      id: accountId,
      userId,
      network: "x",
      externalId: "x-1",
      handle: "anna",
      displayName: "Anna",
      profileUrl: "https://x.example/anna",
      ...tokenColumns(
        t.deps.tokenBox,
        accountId,
        { accessToken: "a", refreshToken: null, accessTokenExpiresAt: null, connectionExpiresAt: null, scope: null },
        null,
      ),
    });
    const sentAt = new Date("2026-11-02T09:00:00Z");
    const [post] = await t.db
      .insert(publications)
      .values({
        userId,
        accountId,
        batchId: crypto.randomUUID(),
        network: "x",
        accountHandle: "anna",
        text: "Gesendet und gezählt",
        scheduledAt: sentAt,
        nextAttemptAt: sentAt,
        sentAt,
        status: "sent",
      })
      .returning();
    const id = post?.id ?? "";
    for (const [round, likes] of [
      [0, 3],
      [1, 7],
    ] as const)
      await t.db.insert(postMetricSnapshots).values({
        publicationId: id,
        userId,
        position: 1,
        round,
        takenAt: new Date(sentAt.getTime() + (round + 1) * 3_600_000),
        likes,
        views: 100,
      });
    const key = await api.newKey(["metrics:read"]);
    const list = (await api.contract(await api.call(key, "/metrics"), "/metrics", "get")) as {
      posts: { publicationId: string; figures: { likes: number } | null }[];
    };
    expect(list.posts.find((row) => row.publicationId === id)?.figures?.likes).toBe(7);
    const one = (await api.contract(await api.call(key, `/posts/${id}/metrics`), "/posts/{id}/metrics", "get")) as {
      state: string;
      points: unknown[];
    };
    expect(one).toMatchObject({ state: "ok", latest: { likes: 7, views: 100 } });
    expect(one.points).toHaveLength(2);
    const missing = await api.call(key, `/posts/${crypto.randomUUID()}/metrics`);
    expect(((await api.contract(missing, "/posts/{id}/metrics", "get")) as { code: string }).code).toBe(
      "POST_NOT_FOUND",
    );
    const reader = await api.newKey(["posts:read"]);
    expect((await api.call(reader, "/metrics")).status).toBe(403);

    const client = await connectMcp(t, key);
    const viaMcp = mcpResultOf(await client.callTool({ name: "get_metrics", arguments: { postId: id } }));
    expect(viaMcp).toEqual(one);
    await client.close();
  });
});

describe("routes and housekeeping", () => {
  it("answers an unknown path under /api/v1 with 404 in German, a known one without a key with 401", async () => {
    const key = await api.newKey(["posts:read"]);
    for (const [path, method] of [
      ["/nonexistent", "POST"],
      ["/posts/abc/nothing", "GET"],
    ] as const) {
      for (const answer of [await api.call(key, path, { method }), await t.app.request(`/api/v1${path}`, { method })]) {
        expect(answer.status).toBe(404);
        expect(await answer.json()).toEqual({ code: "NOT_FOUND", error: expect.stringMatching(/gibt es/) });
      }
    }
    for (const [path, method] of [
      ["/accounts", "GET"],
      ["/posts", "POST"],
      ["/generate", "POST"],
      ["/metrics", "GET"],
    ] as const) {
      const answer = await t.app.request(`/api/v1${path}`, { method });
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { code: string }).code).toBe("API_KEY_MISSING");
    }
  });

  it("sweeps an Idempotency-Key's answer after 24 hours through its pg-boss schedule", async () => {
    const tasks = new Map<string, { cron: string; task: () => Promise<unknown> }>();
    const jobQueue = { every: async (name, cron, task) => void tasks.set(name, { cron, task }) } as JobQueue;
    await scheduleBackgroundWork({ ...t.deps, jobQueue });
    const sweep = tasks.get("idempotency-expiry");
    expect(sweep?.cron).toBe(IDEMPOTENCY_SWEEP_SCHEDULE);

    await t.db.update(profiles).set({ credits: 1 }).where(eq(profiles.id, userId));
    const key = await api.newKey(["generate"]);
    const start = Date.now();
    expect((await generate(key, FORM, "gen-expiry")).status).toBe(201);
    const stored = () => t.db.select().from(apiIdempotency).where(eq(apiIdempotency.idempotencyKey, "gen-expiry"));
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(start + 23 * 3_600_000);
      await sweep?.task();
      expect(await stored()).toHaveLength(1);
      vi.setSystemTime(start + 24 * 3_600_000 + 60_000);
      await sweep?.task();
      expect(await stored()).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
