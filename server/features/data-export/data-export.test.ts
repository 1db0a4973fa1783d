import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "#server/db/schema/admin-audit.ts";
import { archivedPosts } from "#server/db/schema/archive.ts";
import { contactMessages } from "#server/db/schema/contact-messages.ts";
import { contentGenerationLogs } from "#server/db/schema/content-generation-logs.ts";
import { cookieConsentHistory } from "#server/db/schema/cookie-consent.ts";
import { drafts } from "#server/db/schema/drafts.ts";
import { profiles } from "#server/db/schema/profiles.ts";
import { webhookEndpoints } from "#server/db/schema/webhooks.ts";
import { ACCOUNT_DATA_TEXTS } from "#shared/account-data.ts";
import { EMPTY_DRAFT_CONTENT } from "#shared/drafts.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { pngDataUrl } from "../../../tests/support/images.ts";
import { DATA_EXPORTS_PER_SERVER, dataExportsInFlight, EXPORTS_KEY } from "./data-export.service.ts";
import { EXPORT_PAGE_SIZE } from "./export-files.ts";

// GDPR Art. 15/20 (ADR 0026): one ZIP with everything about the account, and nothing about
// anybody else, read a page at a time.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function account(email: string) {
  const cookie = await t.signUpAndConfirm(email);
  const [profile] = await t.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email));
  return { cookie, userId: profile?.id ?? expect.unreachable(), email };
}

const archiveEntry = (userId: string, keyPoints: string, createdAt: Date, imageUrl: string | null = null) => ({
  userId,
  platform: "linkedin",
  language: "german",
  tone: "friendly",
  keyPoints,
  imageUrl,
  generatedPosts: [`${keyPoints} – eins`, `${keyPoints} – zwei`, `${keyPoints} – drei`],
  createdAt,
});

