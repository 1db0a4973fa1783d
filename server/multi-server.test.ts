import type { ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createJobQueue } from "#server/db/job-queue.ts";
import { tokenColumns } from "#server/features/account-tokens/account-tokens.ts";
import { CONTACT_MIN_FILL_MS } from "#shared/contact.ts";
import { readGenerationEvents } from "#shared/generation-stream.ts";
import { aiEnvFor, type OpenAiFake, startOpenAiFake } from "../tests/mocks/openai.ts";
import { type S3Fake, startS3Fake } from "../tests/mocks/s3.ts";
import { createTestApp, type TestApp } from "../tests/setup/test-app.ts";
import { openSharedTestDatabase } from "../tests/setup/test-database.ts";
import { pngDataUrl } from "../tests/support/images.ts";
import { startRecordingNetwork } from "../tests/support/recording-network.ts";
import { createScriptedNetworks } from "../tests/support/scripted-network.ts";
import { spawnServerProcess } from "../tests/support/server-process.ts";
import { user } from "./db/schema/auth.ts";
import { profiles } from "./db/schema/profiles.ts";
import { publications, socialAccounts } from "./db/schema/publishing.ts";
import { startDeliveryWorkers } from "./features/publishing/delivery.service.ts";
import { createPosts } from "./features/publishing/publishing.service.ts";
import { createPublishingQueue } from "./features/publishing/publishing-queue.ts";
import { INTERRUPTED_AFTER_MS, sweepPublications } from "./features/publishing/publishing-sweep.ts";
import { tokenBoxFromSettings } from "./token-crypto.ts";

// Two app servers behind a load balancer, one PostgreSQL, one S3-compatible store (docs/architecture.md,
// "Betrieb mit mehreren Servern").
// Whatever one server does, the other sees: sessions, images, credits, site settings, rate
// limits. Runs where TEST_DATABASE_URL names a PostgreSQL server (`.ci/run` does both runs).

const shared = await openSharedTestDatabase(2);

