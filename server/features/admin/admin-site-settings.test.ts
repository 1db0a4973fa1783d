import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog } from "#server/db/schema/admin-audit.ts";
import { siteSettings } from "#server/db/schema/site-settings.ts";
import { ADMIN_MESSAGES } from "#shared/admin.ts";
import {
  DEFAULT_SITE_SETTINGS,
  META_DESCRIPTION_MAX_LENGTH,
  SITE_SETTINGS_TEXTS,
  SITE_TITLE_MAX_LENGTH,
} from "#shared/site-settings.ts";
import { newestAuditEntry } from "../../../tests/setup/admin-audit.ts";
import { ADMIN_EMAIL, adminCookie, customerCookie, setUpAdminTestApp, t } from "../../../tests/setup/app-per-file.ts";
import { readJson } from "../../../tests/setup/test-app.ts";

// The admin's site-settings panel (spec sections 2, 3, 7 and 8; ADR 0024) through the real app:
// what is saved is what the next page load serves, escaped, and nothing typed breaks a page.

setUpAdminTestApp();

const VALID = {
  siteTitle: "Postwerk Studio",
  metaDescription: "Beiträge für Ihre Kanäle.",
  faviconUrl: "/icon.png",
  gaTrackingId: "",
};

const load = async () => readJson(await t.api(adminCookie).admin["site-settings"].$get(), 200);

type Settings = typeof VALID & { updatedAt: string };
const put = (json: Settings, cookie = adminCookie) => t.api(cookie).admin["site-settings"].$put({ json });

async function save(values: Partial<typeof VALID>) {
  const { updatedAt } = await load();
  return readJson(await put({ ...VALID, ...values, updatedAt }), 200);
}

describe("GET and PUT /api/admin/site-settings", () => {
  it("answer 401 without a session, 403 to a user who is not an admin, 200 to an admin", async () => {
    const { updatedAt } = await load();
    const body = { ...VALID, updatedAt };
    expect((await t.api().admin["site-settings"].$get()).status).toBe(401);
    expect((await put(body, "")).status).toBe(401);
    const userGet = await t.api(customerCookie).admin["site-settings"].$get();
    expect(userGet.status).toBe(403);
    expect(await userGet.json()).toEqual({ error: ADMIN_MESSAGES.notAdmin, code: "NOT_ADMIN" });
    expect((await put(body, customerCookie)).status).toBe(403);
    expect((await put(body)).status).toBe(200);
  });

  it("give the admin the stored settings with the version to send back", async () => {
    const saved = await save({ siteTitle: "Mein Titel" });
    expect(await load()).toEqual({
      siteTitle: "Mein Titel",
      metaDescription: VALID.metaDescription,
      faviconUrl: "/icon.png",
      gaTrackingId: DEFAULT_SITE_SETTINGS.gaTrackingId,
      updatedAt: saved.updatedAt,
    });
  });

  it("store an empty favicon as none and an empty GA4 id as the spec's placeholder, and upper-case a GA4 id", async () => {
    expect(await save({ faviconUrl: "", gaTrackingId: "" })).toMatchObject({
      faviconUrl: null,
      gaTrackingId: DEFAULT_SITE_SETTINGS.gaTrackingId,
    });
    expect(await save({ gaTrackingId: " g-abc1234xyz " })).toMatchObject({ gaTrackingId: "G-ABC1234XYZ" });
  });
});

describe("what the next page load serves", () => {
  it("shows the new title, description and icon in the head, escaped, with nothing the admin typed run or misread", async () => {
    await save({
      siteTitle: "</title><script>alert(1)</script> $& $` $'",
      metaDescription: "\"><script>alert(2)</script><meta x=' $`",
      faviconUrl: '/icon.png?a="><script>alert(3)</script>',
    });
    const html = await (await t.request("/")).text();
    expect(html).toContain("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $` $&#39;</title>");
    expect(html).toContain(
      '<meta name="description" content="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;&lt;meta x=&#39; $`"',
    );
    expect(html).toContain('<link rel="icon" href="/icon.png?a=&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;"');
    expect(html).not.toMatch(/<script>alert/);
    // The JSON block for the browser carries the same values and cannot end its element early.
    const block = /<script type="application\/json" id="site-settings">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(block ?? "null")).toMatchObject({ siteTitle: "</title><script>alert(1)</script> $& $` $'" });
    // The rest of the document is left as it was.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<header>Postwerk</header>");
  });

  it("allows Google Analytics' hosts in the CSP only while a GA4 id is set", async () => {
    await save({ gaTrackingId: "G-TEST12345" });
    const withId = (await t.request("/")).headers.get("content-security-policy") ?? "";
    expect(withId).toContain("script-src 'self'");
    expect(withId).toContain("https://www.googletagmanager.com");
    await save({ gaTrackingId: "" });
    const without = (await t.request("/")).headers.get("content-security-policy") ?? "";
    expect(without).not.toContain("googletagmanager");
  });

  it("allows exactly the favicon's host in img-src when the icon lives elsewhere", async () => {
    await save({ faviconUrl: "https://cdn.example.test/brand/icon.png" });
    const response = await t.request("/");
    expect(await response.text()).toContain('<link rel="icon" href="https://cdn.example.test/brand/icon.png"');
    const imgSrc = (response.headers.get("content-security-policy") ?? "")
      .split("; ")
      .find((directive) => directive.startsWith("img-src"));
    expect(imgSrc).toBe("img-src 'self' data: blob: https://cdn.example.test");
  });
});