async function download(cookie: string) {
  const response = await t.api(cookie)["data-export"].$get();
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  expect(response.headers.get("content-disposition")).toMatch(
    /^attachment; filename="postwerk-daten-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const text = (name: string) => new TextDecoder().decode(files[name] ?? expect.unreachable(`${name} fehlt`));
  return { files, text, json: (name: string) => JSON.parse(text(name)) };
}

describe("GET /api/data-export", () => {
  it("holds the account's profile, archive with images, credit history, consents, messages and audit entries", async () => {
    const anna = await account("anna@example.test");
    const ben = await account("ben@example.test");
    const png = Buffer.from(pngDataUrl().split(",")[1] ?? "", "base64");
    const image = await t.deps.imageStorage.save(png, "png");
    const start = Date.UTC(2026, 0, 1);
    // More entries than one page, all in the same millisecond in pairs, so paging is exercised.
    const annasEntries = Array.from({ length: EXPORT_PAGE_SIZE * 2 + 3 }, (_, index) =>
      archiveEntry(
        anna.userId,
        `Anna ${index}`,
        new Date(start + Math.floor(index / 2)),
        index === 0 ? image.publicUrl : null,
      ),
    );
    await t.db.insert(archivedPosts).values(annasEntries);
    await t.db.insert(archivedPosts).values(archiveEntry(ben.userId, "Ben geheim", new Date(start)));
    // ADR 0065: a thread entry, its posts in order.
    const thread = ["Anna Thread eins", "Anna Thread zwei", "Anna Thread drei"];
    await t.db.insert(archivedPosts).values({
      ...archiveEntry(anna.userId, "Anna Thread", new Date(start + 60_000)),
      platform: "twitter",
      format: "thread",
      generatedPosts: [thread, thread, thread],
    });
    await t.db.insert(contentGenerationLogs).values([
      { userId: anna.userId, creditsRemaining: 9, kind: "charged" },
      { userId: ben.userId, creditsRemaining: 4, kind: "charged" },
    ]);
    await t.db.insert(cookieConsentHistory).values({
      userId: anna.userId,
      visitorId: "besucherin-anna",
      ipAddress: "203.0.113.7",
      analytics: true,
      version: 1,
      expiresAt: new Date(start + 365 * 86_400_000),
    });
    await t.db.insert(contactMessages).values([
      { name: "Anna", email: "ANNA@example.test", message: "Frage von Anna zu Rechnungen." },
      { name: "Ben", email: "ben@example.test", message: "Frage von Ben, nicht für Anna." },
    ]);
    // ADR 0084: a draft of each; only Anna's in Anna's export.
    const annasDraft = { ...EMPTY_DRAFT_CONTENT, text: "Annas Entwurf", threadPosts: [] };
    await t.db.insert(drafts).values([
      { userId: anna.userId, source: "composer", content: annasDraft },
      { userId: ben.userId, source: "optimizer", content: { ...EMPTY_DRAFT_CONTENT, text: "Ben geheim" } },
    ]);
    // ADR 0110: a webhook of each; Anna's in her export, without its secret.
    await t.db.insert(webhookEndpoints).values([
      { userId: anna.userId, url: "https://anna.example/hook", events: ["post.sent"], secretSealed: "versiegelt" },
      { userId: ben.userId, url: "https://ben.example/hook", events: ["post.failed"], secretSealed: "versiegelt" },
    ]);
    await t.db.insert(adminAuditLog).values({
      action: "credits.update",
      targetId: anna.userId,
      before: { credits: 10 },
      after: { credits: 50 },
    });

    // A new name through Better Auth, and a second device with its own browser.
    const renamed = await t.request("/api/auth/update-user", {
      method: "POST",
      cookie: anna.cookie,
      body: JSON.stringify({ name: "Anna Neumann" }),
    });
    expect(renamed.status).toBe(200);
    const phone = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      body: JSON.stringify({ email: anna.email, password: "Laterne-Zimt-42" }),
      headers: { "user-agent": "Testbrowser/1.0 (Android)" },
    });
    expect(phone.status).toBe(200);

    const { files, text, json } = await download(anna.cookie);
    expect(Object.keys(files).sort()).toEqual(
      [
        "LIESMICH.txt",
        "admin-protokoll.json",
        "archiv.json",
        `bilder/${image.name}`,
        "credit-verlauf.json",
        "einwilligungen.json",
        "entwuerfe.json",
        "konto.json",
        "kennzahlen.json",
        "kontaktanfragen.json",
        "kuendigungen.json",
        "passkeys.json",
        "sitzungen.json",
        "veroeffentlichungen.json",
        "webhooks.json",
        "zugelassene-apps.json",
      ].sort(),
    );
    expect(text("LIESMICH.txt")).toContain("Ihre Stichpunkte");
    const konto = json("konto.json");
    expect(konto.profile).toMatchObject({ email: "anna@example.test", credits: 10 });
    expect(konto.profile).not.toHaveProperty("generatorAccessHash");
    // The name follows Better Auth's update-user into the profile; the sign-in record is there too.
    expect(konto.profile.fullName).toBe("Anna Neumann");
    expect(konto.signIn).toEqual({
      name: "Anna Neumann",
      email: "anna@example.test",
      emailVerified: true,
      image: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const sessions = json("sitzungen.json") as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    expect(sessions.map((entry) => entry.userAgent)).toContain("Testbrowser/1.0 (Android)");
    for (const entry of sessions) {
      expect(Object.keys(entry).sort()).toEqual(["createdAt", "expiresAt", "ipAddress", "lastActiveAt", "userAgent"]);
    }
    expect(text("LIESMICH.txt")).toContain("sitzungen.json");
    expect(json("webhooks.json")).toEqual([
      {
        id: expect.any(String),
        url: "https://anna.example/hook",
        events: ["post.sent"],
        createdAt: expect.any(String),
        disabledAt: null,
      },
    ]);
    expect(text("webhooks.json")).not.toContain("versiegelt");
    expect(json("zugelassene-apps.json")).toEqual([]);

    const archive = json("archiv.json") as { keyPoints: string; imageFile: string | null; createdAt: string }[];
    // Every entry exactly once, oldest first (entries of the same millisecond in any order).
    expect(archive.map((entry) => entry.keyPoints).sort()).toEqual(
      [...annasEntries.map((entry) => entry.keyPoints), "Anna Thread"].sort(),
    );
    expect(archive.find((entry) => entry.keyPoints === "Anna Thread")).toMatchObject({
      format: "thread",
      generatedPosts: [thread, thread, thread],
      threadsAsText: Array(3).fill("1/3 Anna Thread eins\n\n2/3 Anna Thread zwei\n\n3/3 Anna Thread drei"),
    });
    expect(archive.find((entry) => entry.keyPoints === "Anna 1")).toMatchObject({ format: "post" });
    expect(archive.find((entry) => entry.keyPoints === "Anna 1")).not.toHaveProperty("threadsAsText");
    expect(text("LIESMICH.txt")).toContain("threadsAsText");
    const times = archive.map((entry) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(archive.find((entry) => entry.keyPoints === "Anna 0")?.imageFile).toBe(`bilder/${image.name}`);
    expect(archive[0]).not.toHaveProperty("searchVector");
    expect(Buffer.from(files[`bilder/${image.name}`] ?? [])).toEqual(png);

    expect(json("entwuerfe.json")).toEqual([
      { source: "composer", content: annasDraft, createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);
    expect(text("LIESMICH.txt")).toContain("entwuerfe.json");
    expect(json("credit-verlauf.json")).toEqual([expect.objectContaining({ kind: "charged", creditsRemaining: 9 })]);
    expect(json("einwilligungen.json")).toEqual([
      expect.objectContaining({ analytics: true, ipAddress: "203.0.113.7" }),
    ]);
    expect(json("kontaktanfragen.json").map((message: { message: string }) => message.message)).toEqual([
      "Frage von Anna zu Rechnungen.",
    ]);
    expect(json("admin-protokoll.json")).toEqual([
      expect.objectContaining({ action: "credits.update", after: { credits: 50 } }),
    ]);
    // Nothing of Ben's anywhere in Anna's export.
    for (const name of Object.keys(files)) expect(text(name)).not.toMatch(/Ben geheim|Frage von Ben|ben@example/);
  });

  it("needs a session and is limited to a few downloads an hour", async () => {
    expect((await t.api()["data-export"].$get()).status).toBe(401);
    const { cookie } = await account("oft@example.test");
    for (let download = 0; download < 5; download++) {
      const response = await t.api(cookie)["data-export"].$get();
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const refused = await t.api(cookie)["data-export"].$get();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: ACCOUNT_DATA_TEXTS.exportTooOften, code: "TOO_MANY_REQUESTS" });

    // The account page's link is a navigation: a refusal goes back there instead of showing JSON.
    const navigation = { "sec-fetch-mode": "navigate" };
    const refusedLink = await t.api(cookie)["data-export"].$get(undefined, { headers: navigation });
    expect(refusedLink.status).toBe(303);
    expect(refusedLink.headers.get("location")).toBe("/konto?datenexport=zu-oft");
    const signedOutLink = await t.api()["data-export"].$get(undefined, { headers: navigation });
    expect(signedOutLink.status).toBe(303);
    expect(signedOutLink.headers.get("location")).toBe("/konto?datenexport=fehler");
  });

  it(`runs at most ${DATA_EXPORTS_PER_SERVER} exports at once and answers the next with 503 in German (ADR 0050)`, async () => {
    const { cookie } = await account("gleichzeitig@example.test");
    // Two downloads started and not yet read: both hold their place until the last byte.
    const first = await t.api(cookie)["data-export"].$get();
    const second = await t.api(cookie)["data-export"].$get();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(dataExportsInFlight.inFlight(EXPORTS_KEY)).toBe(2);

    const busy = await t.api(cookie)["data-export"].$get();
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("5");
    expect(await busy.json()).toEqual({ error: ACCOUNT_DATA_TEXTS.exportBusy, code: "SERVER_BUSY" });
    const busyLink = await t.api(cookie)["data-export"].$get(undefined, { headers: { "sec-fetch-mode": "navigate" } });
    expect(busyLink.headers.get("location")).toBe("/konto?datenexport=ausgelastet");

    // One read to the end, one cancelled: both places are free again.
    await first.arrayBuffer();
    await second.body?.cancel();
    expect(dataExportsInFlight.inFlight(EXPORTS_KEY)).toBe(0);
    // A refusal for load did not use up one of the account's five an hour: three more work.
    for (let download = 0; download < 3; download++) {
      const response = await t.api(cookie)["data-export"].$get();
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  });
});