describe.skipIf(!shared)("two app servers on one PostgreSQL and one S3 store", () => {
  let s3: S3Fake;
  let model: OpenAiFake;
  let a: TestApp;
  let b: TestApp;
  // One "network" both servers talk to, answering after 20 ms, so their calls overlap.
  const networks = createScriptedNetworks({ latencyMs: 20 });
  beforeAll(async () => {
    s3 = await startS3Fake();
    // With an AI model: a demo run charges no credit (ADR 0062), and the credit is what is shared here.
    model = await startOpenAiFake();
    const [databaseA, databaseB] = shared?.handles ?? [];
    // TRUST_PROXY: the load balancer passes the client's address on, to both servers alike.
    const env = { ...s3.env, ...aiEnvFor(model), TRUST_PROXY: "1" };
    a = await createTestApp({ env, database: databaseA, overrides: { networks } });
    b = await createTestApp({ env, database: databaseB, overrides: { networks } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await model?.close();
    await shared?.close();
    await s3?.close();
  });

  it("keeps a session signed in on A valid on B", async () => {
    const cookie = await a.signUpAndConfirm("zwei-server@example.test");
    const profile = await b.request("/api/profile", { cookie });
    expect(profile.status).toBe(200);
    expect((await profile.json()).email).toBe("zwei-server@example.test");
  });

  it("serves an image uploaded on A from B", async () => {
    const cookie = await a.signUpAndConfirm("bild@example.test");
    const response = await a.postJson(
      "/api/generator/generate",
      { platform: "instagram", keyPoints: "Hofladen", tone: "friendly", language: "german", imageData: pngDataUrl() },
      cookie,
    );
    expect(response.status).toBe(200);
    let archiveId = "";
    for await (const event of readGenerationEvents(response.body ?? new ReadableStream())) {
      if (event.type === "done") archiveId = event.archiveId;
    }
    const entry = await (await b.request(`/api/archive/${archiveId}`, { cookie })).json();
    expect(entry.imageUrl).toMatch(/^\/uploads\/social-images\//);
    const image = await b.request(entry.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it("lets exactly 1 of 20 simultaneous generations through on both servers together for 1 credit", async () => {
    // At most two per account are admitted at once (ADR 0050; here both apps share one process,
    // so two in all), each on its own pool: the credit statement must still let only one through.
    const cookie = await a.signUpAndConfirm("drei@example.test");
    await a.db.update(profiles).set({ credits: 1 }).where(eq(profiles.email, "drei@example.test"));
    const form = { platform: "twitter", keyPoints: "Zimtschnecken", tone: "friendly", language: "german" };
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 === 0 ? a : b).postJson("/api/generator/generate", form, cookie),
      ),
    );
    const streamed = responses.filter((response) => response.status === 200);
    expect(streamed).toHaveLength(1);
    expect(responses.every((response) => [200, 402, 429].includes(response.status))).toBe(true);
    for (const response of streamed)
      for await (const _event of readGenerationEvents(response.body ?? new ReadableStream()));
    const [profile] = await b.db.select().from(profiles).where(eq(profiles.email, "drei@example.test"));
    expect(profile?.credits).toBe(0);
  });

  it("shows a site-settings change made on A in the pages B serves", async () => {
    const adminEmail = "admin-zwei@example.test";
    const cookie = await a.signUpAndConfirm(adminEmail);
    await a.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.email, adminEmail));
    const loaded = await (await a.request("/api/admin/site-settings", { cookie })).json();
    // B has read the settings and built its page before the change, so it must notice a new version.
    expect(await (await b.request("/")).text()).not.toContain("Hofladen Zwei Server");
    const saved = await a.request("/api/admin/site-settings", {
      method: "PUT",
      cookie,
      body: JSON.stringify({
        siteTitle: "Hofladen Zwei Server",
        metaDescription: loaded.metaDescription,
        faviconUrl: "",
        gaTrackingId: "",
        updatedAt: loaded.updatedAt,
      }),
    });
    expect(saved.status).toBe(200);
    // B keeps its copy of the settings for SITE_SETTINGS_TTL_MS (ADR 0028), then rebuilds the page.
    const deadline = Date.now() + 15_000;
    let html = "";
    while (Date.now() < deadline) {
      html = await (await b.request("/")).text();
      if (html.includes("Hofladen Zwei Server")) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(html).toContain("<title>Hofladen Zwei Server</title>");
  });

  it("counts a rate limit across both servers", async () => {
    const send = (server: TestApp, index: number) =>
      server.request("/api/contact", {
        method: "POST",
        headers: { "x-forwarded-for": "198.51.100.77" },
        body: JSON.stringify({
          name: "Erika Mustermann",
          email: `limit-${index}@example.test`,
          message: "Guten Tag, eine Frage zu Ihren Preisen.",
          website: "",
          fillDurationMs: CONTACT_MIN_FILL_MS + 5000,
        }),
      });
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) statuses.push((await send(index % 2 === 0 ? a : b, index)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("sends 200 posts due in the same minute exactly once each, with both servers' workers on them (ADR 0053)", async () => {
    const userId = "publisher-two-servers";
    await a.db.insert(user).values({ id: userId, name: "P", email: "publisher@example.test", emailVerified: true });
    const accountIds: string[] = [];
    for (let index = 0; index < 4; index++) {
      const id = crypto.randomUUID();
      accountIds.push(id);
      await a.db.insert(socialAccounts).values({
        id,
        userId,
        network: "bluesky",
        externalId: `did:plc:${index}`,
        handle: `@p${index}.bsky.social`,
        displayName: `P${index}`,
        ...tokenColumns(
          a.deps.tokenBox,
          id,
          {
            accessToken: `p${index}-access`,
            refreshToken: null,
            accessTokenExpiresAt: null,
            connectionExpiresAt: null,
            scope: null,
          },
          null,
        ),
      });
    }
    const texts = Array.from({ length: 200 }, (_, index) => `Beitrag ${index}`);
    for (let start = 0; start < texts.length; start += 10) {
      const targets = texts.slice(start, start + 10).map((text, offset) => ({
        accountId: accountIds[(start + offset) % accountIds.length] ?? "",
        text,
      }));
      await (start % 20 === 0 ? a : b).deps.publishingQueue.ready();
      await createPosts((start % 20 === 0 ? a : b).deps, userId, { targets });
    }
    await startDeliveryWorkers(a.deps);
    await startDeliveryWorkers(b.deps);
    await vi.waitFor(
      async () => {
        const open = await a.db
          .select({ id: publications.id })
          .from(publications)
          .where(eq(publications.userId, userId));
        const sent = await a.db
          .select({ id: publications.id })
          .from(publications)
          .where(and(eq(publications.userId, userId), eq(publications.status, "sent")));
        expect([open.length, sent.length]).toEqual([200, 200]);
      },
      { timeout: 60_000, interval: 250 },
    );
    const arrived = networks.bluesky.received.map((post) => post.text).filter((text) => text.startsWith("Beitrag "));
    expect(arrived).toHaveLength(200);
    expect(new Set(arrived).size).toBe(200);
  }, 120_000);

  it("loses nothing when a server is killed with SIGKILL mid-send: each post sent once or marked 'unbestätigt' (ADR 0053)", async () => {
    const own = await openSharedTestDatabase(1);
    const handle = own?.handles[0];
    if (!own || handle?.queueConnection.driver !== "postgres") throw new Error("PostgreSQL expected");
    const recorder = await startRecordingNetwork({ answerAfterMs: 300 });
    const secret = "kill-test-secret-that-is-long-enough-for-auth";
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "postwerk-kill-"));
    const env = {
      DATABASE_URL: handle.queueConnection.url,
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: secret,
      RECORDER_URL: recorder.url,
      BASE_URL: "http://localhost:3000",
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
    };
    const jobs = createJobQueue(handle.queueConnection, a.deps.logger);
    const queue = createPublishingQueue(jobs, a.deps.logger);
    const servers: ChildProcess[] = [];
    try {
      servers.push(await spawnPublishingServer(env), await spawnPublishingServer(env));
      const tokenBox = tokenBoxFromSettings({ key: null, previous: [], authSecret: secret });
      const userId = "killed-mid-send";
      await handle.db.insert(user).values({ id: userId, name: "K", email: "kill@example.test", emailVerified: true });
      const accountIds = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      for (const [index, id] of accountIds.entries()) {
        await handle.db.insert(socialAccounts).values({
          id,
          userId,
          network: "linkedin",
          externalId: `urn:li:person:${index}`,
          handle: `K${index}`,
          displayName: `K${index}`,
          ...tokenColumns(
            tokenBox,
            id,
            {
              accessToken: "k-access",
              refreshToken: null,
              accessTokenExpiresAt: null,
              connectionExpiresAt: null,
              scope: null,
            },
            null,
          ),
        });
      }
      const postDeps = { db: handle.db, publishingQueue: queue };
      for (let start = 0; start < 200; start += 10) {
        const targets = Array.from({ length: 10 }, (_, offset) => ({
          accountId: accountIds[(start + offset) % accountIds.length] ?? "",
          text: `Überlebt ${start + offset}`,
        }));
        await createPosts(postDeps, userId, { targets });
      }
      await vi.waitFor(() => expect(recorder.arrivals.length).toBeGreaterThanOrEqual(40), {
        timeout: 60_000,
        interval: 20,
      });
      const killedAt = new Date();
      servers[0]?.kill("SIGKILL");
      servers.push(await spawnPublishingServer(env));

      const statuses = async () =>
        handle.db
          .select({
            text: publications.text,
            status: publications.status,
            attemptStartedAt: publications.attemptStartedAt,
          })
          .from(publications)
          .where(eq(publications.userId, userId));
      // The living servers send everything else; what stays "sending" is the killed server's.
      await vi.waitFor(
        async () =>
          expect(
            (await statuses()).filter(
              (row) =>
                row.status === "planned" ||
                (row.status === "sending" && (row.attemptStartedAt ?? killedAt) >= killedAt),
            ),
          ).toEqual([]),
        { timeout: 120_000, interval: 500 },
      );
      // The sweep finds those attempts once their calls must have ended (ADR 0075).
      await sweepPublications(
        { ...a.deps, db: handle.db, publishingQueue: queue },
        new Date(Date.now() + INTERRUPTED_AFTER_MS + 1_000),
      );
      const rows = await statuses();
      const arrivals = (text: string) => recorder.arrivals.filter((arrived) => arrived === text).length;
      expect(rows).toHaveLength(200);
      expect(rows.filter((row) => row.status === "planned" || row.status === "sending")).toEqual([]);
      expect(rows.filter((row) => row.status === "sent").every((row) => arrivals(row.text) === 1)).toBe(true);
      expect(rows.filter((row) => row.status === "unconfirmed").every((row) => arrivals(row.text) <= 1)).toBe(true);
      expect(rows.filter((row) => row.status !== "sent" && row.status !== "unconfirmed")).toEqual([]);
      // The kill did land mid-send: the posts in flight on the killed server were found and marked.
      expect(rows.filter((row) => row.status === "unconfirmed").length).toBeGreaterThan(0);
    } finally {
      for (const server of servers) server.kill("SIGKILL");
      await jobs.stop(0);
      await recorder.close();
      await own.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

async function spawnPublishingServer(env: Record<string, string>): Promise<ChildProcess> {
  return (await spawnServerProcess(env, "tests/support/publishing-server.ts")).process;
}