describe("what the server refuses", () => {
  it.each([
    ["a javascript: favicon", { faviconUrl: "javascript:alert(1)" }, SITE_SETTINGS_TEXTS.faviconInvalid],
    ["a data: favicon", { faviconUrl: "data:image/png;base64,iVBORw0KGgo=" }, SITE_SETTINGS_TEXTS.faviconInvalid],
    ["a protocol-relative favicon", { faviconUrl: "//evil.example/icon.png" }, SITE_SETTINGS_TEXTS.faviconInvalid],
    ["a favicon path with a backslash", { faviconUrl: "/\\evil.example/icon.png" }, SITE_SETTINGS_TEXTS.faviconInvalid],
    ["an ftp favicon", { faviconUrl: "ftp://example.test/icon.png" }, SITE_SETTINGS_TEXTS.faviconInvalid],
    [
      "a favicon host that would end the CSP",
      { faviconUrl: "https://a;script-src/x.png" },
      SITE_SETTINGS_TEXTS.faviconInvalid,
    ],
    ["a Universal Analytics id", { gaTrackingId: "UA-12345-1" }, SITE_SETTINGS_TEXTS.gaTrackingIdInvalid],
    ["a short GA4 id", { gaTrackingId: "G-123" }, SITE_SETTINGS_TEXTS.gaTrackingIdInvalid],
    ["a blank title", { siteTitle: "   " }, SITE_SETTINGS_TEXTS.titleRequired],
    [
      "a title that is too long",
      { siteTitle: "T".repeat(SITE_TITLE_MAX_LENGTH + 1) },
      SITE_SETTINGS_TEXTS.titleTooLong,
    ],
    [
      "a description that is too long",
      { metaDescription: "B".repeat(META_DESCRIPTION_MAX_LENGTH + 1) },
      SITE_SETTINGS_TEXTS.descriptionTooLong,
    ],
  ])("%s with 400 and a German message, and stores nothing", async (_name, change, message) => {
    const before = await load();
    const response = await put({ ...VALID, ...change, updatedAt: before.updatedAt });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message, code: "INVALID_INPUT" });
    expect(await load()).toEqual(before);
  });

  it("accepts the longest title and description", async () => {
    const saved = await save({
      siteTitle: "T".repeat(SITE_TITLE_MAX_LENGTH),
      metaDescription: "B".repeat(META_DESCRIPTION_MAX_LENGTH),
    });
    expect(saved.siteTitle).toHaveLength(SITE_TITLE_MAX_LENGTH);
  });

  it("refuses a save based on an older version with 409 and keeps the newer one", async () => {
    const loadedByBoth = await load();
    const first = await put({ ...VALID, siteTitle: "Erste Änderung", updatedAt: loadedByBoth.updatedAt });
    expect(first.status).toBe(200);
    const second = await put({ ...VALID, siteTitle: "Zweite Änderung", updatedAt: loadedByBoth.updatedAt });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({ error: ADMIN_MESSAGES.changedMeanwhile, code: "CHANGED_MEANWHILE" });
    expect((await load()).siteTitle).toBe("Erste Änderung");
  });
});

describe("the audit log", () => {
  it("records who changed the settings from what to what", async () => {
    await save({ siteTitle: "Vorher" });
    await save({ siteTitle: "Nachher", gaTrackingId: "G-AUDIT1234" });
    const { entry, adminId } = await newestAuditEntry(t, "site_settings.update", ADMIN_EMAIL);
    expect(entry).toMatchObject({
      adminId,
      targetId: "site_settings",
      before: { siteTitle: "Vorher", gaTrackingId: DEFAULT_SITE_SETTINGS.gaTrackingId },
      after: { siteTitle: "Nachher", gaTrackingId: "G-AUDIT1234", faviconUrl: "/icon.png" },
    });
  });

  it("has no entry for a refused save", async () => {
    const count = async () =>
      (await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, "site_settings"))).length;
    const before = await count();
    await put({ ...VALID, updatedAt: "2020-01-01T00:00:00.000Z" });
    expect(await count()).toBe(before);
  });
});

describe("a missing row", () => {
  it("is created with the spec's defaults when the admin opens the panel", async () => {
    await t.db.delete(siteSettings);
    expect(await load()).toMatchObject({ ...DEFAULT_SITE_SETTINGS });
    expect(await save({ siteTitle: "Wieder da" })).toMatchObject({ siteTitle: "Wieder da" });
  });
});
