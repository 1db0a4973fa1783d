import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "#server/db/schema/profiles.ts";
import { processPublication } from "#server/features/publishing/delivery.service.ts";
import { createPosts } from "#server/features/publishing/publishing.service.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";

// The mails about a post write its time in the owner's zone (ADR 0091), through the real queue
// path with a scripted network and a clock passed in.

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;

beforeAll(async () => {
  t = await createPublishingTestApp();
});
afterAll(async () => {
  await t.close();
});

const NOW = new Date("2026-11-18T09:00:00Z");

describe("mails about posts in the owner's zone", () => {
  it("plans 11:00 New York time and says '11:00 Uhr' in the mail when the post fails", async () => {
    const userId = await t.createUser();
    await t.db
      .insert(profiles)
      .values({ id: userId, email: `${userId}@example.test`, credits: 0, timeZone: "America/New_York" });
    const accountId = await t.connectAccount(userId, "x");
    const [post] = await createPosts(
      t.deps,
      userId,
      { targets: [{ accountId, text: "Bagels" }], plannedFor: { date: "2026-11-18", time: "11:00" } },
      NOW,
    );
    expect(post?.scheduledAt).toBe("2026-11-18T16:00:00.000Z");
    t.networks.x.publishSteps.push({ do: "fail", kind: "rejected", detail: "Nein" });
    await processPublication(t.deps, post?.id ?? "", new Date("2026-11-18T16:00:00Z"));
    const mail = t.mails.find((sent) => sent.to === `${userId}@example.test`);
    expect(mail?.text).toContain("geplant für 18.11.2026, 11:00 Uhr");
  });
});
