import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicationThreadPosts } from "#server/db/schema/publishing.ts";
import { queuedJobsFor } from "../../../tests/setup/test-database.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { processPublication } from "./delivery.service.ts";
import { createPosts } from "./publishing.service.ts";
import { SWEEP_GRACE_MS, sweepPublications } from "./publishing-sweep.ts";
import { createThread } from "./threads.service.ts";

// Publishing in steps and stopping between steps (ADR 0074, 0076), and what `sentAt` means: the
// real database, scripted networks, a clock passed in.

const LATENCY_MS = 40;
let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  t = await createPublishingTestApp({ latencyMs: LATENCY_MS });
});
afterAll(async () => {
  await t.close();
});

const NOW = new Date("2026-11-18T09:00:00Z");
const at = (ms: number) => new Date(NOW.getTime() + ms);

async function postNow(network: "x" | "linkedin" | "bluesky", text: string) {
  const userId = await t.createUser();
  const accountId = await t.connectAccount(userId, network);
  const [post] = await createPosts(t.deps, userId, { targets: [{ accountId, text }] }, NOW);
  if (!post) throw new Error("no post");
  return { userId, accountId, post };
}

describe("sentAt", () => {
  it("is when the network accepted the post, not when sending started", async () => {
    const { post } = await postNow("linkedin", "Angenommen");
    await processPublication(t.deps, post.id, NOW);
    const row = await t.publication(post.id);
    expect(row.status).toBe("sent");
    expect(row.attemptStartedAt).toEqual(NOW);
    // After the start by the network's latency. Not "≥ start + LATENCY_MS": a 40 ms timer may fire
    // when performance.now() has moved 39.x ms (libuv's loop clock), and Date drops the fraction.
    expect(row.sentAt?.getTime() ?? 0).toBeGreaterThan(NOW.getTime() + LATENCY_MS / 2);
  });
});

describe("a network that publishes in steps", () => {
  it("keeps the post 'sending' with its continuation, and one job publishes it once it is due", async () => {
    const { post } = await postNow("bluesky", "In Schritten");
    t.networks.bluesky.publishSteps.push({ do: "pending", checkAfterMs: 30_000 });
    await processPublication(t.deps, post.id, NOW);
    const waiting = await t.publication(post.id);
    expect(waiting.status).toBe("sending");
    expect(waiting.continuation).toMatch(/^container-/);
    expect(waiting.nextAttemptAt).toEqual(at(30_000));
    expect(await queuedJobsFor(t.db, post.id)).toBe(2);

    // Too early: nothing happens. Then two jobs at once: one takes the step.
    await processPublication(t.deps, post.id, at(29_000));
    const calls = t.networks.bluesky.continueCalls;
    await Promise.all([
      processPublication(t.deps, post.id, at(30_000)),
      processPublication(t.deps, post.id, at(30_000)),
    ]);
    expect(t.networks.bluesky.continueCalls).toBe(calls + 1);
    const sent = await t.publication(post.id);
    expect(sent.status).toBe("sent");
    expect(sent.continuation).toBeNull();
    expect(t.networks.bluesky.received.filter((p) => p.text === "In Schritten")).toHaveLength(1);
  });

  it("waits again when the next step is not ready, and the sweep gives a lost step's job back", async () => {
    const { post } = await postNow("bluesky", "Noch nicht fertig");
    t.networks.bluesky.publishSteps.push({ do: "pending", checkAfterMs: 10_000 });
    t.networks.bluesky.continueSteps.push({ do: "pending", checkAfterMs: 20_000 });
    await processPublication(t.deps, post.id, NOW);
    await processPublication(t.deps, post.id, at(10_000));
    const waiting = await t.publication(post.id);
    expect(waiting.status).toBe("sending");
    expect(waiting.nextAttemptAt).toEqual(at(30_000));

    const jobs = await queuedJobsFor(t.db, post.id);
    await sweepPublications(t.deps, at(30_000 + SWEEP_GRACE_MS + 1_000));
    expect(await queuedJobsFor(t.db, post.id)).toBe(jobs + 1);
    await processPublication(t.deps, post.id, at(31_000));
    expect((await t.publication(post.id)).status).toBe("sent");
  });

  it("is 'unbestätigt' when the step's answer was lost, never stepped twice", async () => {
    const { post } = await postNow("bluesky", "Schritt verloren");
    t.networks.bluesky.publishSteps.push({ do: "pending", checkAfterMs: 10_000 });
    t.networks.bluesky.continueSteps.push({ do: "fail", kind: "outcome-unknown" });
    await processPublication(t.deps, post.id, NOW);
    await processPublication(t.deps, post.id, at(10_000));
    expect((await t.publication(post.id)).status).toBe("unconfirmed");
    const calls = t.networks.bluesky.continueCalls;
    await processPublication(t.deps, post.id, at(60_000));
    expect(t.networks.bluesky.continueCalls).toBe(calls);
  });
});

describe("a thread while its server shuts down", () => {
  it("stops after the post in flight and goes on from the next post, on the next run", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const posts = ["Halt 1/4", "Halt 2/4", "Halt 3/4", "Halt 4/4"];
    const created = await createThread(t.deps, userId, { accountId, posts }, NOW);
    const stopping = t.deps.publishingQueue.stopping;
    // The shutdown begins while post 2 is on its way.
    t.deps.publishingQueue.stopping = () => t.networks.x.received.filter((p) => p.text.startsWith("Halt")).length >= 2;
    try {
      await processPublication(t.deps, created.id, NOW);
    } finally {
      t.deps.publishingQueue.stopping = stopping;
    }
    const paused = await t.publication(created.id);
    expect(paused.status).toBe("planned");
    expect(paused.attempts).toBe(0);
    const statuses = async () =>
      (
        await t.db
          .select()
          .from(publicationThreadPosts)
          .where(eq(publicationThreadPosts.publicationId, created.id))
          .orderBy(publicationThreadPosts.position)
      ).map((post) => post.status);
    expect(await statuses()).toEqual(["sent", "sent", "pending", "pending"]);

    await processPublication(t.deps, created.id, paused.nextAttemptAt);
    expect((await t.publication(created.id)).status).toBe("sent");
    expect(t.networks.x.received.filter((p) => p.text.startsWith("Halt")).map((p) => p.text)).toEqual(posts);
  });
});
