import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notifications, publications } from "#server/db/schema/publishing.ts";
import { openTokens } from "#server/features/account-tokens/account-tokens.ts";
import type { NetworkFailureKind } from "#server/integrations/social/social-network.ts";
import { INTERRUPTED_EXPLANATION, UNCONFIRMED_EXPLANATION } from "#shared/publishing.ts";
import { failureText } from "#shared/publishing-failures.ts";
import { queuedJobsFor } from "../../../tests/setup/test-database.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { tokensFor } from "../../../tests/support/scripted-network.ts";
import { MAX_ATTEMPTS, processPublication, startDeliveryWorkers } from "./delivery.service.ts";
import { cancelPost, createPosts, updatePost } from "./publishing.service.ts";
import { INTERRUPTED_AFTER_MS, sweepPublications } from "./publishing-sweep.ts";

// Exactly once toward the network (ADR 0053), through the real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL), with a scripted network and a clock passed in, never slept for.

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  t = await createPublishingTestApp();
});
afterAll(async () => {
  await t.close();
});

// A Wednesday in November: plain winter time.
const NOW = new Date("2026-11-18T09:00:00Z");
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

async function planX(
  userId: string,
  accountId: string,
  text = "Hallo X",
  plannedFor = { date: "2026-11-18", time: "11:00" },
) {
  const [post] = await createPosts(t.deps, userId, { targets: [{ accountId, text }], plannedFor }, NOW);
  if (!post) throw new Error("no post");
  return post;
}

