import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { notifications, publications, publicationThreadPosts } from "#server/db/schema/publishing.ts";
import {
  INTERRUPTED_EXPLANATION,
  MISSED_EXPLANATION,
  THREAD_INTERRUPTED_EXPLANATION,
  THREAD_UNCONFIRMED_EXPLANATION,
  UNCONFIRMED_EXPLANATION,
} from "#shared/publishing.ts";
import type { PublicationStatus } from "#shared/publishing-states.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { doubtPublication, failPublication, interruptPublication, missPublication } from "./publication-outcomes.ts";

// What the owner of a post learns of its outcome (ADR 0053, 0074): the notification with the
// network and account, the mail with its reason and the planner's link, and both only once, from
// the caller whose move went through. The real database, the outcomes called directly.

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  t = await createPublishingTestApp();
});
afterAll(async () => {
  await t.close();
});

// Planned for 11:00 Berlin time on a winter Wednesday.
const DUE = new Date("2026-11-18T10:00:00Z");

async function postIn(status: PublicationStatus, postCount = 1) {
  const userId = await t.createUser();
  const accountId = await t.connectAccount(userId, "linkedin");
  const row = await t.insertPublication({
    userId,
    accountId,
    network: "linkedin",
    text: "Ergebnis",
    due: DUE,
    status,
    postCount,
  });
  const attemptStartedAt = status === "sending" ? DUE : null;
  await t.db.update(publications).set({ attemptStartedAt }).where(eq(publications.id, row.id));
  return { userId, publication: { ...row, attemptStartedAt } };
}

const noticesOf = async (publicationId: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.publicationId, publicationId))).map(
    ({ kind, message }) => ({ kind, message }),
  );
const mailsTo = (userId: string) => t.mails.filter((mail) => mail.to === `${userId}@example.test`);

