import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notifications, publications, socialAccounts } from "#server/db/schema/publishing.ts";
import { PUBLISHING_DETAILS } from "#shared/publishing.ts";
import { failureText } from "#shared/publishing-failures.ts";
import { queuedJobsFor } from "../../../tests/setup/test-database.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { tokensFor } from "../../../tests/support/scripted-network.ts";
import {
  backoffAfter,
  giveUpPublication,
  isOverdue,
  MAX_ATTEMPTS,
  MISSED_AFTER_MS,
  processPublication,
} from "./delivery.service.ts";

// The guards of sending one publication (ADR 0053, 0074), each on its own: what happens when the
// account is gone or must be reconnected, the image is missing, the owner changes the post between
// the job's read and its claim, the network answers in a way the main tests do not script, or a
// step of a network that publishes in steps cannot go on. Real database, scripted networks, a clock
// passed in.

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  t = await createPublishingTestApp();
});
afterAll(async () => {
  await t.close();
});

const NOW = new Date("2026-11-18T09:00:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);

/** A post due at NOW on a new account of a new user. */
async function duePost(network: "x" | "linkedin" | "bluesky" = "linkedin", text = "Wächter") {
  const userId = await t.createUser();
  const accountId = await t.connectAccount(userId, network);
  const post = await t.insertPublication({ userId, accountId, network, text, due: NOW });
  return { userId, accountId, post };
}

const mailsTo = (userId: string) => t.mails.filter((mail) => mail.to === `${userId}@example.test`);
const arrived = (network: "x" | "linkedin" | "bluesky", text: string) =>
  t.networks[network].received.filter((post) => post.text === text);

describe("the retry clock", () => {
  it("waits 30 s, 2, 10, 30 and then 60 minutes after the 1st, 2nd, … attempt", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(backoffAfter)).toEqual([
      30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });

  it("calls a post overdue only after more than MISSED_AFTER_MS", () => {
    const post = { nextAttemptAt: NOW };
    expect(isOverdue(post, later(MISSED_AFTER_MS))).toBe(false);
    expect(isOverdue(post, later(MISSED_AFTER_MS + 1))).toBe(true);
    expect(isOverdue(post, NOW)).toBe(false);
  });
});

describe("before the claim", () => {
  it("fails a post whose account was removed, with the reason and a mail", async () => {
    const { userId, post } = await duePost("linkedin", "Ohne Konto");
    await t.db.update(publications).set({ accountId: null }).where(eq(publications.id, post.id));
    await processPublication(t.deps, post.id, NOW);
    expect(await t.publication(post.id)).toMatchObject({ status: "failed", detail: PUBLISHING_DETAILS.disconnected });
    expect(mailsTo(userId)).toHaveLength(1);
    expect(arrived("linkedin", "Ohne Konto")).toEqual([]);
  });

  it("fails a post of an account that must be reconnected, without a mail of its own", async () => {
    const { userId, accountId, post } = await duePost("linkedin", "Neu verbinden");
    await t.db.update(socialAccounts).set({ status: "reconnect_required" }).where(eq(socialAccounts.id, accountId));
    const calls = t.networks.linkedin.publishCalls;
    await processPublication(t.deps, post.id, NOW);
    expect(await t.publication(post.id)).toMatchObject({ status: "failed", detail: PUBLISHING_DETAILS.revoked });
    const events = await t.db.select().from(notifications).where(eq(notifications.publicationId, post.id));
    expect(events.map((event) => event.kind)).toEqual(["failed"]);
    expect(mailsTo(userId)).toEqual([]);
    expect(t.networks.linkedin.publishCalls).toBe(calls);
  });

  it("counts a try whose tokens could not be refreshed, backs off, and fails after MAX_ATTEMPTS", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x", tokensFor("abgelaufen", "r", later(-60_000)));
    const post = await t.insertPublication({ userId, accountId, network: "x", text: "Kein Token", due: NOW });
    t.networks.x.refreshSteps.push({ do: "fail", kind: "unavailable" });
    await processPublication(t.deps, post.id, NOW);
    const waiting = await t.publication(post.id);
    expect(waiting).toMatchObject({ status: "planned", attempts: 1, attemptStartedAt: null });
    expect(waiting.nextAttemptAt).toEqual(later(30_000));
    expect(await queuedJobsFor(t.db, post.id)).toBe(1);

    let now = waiting.nextAttemptAt;
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      t.networks.x.refreshSteps.push({ do: "fail", kind: "unavailable" });
      await processPublication(t.deps, post.id, now);
      now = (await t.publication(post.id)).nextAttemptAt;
    }
    expect(await t.publication(post.id)).toMatchObject({ status: "failed", detail: PUBLISHING_DETAILS.unavailable });
    expect(arrived("x", "Kein Token")).toEqual([]);
    expect(mailsTo(userId)).toHaveLength(1);
  });

  it("fails a post still rate-limited after MAX_ATTEMPTS with its own reason, not the generic one", async () => {
    const { userId, post } = await duePost("x", "Immer 429");
    let now = NOW;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      t.networks.x.publishSteps.push({ do: "fail", kind: "rate-limited", retryAt: later(attempt * 60_000) });
      await processPublication(t.deps, post.id, now);
      now = (await t.publication(post.id)).nextAttemptAt;
    }
    expect(await t.publication(post.id)).toMatchObject({
      status: "failed",
      failureReason: "rate-limited",
      detail: failureText("rate-limited", "X"),
    });
    expect(arrived("x", "Immer 429")).toEqual([]);
    expect(mailsTo(userId)).toHaveLength(1);
  });

  it("fails a post whose image is gone, and sends one whose image is there", async () => {
    const { userId, accountId, post } = await duePost("linkedin", "Bild weg");
    await t.db
      .update(publications)
      .set({ imageUrl: "/uploads/social-images/1700000000000-0123456789abcdef.png" })
      .where(eq(publications.id, post.id));
    await processPublication(t.deps, post.id, NOW);
    expect(await t.publication(post.id)).toMatchObject({
      status: "failed",
      detail: "Das Bild des Beitrags gibt es nicht mehr.",
    });
    expect(mailsTo(userId)).toHaveLength(1);

    const stored = await t.deps.imageStorage.save(new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), "png");
    const withImage = await t.insertPublication({ userId, accountId, network: "linkedin", text: "Mit Bild", due: NOW });
    await t.db.update(publications).set({ imageUrl: stored.publicUrl }).where(eq(publications.id, withImage.id));
    await processPublication(t.deps, withImage.id, NOW);
    expect((await t.publication(withImage.id)).status).toBe("sent");
    expect(arrived("linkedin", "Mit Bild").map((sent) => sent.images)).toEqual([1]);
  });
});