describe("sending a planned post", () => {
  it("writes the post and its one job together, sends it when due, once, with its link", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const post = await planX(userId, accountId, "Einmal und nicht öfter");
    expect(post.scheduledAt).toBe("2026-11-18T10:00:00.000Z");
    expect(await queuedJobsFor(t.db, post.id)).toBe(1);

    await processPublication(t.deps, post.id, at(59));
    expect(t.networks.x.publishCalls).toBe(0);
    await processPublication(t.deps, post.id, at(60));
    await processPublication(t.deps, post.id, at(61));

    const sent = await t.publication(post.id);
    expect(sent.status).toBe("sent");
    expect(sent.externalUrl).toMatch(/^https:\/\/x\.example\/posts\//);
    expect(t.networks.x.received.filter((p) => p.text === "Einmal und nicht öfter")).toHaveLength(1);
    const events = await t.db.select().from(notifications).where(eq(notifications.publicationId, post.id));
    expect(events.map((event) => event.kind)).toEqual(["sent"]);
  });

  it("retries with backoff when the network did not accept the post (5xx), then sends it once", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "linkedin");
    const [post] = await createPosts(t.deps, userId, { targets: [{ accountId, text: "Nach dem 503" }] }, NOW);
    if (!post) throw new Error("no post");
    t.networks.linkedin.publishSteps.push({ do: "fail", kind: "unavailable" });
    await processPublication(t.deps, post.id, NOW);
    const waiting = await t.publication(post.id);
    expect(waiting.status).toBe("planned");
    expect(waiting.nextAttemptAt.getTime()).toBe(NOW.getTime() + 30_000);
    expect(await queuedJobsFor(t.db, post.id)).toBe(2);

    await processPublication(t.deps, post.id, new Date(NOW.getTime() + 29_000));
    expect((await t.publication(post.id)).status).toBe("planned");
    await processPublication(t.deps, post.id, new Date(NOW.getTime() + 30_000));
    expect((await t.publication(post.id)).status).toBe("sent");
    expect(t.networks.linkedin.received.filter((p) => p.text === "Nach dem 503")).toHaveLength(1);
  });

  it("fails with a German reason after too many 5xx, with one mail", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "linkedin");
    const [post] = await createPosts(t.deps, userId, { targets: [{ accountId, text: "Immer 503" }] }, NOW);
    if (!post) throw new Error("no post");
    let now = NOW;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      t.networks.linkedin.publishSteps.push({ do: "fail", kind: "unavailable" });
      await processPublication(t.deps, post.id, now);
      now = (await t.publication(post.id)).nextAttemptAt;
    }
    const failed = await t.publication(post.id);
    expect(failed.status).toBe("failed");
    expect(failed.detail).toMatch(/nicht erreichbar/);
    expect(t.mails.filter((mail) => mail.to.startsWith(userId))).toHaveLength(1);
  });

  it("waits for a rate limit's reset time", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const post = await planX(userId, accountId, "Nach dem 429");
    const reset = at(75);
    t.networks.x.publishSteps.push({ do: "fail", kind: "rate-limited", retryAt: reset });
    await processPublication(t.deps, post.id, at(60));
    expect((await t.publication(post.id)).nextAttemptAt).toEqual(reset);
    await processPublication(t.deps, post.id, at(74));
    expect((await t.publication(post.id)).status).toBe("planned");
    await processPublication(t.deps, post.id, reset);
    expect((await t.publication(post.id)).status).toBe("sent");
  });

  it("marks a lost answer 'unbestätigt', explains it, and never sends a second time", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const post = await planX(userId, accountId, "Antwort verloren");
    t.networks.x.publishSteps.push({ do: "arrive-then-lose-answer" });
    await processPublication(t.deps, post.id, at(60));
    await processPublication(t.deps, post.id, at(120));
    const row = await t.publication(post.id);
    expect(row.status).toBe("unconfirmed");
    expect(row.detail).toBe(UNCONFIRMED_EXPLANATION);
    expect(t.networks.x.received.filter((p) => p.text === "Antwort verloren")).toHaveLength(1);
    expect(t.mails.filter((mail) => mail.to.startsWith(userId))).toHaveLength(1);
  });

  it("treats a call that hangs past the timeout as 'unbestätigt'", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "bluesky");
    const [post] = await createPosts(t.deps, userId, { targets: [{ accountId, text: "Hängt" }] }, NOW);
    if (!post) throw new Error("no post");
    t.networks.bluesky.publishSteps.push({ do: "hang" });
    await processPublication(t.deps, post.id, NOW, 20);
    t.networks.bluesky.releaseHanging();
    expect((await t.publication(post.id)).status).toBe("unconfirmed");
  });

  it("finds an attempt recorded without an outcome (server killed mid-send) and marks it instead of resending", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const post = await planX(userId, accountId, "Server weg");
    await t.db
      .update(publications)
      .set({ status: "sending", attempts: 1, attemptStartedAt: at(60) })
      .where(eq(publications.id, post.id));
    const calls = t.networks.x.publishCalls;
    // A job that finds it "sending" leaves it: its attempt may still be running on another server.
    await processPublication(t.deps, post.id, at(62));
    expect((await t.publication(post.id)).status).toBe("sending");
    // The sweep settles it once the call must have ended (ADR 0075).
    await sweepPublications(t.deps, new Date(at(60).getTime() + INTERRUPTED_AFTER_MS - 1_000));
    expect((await t.publication(post.id)).status).toBe("sending");
    await sweepPublications(t.deps, new Date(at(60).getTime() + INTERRUPTED_AFTER_MS + 1_000));
    const row = await t.publication(post.id);
    expect(row.status).toBe("unconfirmed");
    expect(row.detail).toBe(INTERRUPTED_EXPLANATION);
    expect(t.networks.x.publishCalls).toBe(calls);
  });

  it("fails a rejected post with the German sentence of its class and keeps the network's detail (ADR 0093)", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const post = await planX(userId, accountId, "Doppelt");
    t.networks.x.publishSteps.push({ do: "fail", kind: "rejected", detail: "Duplicate content", reason: "duplicate" });
    await processPublication(t.deps, post.id, at(60));
    const row = await t.publication(post.id);
    expect(row.status).toBe("failed");
    expect(row.detail).toBe(failureText("duplicate", "X"));
    expect([row.failureReason, row.failureOriginal]).toEqual(["duplicate", "Duplicate content"]);
  });

  it("on a revoked grant asks to reconnect the account with one mail that lists its posts, however many posts find it", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const posts = [];
    for (const text of ["Eins", "Zwei", "Drei", "Vier", "Fünf"]) posts.push(await planX(userId, accountId, text));
    // A 401 is answered with one refresh first; only a refused refresh means the grant is gone.
    t.networks.x.publishSteps.push({ do: "fail", kind: "revoked" });
    t.networks.x.refreshSteps.push({ do: "fail", kind: "revoked" });
    for (const post of posts) await processPublication(t.deps, post.id, at(60));
    expect((await t.account(accountId))?.status).toBe("reconnect_required");
    for (const post of posts) expect((await t.publication(post.id)).status).toBe("failed");
    const reconnect = await t.db.select().from(notifications).where(eq(notifications.accountId, accountId));
    expect(reconnect.map((event) => event.kind)).toEqual(["reconnect"]);
    const mails = t.mails.filter((mail) => mail.to.startsWith(userId));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("neu verbinden");
    expect(mails[0]?.text).toContain("5 Beiträge");
    expect(mails[0]?.text).toContain("18.11.2026, 11:00 Uhr; 18.11.2026, 11:00 Uhr");
  });

  it("refreshes the token once on a 401 and sends the post with the new one", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const post = await planX(userId, accountId, "Nach dem 401");
    t.networks.x.publishSteps.push({ do: "fail", kind: "revoked" });
    const refreshes = t.networks.x.refreshCalls.length;
    await processPublication(t.deps, post.id, at(60));
    expect((await t.publication(post.id)).status).toBe("sent");
    expect(t.networks.x.refreshCalls.length).toBe(refreshes + 1);
    expect((await t.account(accountId))?.status).toBe("connected");
    const arrived = t.networks.x.received.filter((p) => p.text === "Nach dem 401");
    expect(arrived).toHaveLength(1);
    expect(arrived[0]?.accessToken).toMatch(/^refreshed-/);
  });

  it("keeps to the account's limit (X: 100 per 15 minutes) and sends the rest when the window frees up", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const limits = t.networks.x.limits;
    t.networks.x.limits = { postsPerWindow: 2, windowMs: 15 * 60_000 };
    try {
      const posts = [
        await planX(userId, accountId, "L1"),
        await planX(userId, accountId, "L2"),
        await planX(userId, accountId, "L3"),
      ];
      for (const post of posts) await processPublication(t.deps, post.id, at(60));
      const third = await t.publication(posts[2]?.id ?? "");
      expect(third.status).toBe("planned");
      expect(third.nextAttemptAt.getTime()).toBe(at(75).getTime() + 1_000);
      await processPublication(t.deps, third.id, at(76));
      expect((await t.publication(third.id)).status).toBe("sent");
    } finally {
      t.networks.x.limits = limits;
    }
  });
});