describe("a failed post", () => {
  it("is failed with its reason, one notification naming account and network, and one mail", async () => {
    const { userId, publication } = await postIn("sending");
    expect(await failPublication(t.deps, "queue", "fail", publication, "Der Grund.")).toBe(true);
    const row = await t.publication(publication.id);
    expect(row).toMatchObject({ status: "failed", detail: "Der Grund.", attemptStartedAt: null });
    expect(await noticesOf(publication.id)).toEqual([
      { kind: "failed", message: "Beitrag für @linkedin-user (LinkedIn) nicht veröffentlicht." },
    ]);
    const mails = mailsTo(userId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Beitrag für LinkedIn nicht veröffentlicht");
    expect(mails[0]?.text).toContain("Ihr Beitrag für @linkedin-user (LinkedIn), geplant für 18.11.2026, 11:00 Uhr");
    expect(mails[0]?.text).toContain("Der Grund.");
    expect(mails[0]?.text).toContain("http://localhost:3000/redaktionsplan");

    // A second worker that finds the same post tells nobody again.
    expect(await failPublication(t.deps, "queue", "fail", publication, "Noch ein Grund.")).toBe(false);
    expect((await t.publication(publication.id)).detail).toBe("Der Grund.");
    expect(await noticesOf(publication.id)).toHaveLength(1);
    expect(mailsTo(userId)).toHaveLength(1);
  });

  it("is not mailed where the account's own mail lists it", async () => {
    const { userId, publication } = await postIn("planned");
    expect(await failPublication(t.deps, "queue", "fail", publication, "Widerrufen.", { mail: false })).toBe(true);
    expect((await t.publication(publication.id)).status).toBe("failed");
    expect(await noticesOf(publication.id)).toHaveLength(1);
    expect(mailsTo(userId)).toEqual([]);
  });

  it("is failed once the queue gave up on it, from planned only", async () => {
    const { publication } = await postIn("planned");
    expect(await failPublication(t.deps, "queue", "giveUp", publication, "Hängen geblieben.")).toBe(true);
    expect((await t.publication(publication.id)).status).toBe("failed");
    const sending = await postIn("sending");
    expect(await failPublication(t.deps, "queue", "giveUp", sending.publication, "Hängen geblieben.")).toBe(false);
    expect((await t.publication(sending.publication.id)).status).toBe("sending");
    expect(await noticesOf(sending.publication.id)).toEqual([]);
    expect(mailsTo(sending.userId)).toEqual([]);
  });
});

describe("a post in doubt", () => {
  it("is 'unbestätigt' with the single post's explanation, in the notice's kind and the mail", async () => {
    const { userId, publication } = await postIn("sending");
    expect(await doubtPublication(t.deps, publication)).toBe(true);
    expect(await t.publication(publication.id)).toMatchObject({
      status: "unconfirmed",
      detail: UNCONFIRMED_EXPLANATION,
    });
    expect(await noticesOf(publication.id)).toEqual([
      { kind: "unconfirmed", message: "Beitrag für @linkedin-user (LinkedIn) ist unbestätigt." },
    ]);
    const [mail, ...more] = mailsTo(userId);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Beitrag für LinkedIn unbestätigt");
    expect(mail?.text).toContain(UNCONFIRMED_EXPLANATION);
    expect(mail?.text).toContain("http://localhost:3000/redaktionsplan");
  });

  it("explains a thread in doubt as one that 'Fortsetzen' can clear", async () => {
    const { userId, publication } = await postIn("sending", 2);
    expect(await doubtPublication(t.deps, publication)).toBe(true);
    expect((await t.publication(publication.id)).detail).toBe(THREAD_UNCONFIRMED_EXPLANATION);
    expect(mailsTo(userId)[0]?.text).toContain(THREAD_UNCONFIRMED_EXPLANATION);
  });

  it("is told nothing when the post is no longer being sent", async () => {
    const { userId, publication } = await postIn("planned");
    expect(await doubtPublication(t.deps, publication)).toBe(false);
    expect((await t.publication(publication.id)).status).toBe("planned");
    expect(await noticesOf(publication.id)).toEqual([]);
    expect(mailsTo(userId)).toEqual([]);
  });
});

describe("an attempt the sweep found cut off", () => {
  it("is 'unbestätigt' with the explanation of a stopped server, logged as a warning, with one mail", async () => {
    const { userId, publication } = await postIn("sending");
    const warn = vi.spyOn(t.deps.logger, "warn");
    try {
      expect(await interruptPublication(t.deps, publication)).toBe(true);
      expect(warn).toHaveBeenCalledWith(
        { publicationId: publication.id },
        "Sendeversuch ohne Ergebnis gefunden: unbestätigt",
      );
    } finally {
      warn.mockRestore();
    }
    expect(await t.publication(publication.id)).toMatchObject({
      status: "unconfirmed",
      detail: INTERRUPTED_EXPLANATION,
    });
    expect(await noticesOf(publication.id)).toEqual([
      { kind: "unconfirmed", message: "Beitrag für @linkedin-user (LinkedIn) ist unbestätigt." },
    ]);
    expect(mailsTo(userId)).toHaveLength(1);
    expect(mailsTo(userId)[0]?.text).toContain(INTERRUPTED_EXPLANATION);
  });

  it("marks a thread's post in flight 'unbestätigt' too, and leaves its sent and pending posts", async () => {
    const { userId, publication } = await postIn("sending", 3);
    await t.db.insert(publicationThreadPosts).values([
      { publicationId: publication.id, position: 1, text: "1/3", status: "sent", externalId: "p1" },
      { publicationId: publication.id, position: 2, text: "2/3", status: "sending", attemptStartedAt: DUE },
      { publicationId: publication.id, position: 3, text: "3/3" },
    ]);
    expect(await interruptPublication(t.deps, publication)).toBe(true);
    expect((await t.publication(publication.id)).detail).toBe(THREAD_INTERRUPTED_EXPLANATION);
    expect(mailsTo(userId)[0]?.text).toContain(THREAD_INTERRUPTED_EXPLANATION);
    const posts = await t.db
      .select()
      .from(publicationThreadPosts)
      .where(eq(publicationThreadPosts.publicationId, publication.id))
      .orderBy(publicationThreadPosts.position);
    expect(posts.map((post) => post.status)).toEqual(["sent", "unconfirmed", "pending"]);
  });

  it("leaves a thread's posts alone when another server settled the attempt first", async () => {
    const { userId, publication } = await postIn("sending", 2);
    await t.db.insert(publicationThreadPosts).values([
      { publicationId: publication.id, position: 1, text: "1/2", status: "sending", attemptStartedAt: DUE },
      { publicationId: publication.id, position: 2, text: "2/2" },
    ]);
    await t.db.update(publications).set({ status: "sent" }).where(eq(publications.id, publication.id));
    expect(await interruptPublication(t.deps, publication)).toBe(false);
    const posts = await t.db
      .select()
      .from(publicationThreadPosts)
      .where(eq(publicationThreadPosts.publicationId, publication.id))
      .orderBy(publicationThreadPosts.position);
    expect(posts.map((post) => post.status)).toEqual(["sending", "pending"]);
    expect(mailsTo(userId)).toEqual([]);
  });
});

describe("a missed post", () => {
  it("is 'verpasst' with its explanation, a notice and a mail that offers both ways on", async () => {
    const { userId, publication } = await postIn("planned");
    expect(await missPublication(t.deps, publication)).toBe(true);
    expect(await t.publication(publication.id)).toMatchObject({ status: "missed", detail: MISSED_EXPLANATION });
    expect((await noticesOf(publication.id)).map((notice) => notice.kind)).toEqual(["missed"]);
    const [mail, ...more] = mailsTo(userId);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("Beitrag für LinkedIn verpasst");
    expect(mail?.text).toContain("geplant für 18.11.2026, 11:00 Uhr");
    expect(mail?.text).toContain("http://localhost:3000/redaktionsplan");
    expect(await missPublication(t.deps, publication)).toBe(false);
    expect(mailsTo(userId)).toHaveLength(1);
  });
});
