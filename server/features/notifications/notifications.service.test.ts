import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, publications } from "#server/db/schema/publishing.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { listNotifications } from "./notifications.service.ts";

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  t = await createPublishingTestApp();
});

afterAll(async () => {
  await t.close();
});

describe("the notification area's list", () => {
  it("links a sent post's notification to the live post, and the others to nothing", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "linkedin");
    const publicationId = crypto.randomUUID();
    const now = new Date();
    await t.db.insert(publications).values({
      id: publicationId,
      batchId: crypto.randomUUID(),
      userId,
      accountId,
      network: "linkedin",
      accountHandle: "@linkedin-user",
      text: "Gesendet",
      scheduledAt: now,
      nextAttemptAt: now,
      status: "sent",
      externalUrl: "https://www.linkedin.com/feed/update/urn:li:share:1",
    });
    await t.db.insert(notifications).values([
      { userId, kind: "sent", message: "Gesendet", publicationId, createdAt: new Date(now.getTime() - 1000) },
      { userId, kind: "reconnect", message: "Neu verbinden", accountId },
    ]);
    const { notifications: listed, unread } = await listNotifications(t.db, userId);
    expect(unread).toBe(2);
    expect(listed.map((entry) => [entry.kind, entry.externalUrl])).toEqual([
      ["reconnect", null],
      ["sent", "https://www.linkedin.com/feed/update/urn:li:share:1"],
    ]);
  });
});