describe("tokens", () => {
  it("refreshes ahead of expiry once, stores the rotated refresh token", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x", tokensFor("old-access", "old-refresh", at(62)));
    const posts = [await planX(userId, accountId, "R1"), await planX(userId, accountId, "R2")];
    const refreshes = t.networks.x.refreshCalls.length;
    await Promise.all(posts.map((post) => processPublication(t.deps, post.id, at(60))));
    expect(t.networks.x.refreshCalls.length - refreshes).toBe(1);
    const account = await t.account(accountId);
    const stored = openTokens(t.deps.tokenBox, accountId, account?.tokens ?? "");
    expect(stored.refreshToken).toMatch(/^refresh-\d+$/);
    expect(t.networks.x.received.filter((p) => p.text.startsWith("R")).map((p) => p.accessToken)).toEqual([
      stored.accessToken,
      stored.accessToken,
    ]);
  });

  /** An X post sent at at(60) while the refresh of its account's token (valid until `expiresAt`) fails. */
  async function sendWhileRefreshFails(expiresAt: Date, failure: NetworkFailureKind, text: string) {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x", tokensFor("x-access", "r", expiresAt));
    const post = await planX(userId, accountId, text);
    t.networks.x.refreshSteps.push({ do: "fail", kind: failure });
    await processPublication(t.deps, post.id, at(60));
    return { account: await t.account(accountId), row: await t.publication(post.id) };
  }

  it("keeps the account connected when a refresh fails with a 5xx, and sends with the still valid token", async () => {
    const { account, row } = await sendWhileRefreshFails(at(63), "unavailable", "Refresh 503");
    expect(account?.status).toBe("connected");
    expect(row.status).toBe("sent");
  });

  it("retries later when the token has expired and the refresh fails with a 5xx", async () => {
    const { account, row } = await sendWhileRefreshFails(at(30), "outcome-unknown", "Abgelaufen");
    expect(account?.status).toBe("connected");
    expect(row.status).toBe("planned");
    expect(row.nextAttemptAt > at(60)).toBe(true);
  });
});

