import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieConsentHistory, cookieDefinitions } from "#server/db/schema/cookie-consent.ts";
import { siteSettings } from "#server/db/schema/site-settings.ts";
import { forgetCurrentSiteSettings } from "#server/features/site-settings/site-settings.service.ts";
import { PUBLIC_TOO_MANY_REQUESTS } from "#server/rate-limit.ts";
import { GOOGLE_ANALYTICS_CSP_SOURCES } from "#shared/analytics.ts";
import { CONSENT_ERRORS } from "#shared/consent.schemas.ts";
import { ACCEPTED_CONSENT_SETTINGS, CONSENT_VERSION, REJECTED_CONSENT_SETTINGS } from "#shared/consent.ts";
import { DEFAULT_SITE_SETTINGS } from "#shared/site-settings.ts";
import { createTestApp, readJson, type TestApp } from "../../../tests/setup/test-app.ts";
import { CONSENT_SAVE_RATE_LIMIT, recordConsent } from "./consent.service.ts";

// `t` sees no client address (app.request has no socket, TRUST_PROXY is off), `proxied`
// stands behind a trusted proxy and believes X-Forwarded-For.
let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  [t, proxied] = await Promise.all([createTestApp(), createTestApp({ env: { TRUST_PROXY: "1" } })]);
});
afterAll(() => Promise.all([t?.close(), proxied?.close()]));

type Visitor = { cookie?: string; ip?: string };

/** A valid choice through the typed client, from a visitor with a session (cookie) and an address (ip) or without. */
function choose(app: TestApp, visitorId: string, visitor: Visitor = {}, settings = ACCEPTED_CONSENT_SETTINGS) {
  const headers: Record<string, string> = visitor.ip ? { "x-forwarded-for": visitor.ip } : {};
  return app
    .api(visitor.cookie)
    .consent.$post({ json: { ...settings, version: CONSENT_VERSION, visitorId } }, { headers });
}
const recordedChoice = async (app: TestApp, visitorId: string, visitor: Visitor = {}) =>
  readJson(await choose(app, visitorId, visitor), 201);

/** Any body, for the choices the typed client would not send. */
function saveConsent(app: TestApp, body: Record<string, unknown>, init: Visitor = {}) {
  return app.request("/api/consent", {
    method: "POST",
    body: JSON.stringify({ ...ACCEPTED_CONSENT_SETTINGS, version: CONSENT_VERSION, ...body }),
    cookie: init.cookie,
    headers: init.ip ? { "x-forwarded-for": init.ip } : {},
  });
}

const readHistory = async (app: TestApp, visitorId: string, cookie?: string) =>
  readJson(await app.api(cookie).consent.history.$get({ query: { visitorId } }), 200);

describe("GET /api/consent/definitions", () => {
  it("lists the cookies Postwerk really sets, each with provider, purpose and duration", async () => {
    const definitions = await readJson(await t.api().consent.definitions.$get(), 200);
    const byName = new Map(definitions.map((definition) => [definition.name, definition]));
    expect(byName.get("postwerk.session_token")).toMatchObject({ category: "essential", duration: "7 Tage" });
    expect(byName.get("postwerk.signed_in")).toMatchObject({ category: "essential", duration: "7 Tage" });
    expect(byName.get("cookie-consent")).toMatchObject({ category: "essential", duration: "12 Monate" });
    expect(byName.get("cookie-consent-visitor-id")).toMatchObject({ category: "essential" });
    expect(byName.get("postwerk.state")).toMatchObject({ category: "authentication" });
    expect(byName.get("_ga")).toMatchObject({ category: "analytics", data_transfer_location: "USA" });
    expect(definitions.some((definition) => definition.category === "ai_services")).toBe(true);
    for (const definition of definitions) {
      expect(definition.provider && definition.purpose && definition.duration).toBeTruthy();
    }
  });

  it("orders the definitions by category ascending, comparing the category case-insensitively", async () => {
    await t.db.insert(cookieDefinitions).values([
      { name: "aaa-gross", provider: "Test", purpose: "Test", duration: "1 Tag", category: "ESSENTIAL" },
      { name: "zzz-gross", provider: "Test", purpose: "Test", duration: "1 Tag", category: "Ai_Services" },
    ]);
    const definitions = await readJson(await t.api().consent.definitions.$get(), 200);
    const categories = definitions.map((definition) => definition.category);
    expect(categories).toEqual([...categories].sort());
    expect(new Set(categories)).toEqual(new Set(["ai_services", "analytics", "authentication", "essential"]));
    expect(definitions.find((definition) => definition.name === "aaa-gross")?.category).toBe("essential");
    expect(definitions.find((definition) => definition.name === "zzz-gross")?.category).toBe("ai_services");
  });
});