describe("the claim, after the owner changed the post since the job read it", () => {
  /** Runs `change` between the job's checks and its claim (the claim's transaction starts after `ready`). */
  async function processWhileChanging(id: string, change: () => Promise<unknown>) {
    const queue = t.deps.publishingQueue;
    const ready = queue.ready.bind(queue);
    const spy = vi.spyOn(queue, "ready").mockImplementationOnce(async () => {
      await change();
      return ready();
    });
    try {
      await processPublication(t.deps, id, NOW);
    } finally {
      spy.mockRestore();
    }
  }

  it("does not send a post cancelled meanwhile", async () => {
    const { post } = await duePost("linkedin", "Gerade abgesagt");
    await processWhileChanging(post.id, () =>
      t.db.update(publications).set({ status: "cancelled" }).where(eq(publications.id, post.id)),
    );
    expect((await t.publication(post.id)).status).toBe("cancelled");
    expect(arrived("linkedin", "Gerade abgesagt")).toEqual([]);
  });

  it("does not send a post moved to a later time meanwhile", async () => {
    const { post } = await duePost("linkedin", "Gerade verschoben");
    await processWhileChanging(post.id, () =>
      t.db
        .update(publications)
        .set({ nextAttemptAt: later(3_600_000) })
        .where(eq(publications.id, post.id)),
    );
    expect(await t.publication(post.id)).toMatchObject({ status: "planned", attempts: 0 });
    expect(arrived("linkedin", "Gerade verschoben")).toEqual([]);
  });

  it("does not send a post whose account was removed meanwhile", async () => {
    const { post } = await duePost("linkedin", "Konto gerade getrennt");
    await processWhileChanging(post.id, () =>
      t.db.update(publications).set({ accountId: null }).where(eq(publications.id, post.id)),
    );
    expect(await t.publication(post.id)).toMatchObject({ status: "planned", attempts: 0 });
    expect(arrived("linkedin", "Konto gerade getrennt")).toEqual([]);
  });

  it("gives a post held back by the account's limit its own job at the window's end", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "x");
    const limits = t.networks.x.limits;
    t.networks.x.limits = { postsPerWindow: 1, windowMs: 15 * 60_000 };
    try {
      const first = await t.insertPublication({ userId, accountId, network: "x", text: "Fenster 1", due: NOW });
      const second = await t.insertPublication({ userId, accountId, network: "x", text: "Fenster 2", due: NOW });
      await processPublication(t.deps, first.id, NOW);
      await processPublication(t.deps, second.id, NOW);
      const held = await t.publication(second.id);
      expect(held).toMatchObject({ status: "planned", attempts: 0 });
      expect(held.nextAttemptAt).toEqual(later(15 * 60_000 + 1_000));
      expect(await queuedJobsFor(t.db, second.id)).toBe(1);
    } finally {
      t.networks.x.limits = limits;
    }
  });
});

