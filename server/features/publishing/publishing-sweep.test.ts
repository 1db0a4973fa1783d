import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notifications, publications } from "#server/db/schema/publishing.ts";
import { MISSED_EXPLANATION } from "#shared/publishing.ts";
import { queuedJobsFor } from "../../../tests/setup/test-database.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { MISSED_AFTER_MS, processPublication, startDeliveryWorkers } from "./delivery.service.ts";
import { PUBLISH_TIMEOUT_MS } from "./network-call.ts";
import { sendPostNow, updatePost } from "./publishing.service.ts";
import { INTERRUPTED_AFTER_MS, SWEEP_GRACE_MS, sweepPublications } from "./publishing-sweep.ts";

// ADR 0075: no planned post without a live job. The sweep gives a post whose job was lost a new
// one, a post overdue by more than half an hour becomes "verpasst", and a post whose job ran out of
// retries fails with a notice; none stays "Geplant". Real database, real pg-boss workers where the
// queue itself is under test, scripted networks.

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  t = await createPublishingTestApp({
    overrides: {
      queueTuning: {
        pollingIntervalSeconds: 0.5,
        batchSize: 5,
        localConcurrency: 4,
        heartbeatSeconds: 30,
        retryDelaySeconds: 5,
      },
    },
  });
});
afterAll(async () => {
  await t.close();
});

/** Planned posts for one account, due `minutesAgo` before the real now (the workers use the real clock). */
async function duePosts(prefix: string, count: number, minutesAgo: number) {
  const userId = await t.createUser();
  const accountId = await t.connectAccount(userId, "bluesky");
  const due = new Date(Date.now() - minutesAgo * 60_000);
  const rows = [];
  for (let index = 0; index < count; index++)
    rows.push(
      await t.insertPublication({ userId, accountId, network: "bluesky", text: `${prefix} ${index + 1}`, due }),
    );
  return { userId, ids: rows.map((row) => row.id) };
}

async function statuses(ids: string[]) {
  const rows = await t.db.select().from(publications).where(inArray(publications.id, ids));
  return rows.map((row) => row.status);
}

const arrived = (prefix: string) => t.networks.bluesky.received.filter((post) => post.text.startsWith(`${prefix} `));

describe("the sweep", () => {
  it("gives 20 planned posts whose jobs were deleted a new job each: every post goes out once", async () => {
    const { ids } = await duePosts("Verloren", 20, 2);
    // The queue's rows are gone (deleted, or an older queue restored): nothing would wake these posts.
    await t.deps.publishingQueue.ready();
    await t.db.execute(sql`delete from pgboss.job where name = 'publications'`);
    for (const id of ids) expect(await queuedJobsFor(t.db, id)).toBe(0);

    const report = await sweepPublications(t.deps);
    expect(report.requeued).toBeGreaterThanOrEqual(20);
    for (const id of ids) expect(await queuedJobsFor(t.db, id)).toBe(1);

    await startDeliveryWorkers(t.deps);
    await expect.poll(() => statuses(ids), { timeout: 30_000, interval: 200 }).toEqual(ids.map(() => "sent"));
    const texts = arrived("Verloren").map((post) => post.text);
    expect(texts).toHaveLength(20);
    expect(new Set(texts).size).toBe(20);
  });

  it("marks a post overdue by more than 30 minutes 'verpasst' with a notice and a mail, instead of sending it late", async () => {
    const { userId, ids } = await duePosts("Zu spät", 2, 31);
    await sweepPublications(t.deps);
    for (const id of ids) {
      const row = await t.publication(id);
      expect(row.status).toBe("missed");
      expect(row.detail).toBe(MISSED_EXPLANATION);
    }
    const events = await t.db.select().from(notifications).where(inArray(notifications.publicationId, ids));
    expect(events.map((event) => event.kind)).toEqual(["missed", "missed"]);
    expect(t.mails.filter((mail) => mail.to.startsWith(userId) && mail.subject.includes("verpasst"))).toHaveLength(2);
    expect(arrived("Zu spät")).toEqual([]);
    // A second sweep finds nothing more to tell.
    await sweepPublications(t.deps);
    expect(await t.db.select().from(notifications).where(inArray(notifications.publicationId, ids))).toHaveLength(2);
  });

  it("leaves a post alone that is due but younger than the grace (its own job is about to run)", async () => {
    const { ids } = await duePosts("Frisch", 1, 0);
    const [id] = ids;
    if (!id) throw new Error("no post");
    await sweepPublications(t.deps, new Date(Date.now() + SWEEP_GRACE_MS - 5_000));
    expect(await queuedJobsFor(t.db, id)).toBe(0);
    expect((await t.publication(id)).status).toBe("planned");
  });
});