describe("POST /api/consent", () => {
  it("records the choice with the address 'unknown' when neither a socket nor a trusted proxy gives one", async () => {
    const visitorId = crypto.randomUUID();
    await readJson(await choose(t, visitorId, { ip: "198.51.100.9" }, REJECTED_CONSENT_SETTINGS), 201);
    const [row] = await t.db.select().from(cookieConsentHistory).where(eq(cookieConsentHistory.visitorId, visitorId));
    expect(row).toMatchObject({
      ipAddress: "unknown",
      userId: null,
      essential: true,
      analytics: false,
      authentication: false,
      aiServices: false,
      version: 1,
    });
  });

  it("takes the address the trusted proxy appended to X-Forwarded-For, not the client's own entry", async () => {
    const visitorId = crypto.randomUUID();
    expect(await recordedChoice(proxied, visitorId, { ip: "198.18.0.1, 203.0.113.7" })).toMatchObject({
      ip_address: "203.0.113.7",
      analytics: true,
      ai_services: true,
    });
  });

  it("lets the choice expire 12 months after it was given (ADR 0010)", async () => {
    const entry = await recordedChoice(t, crypto.randomUUID());
    const expected = new Date(entry.created_at);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(entry.expires_at).toBe(expected.toISOString());
  });

  it("records the signed-in user's id with the choice", async () => {
    const cookie = await t.signUpAndConfirm("einwilligung@example.test");
    const entry = await recordedChoice(t, crypto.randomUUID(), { cookie });
    const [row] = await t.db.select().from(cookieConsentHistory).where(eq(cookieConsentHistory.id, entry.id));
    expect(row?.userId).toBeTruthy();
    expect(entry.user_id).toBe(row?.userId);
  });

  it.each([
    ["switches essential off", { essential: false }, CONSENT_ERRORS.essentialRequired],
    ["has version 2", { version: 2 }, CONSENT_ERRORS.unsupportedVersion],
    ["has a visitor id that is no UUID", { visitorId: "nicht-zufaellig" }, CONSENT_ERRORS.invalidVisitor],
    ["leaves a category out", { analytics: undefined }, CONSENT_ERRORS.unreadable],
  ])("refuses a choice that %s with a German 400", async (_case, override, message) => {
    const response = await saveConsent(t, { visitorId: crypto.randomUUID(), ...override });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message, code: "INVALID_INPUT" });
  });

  it("limits how often one address may save", async () => {
    const ip = "203.0.113.99";
    for (let saved = 0; saved < CONSENT_SAVE_RATE_LIMIT.max; saved += 1) {
      expect((await choose(proxied, crypto.randomUUID(), { ip })).status).toBe(201);
    }
    const refused = await choose(proxied, crypto.randomUUID(), { ip });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: PUBLIC_TOO_MANY_REQUESTS, code: "TOO_MANY_REQUESTS" });
    expect((await choose(proxied, crypto.randomUUID(), { ip: "203.0.113.100" })).status).toBe(201);
  });
});