describe("planning", () => {
  it("means the first 02:30 (summer time) on the night the clocks go back, and sends it then", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "bluesky");
    const before = new Date("2026-10-24T12:00:00Z");
    const [post] = await createPosts(
      t.deps,
      userId,
      { targets: [{ accountId, text: "Zeitumstellung" }], plannedFor: { date: "2026-10-25", time: "02:30" } },
      before,
    );
    expect(post?.scheduledAt).toBe("2026-10-25T00:30:00.000Z");
    await processPublication(t.deps, post?.id ?? "", new Date("2026-10-25T00:29:59Z"));
    expect((await t.publication(post?.id ?? "")).status).toBe("planned");
    await processPublication(t.deps, post?.id ?? "", new Date("2026-10-25T00:30:00Z"));
    expect((await t.publication(post?.id ?? "")).status).toBe("sent");
  });

  it("cancels before sending: the job finds the post cancelled and sends nothing", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const post = await planX(userId, accountId, "Abgesagt");
    await cancelPost(t.db, userId, post.id);
    await processPublication(t.deps, post.id, at(60));
    expect((await t.publication(post.id)).status).toBe("cancelled");
    expect(t.networks.x.received.some((p) => p.text === "Abgesagt")).toBe(false);
  });

  it("sends the edited text at the new time", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const post = await planX(userId, accountId, "Entwurf");
    await updatePost(
      t.deps,
      userId,
      post.id,
      { text: "Endfassung", plannedFor: { date: "2026-11-18", time: "12:00" } },
      NOW,
    );
    await processPublication(t.deps, post.id, at(60));
    expect((await t.publication(post.id)).status).toBe("planned");
    await processPublication(t.deps, post.id, at(120));
    expect(t.networks.x.received.filter((p) => p.text === "Endfassung")).toHaveLength(1);
    expect(t.networks.x.received.some((p) => p.text === "Entwurf")).toBe(false);
  });
});

describe("the queue's own workers", () => {
  it("send a post of 'Jetzt veröffentlichen' through pg-boss", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "linkedin");
    await startDeliveryWorkers(t.deps);
    const [post] = await createPosts(t.deps, userId, { targets: [{ accountId, text: "Über die Queue" }] });
    await vi.waitFor(async () => expect((await t.publication(post?.id ?? "")).status).toBe("sent"), {
      timeout: 20_000,
      interval: 100,
    });
    expect(t.networks.linkedin.received.filter((p) => p.text === "Über die Queue")).toHaveLength(1);
  });

  it("pick up a planned post when it falls due, not only when a job is written", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "linkedin");
    // Due in two seconds: its job's NOTIFY has long passed then, so only the short poll finds it.
    const dueAt = new Date(Date.now() + 2_000);
    const [post] = await createPosts(t.deps, userId, { targets: [{ accountId, text: "Später fällig" }] }, dueAt);
    await vi.waitFor(async () => expect((await t.publication(post?.id ?? "")).status).toBe("sent"), {
      timeout: 15_000,
      interval: 100,
    });
  });
});
