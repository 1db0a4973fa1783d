import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { user } from "#server/db/schema/auth.ts";
import { postMetricSnapshots } from "#server/db/schema/metrics.ts";
import { publications } from "#server/db/schema/publishing.ts";
import type { ErfolgReport } from "#shared/metrics.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";

// GET /api/metrics/report (ADR 0106) through the real app and database: the signed-in user's sent
// posts with their latest snapshot, grouped; a post from a generator run counts under its tone.

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;
beforeAll(async () => {
  // The product's own mailer, so the confirmation link of a sign-up is in the outbox.
  t = await createPublishingTestApp({ overrides: { mailer: undefined } });
});
afterAll(() => t.close());

/** A sent X post with two snapshots (the second one counts), from `archiveEntryId`'s run if given. */
async function sentPost(userId: string, accountId: string, likes: number, archiveEntryId: string | null) {
  const sentAt = new Date("2026-11-02T08:00:00Z");
  const [row] = await t.db
    .insert(publications)
    .values({
      batchId: crypto.randomUUID(),
      userId,
      accountId,
      network: "x",
      accountHandle: "@anna",
      text: `Beitrag mit ${likes} Likes`,
      scheduledAt: sentAt,
      nextAttemptAt: sentAt,
      status: "sent",
      sentAt,
      externalId: crypto.randomUUID(),
      archiveEntryId,
    })
    .returning();
  const snapshot = { publicationId: row?.id ?? "", position: 1, userId, deleted: false, views: 1000 };
  await t.db.insert(postMetricSnapshots).values([
    { ...snapshot, round: 0, takenAt: new Date("2026-11-02T08:15:00Z"), likes: 1 },
    { ...snapshot, round: 1, takenAt: new Date("2026-11-02T09:00:00Z"), likes },
  ]);
}

describe("GET /api/metrics/report", () => {
  it("counts each post's latest snapshot, its tone from the generator run, and only the user's own posts", async () => {
    const cookie = await t.signUpAndConfirm("erfolg-bericht@example.test");
    const [owner] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, "erfolg-bericht@example.test"));
    const userId = owner?.id ?? "";
    const accountId = await t.connectAccount(userId, "x");
    const [run] = await t.db
      .insert(archivedPosts)
      .values({
        userId,
        platform: "x",
        language: "german",
        tone: "humorous",
        keyPoints: "Witz",
        generatedPosts: ["a", "b", "c"],
      })
      .returning();
    for (const likes of [10, 20, 30]) await sentPost(userId, accountId, likes, run?.id ?? null);
    for (const likes of [40, 50]) await sentPost(userId, accountId, likes, null);
    const stranger = await t.createUser();
    await sentPost(stranger, await t.connectAccount(stranger, "x"), 999, null);

    const answer = await t.request("/api/metrics/report", { cookie });
    expect(answer.status).toBe(200);
    const report = (await answer.json()) as ErfolgReport;
    expect(report.postsWithFigures).toBe(5);
    expect(report.byTone).toEqual([{ label: "Humorvoll", posts: 3, averageInteractions: 20 }]);
    expect(report.byImage).toEqual([{ label: "Ohne Bild", posts: 5, averageInteractions: 30 }]);
  });
});
