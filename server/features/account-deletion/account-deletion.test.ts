import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { contactMessages } from "#server/db/schema/contact-messages.ts";
import { contentGenerationLogs } from "#server/db/schema/content-generation-logs.ts";
import { cookieConsentHistory } from "#server/db/schema/cookie-consent.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { webhookDeliveries, webhookEndpoints } from "#server/db/schema/webhooks.ts";
import type { ImageStorage } from "#server/integrations/storage/image-storage.ts";
import { ACCOUNT_DATA_TEXTS } from "#shared/account-data.ts";
import { type StripeFake, startStripeFake } from "../../../tests/mocks/stripe.ts";
import { createTestApp, type RunningApp, readJson, type TestApp } from "../../../tests/setup/test-app.ts";
import { pngDataUrl } from "../../../tests/support/images.ts";
import { readOutbox } from "../../../tests/support/outbox.ts";

// GDPR Art. 17 (ADR 0026): "Konto löschen" through Better Auth's /delete-user with
// our hooks around it: password required, Stripe ended, images and rows gone, the consent
// proof kept without the account, a confirmation mail, and a retry that finishes a deletion
// which failed halfway.

const ADMIN = "chefin@example.test";
let stripe: StripeFake;
let t: TestApp;
beforeAll(async () => {
  stripe = await startStripeFake();
  t = await createTestApp({ env: { ...stripe.env, ADMIN_EMAILS: ADMIN } });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const png = () => Buffer.from(pngDataUrl().split(",")[1] ?? "", "base64");

async function customerWithData(email: string) {
  const cookie = await t.signUpAndConfirm(email);
  const [profile] = await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  const userId = profile?.id ?? expect.unreachable();
  const image = await t.deps.imageStorage.save(png(), "png");
  await t.db.insert(archivedPosts).values({
    userId,
    platform: "linkedin",
    language: "german",
    tone: "friendly",
    keyPoints: "Hofladen",
    imageUrl: image.publicUrl,
    generatedPosts: ["eins", "zwei", "drei"],
  });
  await t.db.insert(contentGenerationLogs).values({ userId, creditsRemaining: 9 });
  await t.db.insert(cookieConsentHistory).values({
    userId,
    visitorId: `besucher-${userId}`,
    ipAddress: "203.0.113.9",
    version: 1,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await t.db.insert(contactMessages).values({ name: "Kundin", email, message: "Meine Frage an Postwerk." });
  // ADR 0110: a webhook endpoint with one delivery in its log.
  const [endpoint] = await t.db
    .insert(webhookEndpoints)
    .values({ userId, url: "https://kundin.example/hook", events: ["post.sent"], secretSealed: "versiegelt" })
    .returning();
  await t.db.insert(webhookDeliveries).values({
    userId,
    endpointId: endpoint?.id ?? expect.unreachable(),
    eventId: crypto.randomUUID(),
    event: "post.sent",
    body: "{}",
  });
  return { cookie, userId, email, imagePath: path.join(t.dataDir, "uploads", "social-images", image.name) };
}

const startCheckout = (cookie: string, plan: "generator_pro" | "optimizer_premium") =>
  t.api(cookie).billing.checkout.$post({ json: { plan } });

const deleteAccount = (
  cookie: string,
  body: Record<string, unknown> = { password: "Laterne-Zimt-42" },
  app: RunningApp = t,
) => app.request("/api/auth/delete-user", { method: "POST", body: JSON.stringify(body), cookie });

/** Every table that has a user_id column, with the rows it still holds for `userId`. */
async function rowsLeftFor(userId: string) {
  const tables = (await t.db.execute(sql`
    select table_name from information_schema.columns
    where column_name = 'user_id' and table_schema = 'public'`)) as unknown as { rows: { table_name: string }[] };
  const left: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const result = (await t.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where user_id = ${userId}`,
    )) as unknown as { rows: { n: number }[] };
    if ((result.rows[0]?.n ?? 0) > 0) left[table_name] = result.rows[0]?.n ?? 0;
  }
  const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, userId));
  if (profile) left.profiles = 1;
  return left;
}

describe("POST /api/auth/delete-user", () => {
  it("needs the password, and refuses a wrong one", async () => {
    const { cookie, userId } = await customerWithData("vorsicht@example.test");
    const without = await deleteAccount(cookie, {});
    expect(without.status).toBe(400);
    expect(await without.json()).toEqual({
      error: ACCOUNT_DATA_TEXTS.deletePasswordRequired,
      code: "REAUTH_REQUIRED",
    });
    const wrong = await deleteAccount(cookie, { password: "falsch999" });
    expect(wrong.status).toBe(400);
    expect(Object.keys(await rowsLeftFor(userId))).toContain("profiles");
  });

  it("deletes everything of the account, ends Stripe at once, keeps the consent proof without the account, and mails", async () => {
    const { cookie, userId, email, imagePath } = await customerWithData("weg@example.test");
    const checkout = await readJson(await startCheckout(cookie, "generator_pro"), 200);
    for (const event of stripe.completeCheckout(checkout.url)) {
      await t.app.request("/api/billing/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
        body: event.payload,
      });
    }
    const subscriptionId = stripe.subscriptionIds().at(-1) ?? "";
    expect(stripe.subscription(subscriptionId)?.status).toBe("active");

    const response = await deleteAccount(cookie);
    expect(response.status).toBe(200);
    expect(stripe.subscription(subscriptionId)?.status).toBe("canceled");
    expect(await rowsLeftFor(userId)).toEqual({});
    await expect(fs.access(imagePath)).rejects.toThrow();
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.email, email))).toEqual([]);
    const consents = await t.db
      .select()
      .from(cookieConsentHistory)
      .where(eq(cookieConsentHistory.visitorId, `besucher-${userId}`));
    expect(consents).toEqual([expect.objectContaining({ userId: null, ipAddress: "203.0.113.9" })]);
    const mails = await readOutbox(t.dataDir);
    expect(
      mails.find((mail) => mail.to === email && mail.subject === "Ihr Konto bei Postwerk wurde gelöscht"),
    ).toBeTruthy();

    // The session is gone, signing in fails as for any unknown address, and the address is free again.
    expect((await t.api(cookie).profile.$get()).status).toBe(401);
    const signIn = await t.postJson("/api/auth/sign-in/email", { email, password: "Laterne-Zimt-42" });
    expect(signIn.status).toBe(401);
    await t.signUpAndConfirm(email);
  });

  it("ends every subscription Stripe knows for the customer and expires open Checkouts (ADR 0048)", async () => {
    const cookie = await t.signUpAndConfirm("doppelt@example.test");
    const webhook = (event: { payload: string; signature: string }) =>
      t.app.request("/api/billing/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
        body: event.payload,
      });
    const { url } = await readJson(await startCheckout(cookie, "generator_pro"), 200);
    const second = stripe.duplicateSession(url);
    for (const event of stripe.completeCheckout(url)) await webhook(event);
    const stored = stripe.subscriptionIds().at(-1) ?? "";
    // Paid as well, but its webhooks have not arrived: Postwerk has not stored it.
    stripe.completeCheckout(second);
    const unknown = stripe.subscriptionIds().at(-1) ?? "";
    const { url: open } = await readJson(await startCheckout(cookie, "optimizer_premium"), 200);
    // An earlier attempt whose first payment never came: final at Stripe, it cannot be cancelled.
    const expiredAttempt = stripe.duplicateSession(open);
    stripe.completeCheckout(expiredAttempt);
    const expired = stripe.subscriptionIds().at(-1) ?? "";
    stripe.change(expired, { status: "incomplete_expired" });

    expect((await deleteAccount(cookie)).status).toBe(200);
    expect(stripe.subscription(stored)?.status).toBe("canceled");
    expect(stripe.subscription(unknown)?.status).toBe("canceled");
    expect(stripe.sessionStatus(open)).toBe("expired");
    expect(stripe.subscription(expired)?.status).toBe("incomplete_expired");
  });

  it("finishes a deletion that failed halfway when it is tried again", async () => {
    const { cookie, userId, imagePath } = await customerWithData("halb@example.test");
    const failing: ImageStorage = {
      ...t.deps.imageStorage,
      remove: async () => {
        throw new Error("Speicher nicht erreichbar");
      },
    };
    const broken = await t.restartWith({ overrides: { imageStorage: failing } });
    const failed = await deleteAccount(cookie, undefined, broken);
    expect(failed.status).toBe(500);
    expect((await failed.json()).error).toBe(ACCOUNT_DATA_TEXTS.deleteFailed);
    // Nothing half-deleted that would lock the customer out: the account and its session remain.
    expect(Object.keys(await rowsLeftFor(userId))).toContain("profiles");
    expect((await t.api(cookie).profile.$get()).status).toBe(200);

    const retried = await deleteAccount(cookie);
    expect(retried.status).toBe(200);
    expect(await rowsLeftFor(userId)).toEqual({});
    await expect(fs.access(imagePath)).rejects.toThrow();
  });

  it("keeps the last admin", async () => {
    const cookie = await t.signUpAndConfirm(ADMIN);
    const response = await deleteAccount(cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: ACCOUNT_DATA_TEXTS.deleteLastAdmin, code: "LAST_ADMIN" });
    const [admin] = await t.db.select().from(profiles).where(eq(profiles.email, ADMIN));
    expect(admin?.isAdmin).toBe(true);
    // With a second admin, the first may go.
    await t.signUpAndConfirm("zweite@example.test");
    await t.db.update(profiles).set({ isAdmin: true }).where(eq(profiles.email, "zweite@example.test"));
    expect((await deleteAccount(cookie)).status).toBe(200);
  });
});
