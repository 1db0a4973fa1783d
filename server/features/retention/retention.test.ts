import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signInFailures } from "#server/db/schema/account-security.ts";
import { contactMessages } from "#server/db/schema/contact-messages.ts";
import { cookieConsentHistory } from "#server/db/schema/cookie-consent.ts";
import { drafts } from "#server/db/schema/drafts.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { mediaUploads, publications } from "#server/db/schema/publishing.ts";
import { webhookDeliveries, webhookEndpoints } from "#server/db/schema/webhooks.ts";
import { UNUSED_UPLOAD_MS } from "#server/features/media/media.service.ts";
import { EMPTY_DRAFT_CONTENT } from "#shared/drafts.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { pngDataUrl } from "../../../tests/support/images.ts";
import { applyRetention, RETENTION } from "./retention.service.ts";

// Retention (ADR 0026): rows past their period go, younger ones stay, and the daily
// run happens once however many app servers ask for it.

setUpTestApp();

const DAY = 24 * 60 * 60 * 1000;

describe("retention", () => {
  it("deletes consent proofs and contact messages past their period and keeps younger ones", async () => {
    const now = new Date("2030-06-01T12:00:00Z");
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const consent = (visitorId: string, createdAt: Date) => ({
      visitorId,
      ipAddress: "203.0.113.1",
      version: 1,
      createdAt,
      expiresAt: createdAt,
    });
    await t.db
      .insert(cookieConsentHistory)
      .values([
        consent("alt", ago(RETENTION.consentHistory + DAY)),
        consent("jung", ago(RETENTION.consentHistory - DAY)),
      ]);
    await t.db.insert(contactMessages).values([
      {
        name: "Alt",
        email: "alt@example.test",
        message: "Eine alte Frage.",
        createdAt: ago(RETENTION.contactMessages + DAY),
      },
      { name: "Jung", email: "jung@example.test", message: "Eine neue Frage.", createdAt: ago(DAY) },
    ]);

    const removed = await applyRetention(t.deps, now);
    expect(removed).toMatchObject({ consentHistory: 1, contactMessages: 1 });
    const visitors = (await t.db.select().from(cookieConsentHistory)).map((row) => row.visitorId);
    expect(visitors).toContain("jung");
    expect(visitors).not.toContain("alt");
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, "alt@example.test"))).toEqual([]);
    expect(
      await t.db.select().from(contactMessages).where(eq(contactMessages.email, "jung@example.test")),
    ).toHaveLength(1);
  });

  it("forgets sign-in failure counts after a day", async () => {
    const now = new Date("2030-07-01T12:00:00Z");
    await t.db.insert(signInFailures).values([
      { accountKey: "alt", failures: 9, lastFailureAt: new Date(now.getTime() - RETENTION.signInFailures - 1) },
      { accountKey: "jung", failures: 9, lastFailureAt: new Date(now.getTime() - 60_000) },
    ]);
    const removed = await applyRetention(t.deps, now);
    expect(removed.signInFailures).toBe(1);
    expect((await t.db.select().from(signInFailures)).map((row) => row.accountKey)).toEqual(["jung"]);
  });

  it("deletes webhook deliveries after 30 days and keeps younger ones", async () => {
    const now = new Date("2030-09-01T12:00:00Z");
    await t.signUpAndConfirm("hooks-retention@example.test");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, "hooks-retention@example.test"));
    const userId = profile?.id ?? "";
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({ userId, url: "https://example.com/hook", events: ["post.sent"], secretSealed: "versiegelt" })
      .returning();
    const delivery = (eventId: string, createdAt: Date) => ({
      userId,
      endpointId: endpoint?.id ?? "",
      eventId,
      event: "post.sent" as const,
      body: "{}",
      createdAt,
    });
    const old = crypto.randomUUID();
    const young = crypto.randomUUID();
    await t.db
      .insert(webhookDeliveries)
      .values([
        delivery(old, new Date(now.getTime() - RETENTION.webhookDeliveries - DAY)),
        delivery(young, new Date(now.getTime() - DAY)),
      ]);
    expect((await applyRetention(t.deps, now)).webhookDeliveries).toBe(1);
    expect((await t.db.select().from(webhookDeliveries)).map((row) => row.eventId)).toEqual([young]);
  });

  it("deletes uploads no post or draft names after a day, with their files, and keeps the others", async () => {
    const now = new Date("2030-08-01T12:00:00Z");
    await t.signUpAndConfirm("uploads@example.test");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, "uploads@example.test"));
    const userId = profile?.id ?? "";
    const png = Buffer.from(pngDataUrl().split(",")[1] ?? "", "base64");
    const upload = async (age: number) => {
      const stored = await t.deps.imageStorage.save(png, "png");
      await t.db
        .insert(mediaUploads)
        .values({ userId, url: stored.publicUrl, createdAt: new Date(now.getTime() - age) });
      return stored;
    };
    const unused = await upload(UNUSED_UPLOAD_MS + 60_000);
    const young = await upload(UNUSED_UPLOAD_MS - 60_000);
    const onPost = await upload(UNUSED_UPLOAD_MS + 60_000);
    const inDraft = await upload(UNUSED_UPLOAD_MS + 60_000);
    await t.db.insert(publications).values({
      batchId: crypto.randomUUID(),
      userId,
      network: "bluesky",
      accountHandle: "bild.bsky.social",
      text: "Mit Bild",
      imageUrl: onPost.publicUrl,
      scheduledAt: now,
      nextAttemptAt: now,
      status: "planned",
    });
    await t.db.insert(drafts).values({
      userId,
      source: "composer",
      content: { ...EMPTY_DRAFT_CONTENT, text: "Entwurf", image: { url: inDraft.publicUrl, alt: "" } },
    });

    const removed = await applyRetention(t.deps, now);
    expect(removed.unusedUploads).toBe(1);
    const kept = (await t.db.select().from(mediaUploads).where(eq(mediaUploads.userId, userId))).map((row) => row.url);
    expect(kept.sort()).toEqual([young.publicUrl, onPost.publicUrl, inDraft.publicUrl].sort());
    expect(await t.deps.imageStorage.read(unused.name)).toBeNull();
    for (const file of [young, onPost, inDraft]) expect(await t.deps.imageStorage.read(file.name)).not.toBeNull();

    // The next night, the young one is a day old too and goes.
    expect((await applyRetention(t.deps, new Date(now.getTime() + UNUSED_UPLOAD_MS))).unusedUploads).toBe(1);
    expect(await t.deps.imageStorage.read(young.name)).toBeNull();
  });
});