describe("the network's answer", () => {
  it("waits a minute after a rate limit without a reset time", async () => {
    const { post } = await duePost("linkedin", "429 ohne Zeit");
    t.networks.linkedin.publishSteps.push({ do: "fail", kind: "rate-limited" });
    await processPublication(t.deps, post.id, NOW);
    const row = await t.publication(post.id);
    expect(row).toMatchObject({ status: "planned", attempts: 1 });
    expect(row.nextAttemptAt).toEqual(later(60_000));
  });

  it("fails a rejected post without a detail with the plain reason", async () => {
    const { post } = await duePost("linkedin", "Abgelehnt ohne Grund");
    t.networks.linkedin.publishSteps.push({ do: "fail", kind: "rejected" });
    await processPublication(t.deps, post.id, NOW);
    // No words of the network's own: the sentence of an unknown refusal, nothing to unfold (ADR 0093).
    expect(await t.publication(post.id)).toMatchObject({
      status: "failed",
      detail: failureText("unknown", "LinkedIn"),
      failureReason: "unknown",
    });
  });

  it("fails a post the network refuses for a retired API version, logs it for the operator, mails the owner", async () => {
    const { userId, post } = await duePost("linkedin", "Version alt");
    t.networks.linkedin.publishSteps.push({ do: "fail", kind: "version-retired", detail: "426" });
    const error = vi.spyOn(t.deps.logger, "error");
    try {
      await processPublication(t.deps, post.id, NOW);
      expect(error).toHaveBeenCalledWith(
        { network: "linkedin", detail: "426" },
        "Schnittstellenversion vom Netzwerk abgelehnt (426): Postwerk aktualisieren",
      );
    } finally {
      error.mockRestore();
    }
    expect(await t.publication(post.id)).toMatchObject({
      status: "failed",
      detail: PUBLISHING_DETAILS.versionRetired,
    });
    expect(mailsTo(userId)).toHaveLength(1);
  });

  it("refreshes once on a 401: a second 401 with the new token means the grant is gone", async () => {
    const { accountId, post } = await duePost("x", "Zweimal 401");
    t.networks.x.publishSteps.push({ do: "fail", kind: "revoked" }, { do: "fail", kind: "revoked" });
    const refreshes = t.networks.x.refreshCalls.length;
    await processPublication(t.deps, post.id, NOW);
    expect(t.networks.x.refreshCalls.length).toBe(refreshes + 1);
    expect(await t.publication(post.id)).toMatchObject({ status: "failed", detail: failureText("token-invalid", "X") });
    expect((await t.account(accountId))?.status).toBe("reconnect_required");
    expect(arrived("x", "Zweimal 401")).toEqual([]);
  });

  it("tries again later when the refresh after a 401 cannot be done now, and keeps the account", async () => {
    const { accountId, post } = await duePost("x", "401 und 503");
    t.networks.x.publishSteps.push({ do: "fail", kind: "revoked" });
    t.networks.x.refreshSteps.push({ do: "fail", kind: "unavailable" });
    await processPublication(t.deps, post.id, NOW);
    const row = await t.publication(post.id);
    expect(row).toMatchObject({ status: "planned", attempts: 1 });
    expect(row.nextAttemptAt).toEqual(later(30_000));
    expect((await t.account(accountId))?.status).toBe("connected");
  });

  it("calls an attempt in doubt when the integration throws something other than a network error", async () => {
    const { post } = await duePost("linkedin", "Fehler im Code");
    const publish = vi.spyOn(t.networks.linkedin, "publish").mockRejectedValueOnce(new TypeError("kaputt"));
    try {
      await processPublication(t.deps, post.id, NOW);
    } finally {
      publish.mockRestore();
    }
    expect((await t.publication(post.id)).status).toBe("unconfirmed");
  });
});

