import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, socialAccounts } from "#server/db/schema/publishing.ts";
import { createPublishingTestApp } from "../../../tests/support/publishing.ts";
import { tokensFor } from "../../../tests/support/scripted-network.ts";
import { sendExpiryReminders } from "./expiry-reminders.ts";

// LinkedIn's 60-day connections (ADR 0053): a reminder 7 days and 1 day before the end, once each.

let t: Awaited<ReturnType<typeof createPublishingTestApp>>;
beforeAll(async () => {
  t = await createPublishingTestApp();
});
afterAll(() => t.close());

const NOW = new Date("2026-11-18T09:00:00Z");
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

describe("expiry reminders", () => {
  it("mails 7 days and 1 day before the connection ends, each once, and not after a reconnect", async () => {
    const userId = await t.createUser();
    const ends = days(10);
    const accountId = await t.connectAccount(userId, "linkedin", {
      ...tokensFor("li-access"),
      connectionExpiresAt: ends,
    });
    await t.db.update(socialAccounts).set({ connectionExpiresAt: ends }).where(eq(socialAccounts.id, accountId));

    expect(await sendExpiryReminders(t.deps, NOW)).toBe(0);
    expect(await sendExpiryReminders(t.deps, days(3.5))).toBe(1);
    expect(await sendExpiryReminders(t.deps, days(4))).toBe(0);
    expect(await sendExpiryReminders(t.deps, days(9.5))).toBe(1);
    expect(await sendExpiryReminders(t.deps, days(9.9))).toBe(0);

    const mails = t.mails.filter((mail) => mail.to.startsWith(userId));
    expect(mails.map((mail) => mail.subject)).toEqual([
      "LinkedIn: Verbindung läuft am 28.11.2026 ab",
      "LinkedIn: Verbindung läuft am 28.11.2026 ab",
    ]);
    expect(mails[0]?.text).toContain("/konto/verbundene-konten");
    const events = await t.db.select().from(notifications).where(eq(notifications.accountId, accountId));
    expect(events.map((event) => event.message)).toEqual([
      "LinkedIn: Die Verbindung zu @linkedin-user läuft in 7 Tagen ab.",
      "LinkedIn: Die Verbindung zu @linkedin-user läuft in einem Tag ab.",
    ]);
  });

  it("reminds once of the nearer date when the first sweep comes late", async () => {
    const userId = await t.createUser();
    const accountId = await t.connectAccount(userId, "linkedin");
    await t.db
      .update(socialAccounts)
      .set({ connectionExpiresAt: days(0.5) })
      .where(eq(socialAccounts.id, accountId));
    expect(await sendExpiryReminders(t.deps, NOW)).toBe(1);
    expect(await sendExpiryReminders(t.deps, days(0.2))).toBe(0);
    const events = await t.db.select().from(notifications).where(eq(notifications.accountId, accountId));
    expect(events.map((event) => event.message)).toEqual([
      "LinkedIn: Die Verbindung zu @linkedin-user läuft in einem Tag ab.",
    ]);
  });
});