describe("the sweep's report", () => {
  // A clock long before the other tests' posts, so that only this test's rows are found.
  const SWEEP_AT = new Date("2020-01-01T10:00:00Z");
  const ago = (ms: number) => new Date(SWEEP_AT.getTime() - ms);

  it("counts what it requeued, marked missed and found cut off, and logs it; a quiet run logs nothing", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "bluesky");
    const post = (text: string, due: Date, status: "planned" | "sending" = "planned") =>
      t.insertPublication({ userId, accountId, network: "bluesky", text, due, status });
    await post("Bericht verloren 1", ago(2 * 60_000));
    await post("Bericht verloren 2", ago(SWEEP_GRACE_MS + 1_000));
    for (const index of [1, 2, 3]) await post(`Bericht verpasst ${index}`, ago(MISSED_AFTER_MS + 60_000));
    const step = await post("Bericht Schritt", ago(2 * 60_000), "sending");
    const cutOff = await post("Bericht abgebrochen", ago(10 * 60_000), "sending");
    // Past the call's own timeout but within the margin: its answer may still be on the way.
    const stillRunning = await post("Bericht läuft noch", ago(10 * 60_000), "sending");
    await t.db
      .update(publications)
      .set({ attemptStartedAt: ago(PUBLISH_TIMEOUT_MS + 30_000) })
      .where(inArray(publications.id, [stillRunning.id]));
    const startedLongAgo = ago(INTERRUPTED_AFTER_MS + 1_000);
    await t.db
      .update(publications)
      .set({ continuation: "container-1", attemptStartedAt: startedLongAgo })
      .where(inArray(publications.id, [step.id]));
    await t.db
      .update(publications)
      .set({ attemptStartedAt: startedLongAgo })
      .where(inArray(publications.id, [cutOff.id]));

    const info = vi.spyOn(t.deps.logger, "info");
    try {
      const report = await sweepPublications(t.deps, SWEEP_AT);
      expect(report).toEqual({ requeued: 3, missed: 3, interrupted: 1 });
      expect(info).toHaveBeenCalledWith(report, "Veröffentlichungen nachgesehen");
      expect((await t.publication(stillRunning.id)).status).toBe("sending");

      info.mockClear();
      expect(await sweepPublications(t.deps, new Date("2019-01-01T00:00:00Z"))).toEqual({
        requeued: 0,
        missed: 0,
        interrupted: 0,
      });
      expect(info).not.toHaveBeenCalledWith(expect.anything(), "Veröffentlichungen nachgesehen");
    } finally {
      info.mockRestore();
    }
  });
});

describe("a job that arrives too late", () => {
  it("turns the post 'verpasst' instead of sending it; 'Jetzt senden' sends it, once", async () => {
    const { userId, ids } = await duePosts("Nachzügler", 1, 0);
    const [id] = ids;
    if (!id) throw new Error("no post");
    const due = (await t.publication(id)).nextAttemptAt;
    await processPublication(t.deps, id, new Date(due.getTime() + MISSED_AFTER_MS + 1_000));
    expect((await t.publication(id)).status).toBe("missed");
    expect(arrived("Nachzügler")).toEqual([]);

    const now = new Date();
    const view = await sendPostNow(t.deps, userId, id, now);
    expect(view.status).toBe("planned");
    // This file's workers may take the new job first; either way it goes out once.
    await processPublication(t.deps, id, now);
    await expect.poll(async () => (await t.publication(id)).status, { timeout: 30_000, interval: 200 }).toBe("sent");
    expect(arrived("Nachzügler")).toHaveLength(1);
    await expect(sendPostNow(t.deps, userId, id, now)).rejects.toMatchObject({ code: "POST_NOT_EDITABLE" });
  });

  it("'Neu planen' moves a missed post to a new time", async () => {
    const { userId, ids } = await duePosts("Neu geplant", 1, 40);
    const [id] = ids;
    if (!id) throw new Error("no post");
    await sweepPublications(t.deps);
    expect((await t.publication(id)).status).toBe("missed");
    const later = new Date(Date.now() + 2 * 86_400_000);
    const date = later.toISOString().slice(0, 10);
    const view = await updatePost(t.deps, userId, id, { plannedFor: { date, time: "10:00" } });
    expect(view.status).toBe("planned");
    expect(await queuedJobsFor(t.db, id)).toBeGreaterThanOrEqual(1);
  });
});