describe("the next step of a network that publishes in steps", () => {
  async function waitingForStep(text: string) {
    const { userId, accountId, post } = await duePost("bluesky", text);
    t.networks.bluesky.publishSteps.push({ do: "pending", checkAfterMs: 10_000 });
    await processPublication(t.deps, post.id, NOW);
    expect((await t.publication(post.id)).status).toBe("sending");
    return { userId, accountId, post };
  }

  it("fails without a mail when the account must be reconnected before the step", async () => {
    const { userId, accountId, post } = await waitingForStep("Schritt ohne Konto");
    await t.db.update(socialAccounts).set({ status: "reconnect_required" }).where(eq(socialAccounts.id, accountId));
    const calls = t.networks.bluesky.continueCalls;
    await processPublication(t.deps, post.id, later(10_000));
    expect(await t.publication(post.id)).toMatchObject({
      status: "failed",
      detail: PUBLISHING_DETAILS.revoked,
      continuation: null,
    });
    expect(t.networks.bluesky.continueCalls).toBe(calls);
    expect(mailsTo(userId)).toEqual([]);
  });

  it("is in doubt when the network cannot take the step", async () => {
    const { post } = await waitingForStep("Schritt unmöglich");
    const network = t.networks.bluesky;
    const continuePublish = network.continuePublish;
    network.continuePublish = undefined;
    try {
      await processPublication(t.deps, post.id, later(10_000));
    } finally {
      network.continuePublish = continuePublish;
    }
    expect((await t.publication(post.id)).status).toBe("unconfirmed");
  });
});

describe("the queue giving up", () => {
  it("fails a planned post with the reason and a mail, and leaves a post that already has an outcome", async () => {
    const { userId, post } = await duePost("linkedin", "Aufgegeben");
    await giveUpPublication(t.deps, post.id);
    expect(await t.publication(post.id)).toMatchObject({ status: "failed", detail: PUBLISHING_DETAILS.stuck });
    expect(mailsTo(userId)).toHaveLength(1);

    const sent = await duePost("linkedin", "Schon gesendet");
    await processPublication(t.deps, sent.post.id, NOW);
    await giveUpPublication(t.deps, sent.post.id);
    expect((await t.publication(sent.post.id)).status).toBe("sent");
    await giveUpPublication(t.deps, "00000000-0000-4000-8000-000000000000");
  });
});
