import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signInFailures } from "#server/db/schema/account-security.ts";
import { contactMessages } from "#server/db/schema/contact-messages.ts";
import { cookieConsentHistory } from "#server/db/schema/cookie-consent.ts";
import { setUpTestApp, t } from "../../../tests/setup/app-per-file.ts";
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

    const removed = await applyRetention(t.db, now);
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
    const removed = await applyRetention(t.db, now);
    expect(removed.signInFailures).toBe(1);
    expect((await t.db.select().from(signInFailures)).map((row) => row.accountKey)).toEqual(["jung"]);
  });
});