describe("GET /api/consent/history", () => {
  const settings = ACCEPTED_CONSENT_SETTINGS;

  it("shows a visitor this browser's choices, newest first, and never another browser's", async () => {
    const browser = crypto.randomUUID();
    const otherBrowser = crypto.randomUUID();
    const record = (visitorId: string, at: string) =>
      recordConsent(t.db, { settings, version: 1, visitorId, userId: null, ipAddress: "unknown", now: new Date(at) });
    const older = await record(browser, "2026-01-01T10:00:00Z");
    const newer = await record(browser, "2026-03-01T10:00:00Z");
    await record(otherBrowser, "2026-02-01T10:00:00Z");

    const history = await readHistory(t, browser);
    expect(history.map((entry) => entry.id)).toEqual([newer.id, older.id]);
    expect((await readHistory(t, otherBrowser)).map((entry) => entry.id)).not.toContain(newer.id);
    expect(await readHistory(t, crypto.randomUUID())).toEqual([]);
  });

  it("shows a signed-in user their own choices and this browser's anonymous ones, never another account's", async () => {
    const anna = await t.signUpAndConfirm("anna-verlauf@example.test");
    const ben = await t.signUpAndConfirm("ben-verlauf@example.test");
    const sharedBrowser = crypto.randomUUID();
    const annasLaptop = crypto.randomUUID();

    const beforeSignIn = await recordedChoice(t, sharedBrowser);
    const annaShared = await recordedChoice(t, sharedBrowser, { cookie: anna });
    const annaLaptop = await recordedChoice(t, annasLaptop, { cookie: anna });
    const benShared = await recordedChoice(t, sharedBrowser, { cookie: ben });

    const annasView = (await readHistory(t, sharedBrowser, anna)).map((entry) => entry.id);
    expect(annasView.sort()).toEqual([beforeSignIn.id, annaShared.id, annaLaptop.id].sort());

    const bensView = (await readHistory(t, sharedBrowser, ben)).map((entry) => entry.id);
    expect(bensView.sort()).toEqual([beforeSignIn.id, benShared.id].sort());

    // Signed out on the shared browser: only what was saved there without an account.
    expect((await readHistory(t, sharedBrowser)).map((entry) => entry.id)).toEqual([beforeSignIn.id]);
  });

  it("refuses a visitor id that is no UUID", async () => {
    const response = await t.api().consent.history.$get({ query: { visitorId: "alle" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: CONSENT_ERRORS.invalidVisitor, code: "INVALID_INPUT" });
  });
});

describe("Content-Security-Policy for Google Analytics", () => {
  async function policyWith(gaTrackingId: string) {
    await t.db.update(siteSettings).set({ gaTrackingId });
    // Written past the app, as another server would: this one reads it after the TTL (ADR 0028).
    forgetCurrentSiteSettings(t.db);
    const response = await t.request("/");
    return response.headers.get("content-security-policy") ?? "";
  }

  function directive(policy: string, name: string) {
    return policy.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";
  }

  it.each([DEFAULT_SITE_SETTINGS.gaTrackingId, "UA-12345-1", "G-abc"])(
    "stays strict when the measurement id is %s",
    async (gaTrackingId) => {
      const policy = await policyWith(gaTrackingId);
      expect(policy).not.toContain("google");
      expect(directive(policy, "connect-src")).toBe("connect-src 'self'");
    },
  );

  it("allows exactly Google Analytics' hosts when a valid measurement id is configured", async () => {
    const policy = await policyWith("G-AB12CD34EF");
    expect(directive(policy, "script-src")).toContain(" https://www.googletagmanager.com");
    for (const host of GOOGLE_ANALYTICS_CSP_SOURCES.connect) expect(directive(policy, "connect-src")).toContain(host);
    for (const host of GOOGLE_ANALYTICS_CSP_SOURCES.img) expect(directive(policy, "img-src")).toContain(host);
    expect(directive(policy, "default-src")).toBe("default-src 'self'");
    await policyWith(DEFAULT_SITE_SETTINGS.gaTrackingId);
  });
});
